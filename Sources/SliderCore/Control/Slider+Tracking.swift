extension Slider {
    /// The geometry and thumb positions (as drawn, mid-animation included) a gesture is judged against.
    var trackingContext: TrackingEngine.Context {
        TrackingEngine.Context(layout: layout,
                               positions: (model.position(of: presentationValue(ofThumb: 0)),
                                           model.position(of: presentationValue(ofThumb: 1))),
                               thumbCount: model.thumbCount, configuration: tracking)
    }

    /// Both thumbs' values now (a single-thumb slider's upper value is its value).
    var currentValues: ThumbPair<Double> { ThumbPair(model.lowerValue, model.upperValue) }

    /// A press from `source` at `point` (surface points) at input time `time` (seconds). Returns true when
    /// the slider took the press; it then receives that source's motion until release or cancel.
    @discardableResult
    @_spi(Internals) public func beginTracking(_ source: TrackingSource, at point: Point, time: Double) -> Bool {
        guard isEnabled, point.x.isFinite, point.y.isFinite, time.isFinite else { return false }
        let update = engine.press(source, at: point, time: time, context: trackingContext)
        apply(update, time: time)
        return update.handled
    }

    /// Motion of a pressed `source`.
    @_spi(Internals) public func continueTracking(_ source: TrackingSource, at point: Point, time: Double) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        apply(engine.move(source, to: point, time: time, context: trackingContext), time: time)
    }

    /// Release of a pressed `source`.
    @_spi(Internals) public func endTracking(_ source: TrackingSource, time: Double) {
        apply(engine.release(source, time: time.isFinite ? time : 0, context: trackingContext), time: time)
    }

    /// Cancels the gestures whose source matches (wl_touch.cancel, Escape, a lost grab): the thumbs they
    /// moved return to their values when editing began and `onCancel` fires; `onEditingChanged(false)`
    /// follows when no other gesture is still editing.
    @_spi(Internals) public func cancelTracking(where matches: (TrackingSource) -> Bool) {
        let tracked = engine.cancel(where: matches)
        syncValuePopups()
        guard let cancellation = session.cancel(trackingGestures: tracked.begun, trackingThumbs: tracked.thumbs,
                                                includesKeyboard: matches(.keyboard), keyboardThumb: focusedThumb,
                                                thumbCount: model.thumbCount) else { return }
        let thumbs = cancellation.thumbs
        feedback.flush { emit(.step($0)) }
        // Two passes: the separation rule may hold one thumb back until the other has moved.
        for _ in 0..<2 {
            for thumb in 0..<model.thumbCount where thumbs & (1 << thumb) != 0 {
                _ = try? model.setValue(session.valuesAtBegin[thumb], ofThumb: thumb, snapped: false)
                animations[thumb] = nil
            }
        }
        if model.snapMode == .onRelease, model.grid != nil {
            // A thumb the other one blocked from its value at the start still ends its gesture on the grid.
            for thumb in 0..<model.thumbCount where thumbs & (1 << thumb) != 0 {
                _ = try? model.setValue(model.snappedValue(ofThumb: thumb), ofThumb: thumb, snapped: true)
            }
        }
        for thumb in 0..<model.thumbCount where thumbs & (1 << thumb) != 0 {
            let value = model.value(ofThumb: thumb)
            if session.take(value, ofThumb: thumb), isContinuous { emit(.valueChanged(thumb: thumb, value: value)) }
            feedback.sync(thumb: thumb, value: value)
        }
        emit(.cancelled)
        if cancellation.endsSession { emit(.editingChanged(false)) }
        setNeedsDisplay()
    }

    func apply(_ update: TrackingEngine.Update, time: Double) {
        if update.began { beginEditing(time: time) }
        if let position = update.position {
            userSetValue(model.value(atPosition: position), ofThumb: update.thumb, time: time)
        }
        if let rate = update.scrubbingRate { emit(.scrubbingRateChanged(rate)) }
        if update.ended, session.isEditing { endEditing(thumb: update.thumb, time: time, closesSession: session.end()) }
        syncValuePopups()
    }

    /// A pointer or touch gesture begins editing.
    func beginEditing(time: Double) {
        if session.begin(values: currentValues) { didOpenSession(time: time) }
    }

    /// The first gesture of a session began: step feedback starts from here, and editing is announced.
    func didOpenSession(time: Double) {
        for thumb in 0..<model.thumbCount { feedback.sync(thumb: thumb, value: model.value(ofThumb: thumb), time: time) }
        emit(.editingChanged(true))
        setNeedsDisplay()
    }

    /// A wheel notch or an accessibility action moves `thumb` to `target`: an adjustment, begun and ended
    /// within this call. On its own it reports its change at once; during a gesture it joins that gesture's
    /// session (a cancel undoes it too).
    func adjust(to target: Double, ofThumb thumb: Int, time: Double) {
        _ = session.beginAdjustment(values: currentValues)
        userSetValue(target, ofThumb: thumb, time: time)
        _ = session.endAdjustment()
    }

    /// A value change made by the user: constrained, fed to step feedback, reported per `isContinuous`.
    func userSetValue(_ newValue: Double, ofThumb thumb: Int, time: Double) {
        guard (try? model.setValue(newValue, ofThumb: thumb)) == true else { return }
        animations[thumb] = nil
        setNeedsDisplay()
        if session.decide(thumb: thumb, time: time, isContinuous: isContinuous, interval: valueChangeInterval) == .now {
            reportIfChanged(thumb)
        }
        feedback.update(thumb: thumb, value: model.value(ofThumb: thumb), time: time,
                        emitStep: { emit(.step($0)) }, emitLimit: { emit(.limit($0)) })
    }

    private func reportIfChanged(_ thumb: Int) {
        let value = model.value(ofThumb: thumb)
        if session.take(value, ofThumb: thumb) { emit(.valueChanged(thumb: thumb, value: value)) }
    }

    /// A gesture moving `thumb` ended; `closesSession` when it was the last one editing.
    func endEditing(thumb: Int, time: Double, closesSession: Bool) {
        if model.snapMode == .onRelease, model.grid != nil { snap(thumb: thumb, time: time) }
        if isContinuous {
            for t in 0..<model.thumbCount where session.isPending(thumb: t) { reportIfChanged(t) }
        }
        guard closesSession else { return }
        if !isContinuous {
            for t in 0..<model.thumbCount where session.isPending(thumb: t) { reportIfChanged(t) }
        }
        feedback.flush { emit(.step($0)) }
        emit(.editingChanged(false))
        setNeedsDisplay()
    }

    /// Puts `thumb` on the grid at the end of a gesture, easing there over 0.1 s.
    private func snap(thumb: Int, time: Double) {
        let shown = presentationValue(ofThumb: thumb)
        let target = model.snappedValue(ofThumb: thumb)
        guard target != model.value(ofThumb: thumb), (try? model.setValue(target, ofThumb: thumb, snapped: true)) == true else { return }
        animations[thumb] = reducesMotion ? nil : ValueAnimation(from: shown, to: target, start: clock.now,
                                                                 duration: ValueAnimation.snapDuration, curve: .easeOut)
        feedback.update(thumb: thumb, value: target, time: time, emitStep: { emit(.step($0)) }, emitLimit: { emit(.limit($0)) })
        session.markPending(thumb: thumb)
        setNeedsDisplay()
    }

    /// When merged step events waiting for the rate budget are due (input-clock seconds), nil when none wait:
    /// a host with no further input calls `emitDueStepEvents(at:)` then.
    package var nextStepEventTime: Double? { feedback.nextDueTime }

    /// Emits the merged step events that waited for the rate budget and are due at `time` (input clock).
    package func emitDueStepEvents(at time: Double) {
        feedback.flushIfDue(at: time) { emit(.step($0)) }
    }
}
