extension Slider {
    /// The geometry and thumb positions (as drawn, mid-animation included) a gesture is judged against.
    var trackingContext: TrackingEngine.Context {
        TrackingEngine.Context(layout: layout,
                               positions: (model.position(of: presentationValue(ofThumb: 0)),
                                           model.position(of: presentationValue(ofThumb: 1))),
                               thumbCount: model.thumbCount, configuration: tracking)
    }

    /// A press from `source` at `point` (surface points) at input time `time` (seconds). Returns true when
    /// the slider took the press; it then receives that source's motion until release or cancel.
    @discardableResult
    public func beginTracking(_ source: TrackingSource, at point: Point, time: Double) -> Bool {
        guard isEnabled, point.x.isFinite, point.y.isFinite, time.isFinite else { return false }
        let update = engine.press(source, at: point, time: time, context: trackingContext)
        apply(update, time: time)
        return update.handled
    }

    /// Motion of a pressed `source`.
    public func continueTracking(_ source: TrackingSource, at point: Point, time: Double) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        apply(engine.move(source, to: point, time: time, context: trackingContext), time: time)
    }

    /// Release of a pressed `source`.
    public func endTracking(_ source: TrackingSource, time: Double) {
        apply(engine.release(source, time: time.isFinite ? time : 0, context: trackingContext), time: time)
    }

    /// Cancels the gestures whose source matches (wl_touch.cancel, Escape, a lost grab): the thumbs they
    /// moved return to their values at the press and `onCancel` fires; `onEditingChanged(false)` follows when
    /// no other gesture is still editing.
    public func cancelTracking(where matches: (TrackingSource) -> Bool) {
        var (begun, thumbs) = engine.cancel(where: matches)
        syncValuePopups()
        if keyboardEditing && matches(.keyboard) {
            keyboardEditing = false
            begun += 1
            thumbs |= 1 << focusedThumb
        }
        guard begun > 0 else { return }
        editingCount = Swift.max(0, editingCount - begun)
        if editingCount == 0 { thumbs = model.isRange ? 0b11 : 0b01 }
        feedback.flush { emit(.step($0)) }
        let press = valuesAtPress
        // Two passes: the separation rule may hold one thumb back until the other has moved.
        for _ in 0..<2 {
            for thumb in 0..<model.thumbCount where thumbs & (1 << thumb) != 0 {
                _ = try? model.setValue(thumb == 0 ? press.0 : press.1, ofThumb: thumb, snapped: false)
                animations[thumb] = nil
            }
        }
        if model.snapMode == .onRelease, model.grid != nil {
            // A thumb the other one blocked from its press value still ends its gesture on the grid.
            for thumb in 0..<model.thumbCount where thumbs & (1 << thumb) != 0 {
                _ = try? model.setValue(model.snappedValue(ofThumb: thumb), ofThumb: thumb, snapped: true)
            }
        }
        for thumb in 0..<model.thumbCount where thumbs & (1 << thumb) != 0 {
            if valueReported[thumb] != model.value(ofThumb: thumb) {
                if isContinuous { emit(.valueChanged(thumb: thumb, value: model.value(ofThumb: thumb))) }
                valueReported[thumb] = model.value(ofThumb: thumb)
            }
            pendingValueThumbs &= ~(1 << thumb)
            feedback.sync(thumb: thumb, value: model.value(ofThumb: thumb), time: 0)
        }
        emit(.cancelled)
        if editingCount == 0 { emit(.editingChanged(false)) }
        setNeedsDisplay()
    }

    func apply(_ update: TrackingEngine.Update, time: Double) {
        if update.began { beginEditing(time: time) }
        if let position = update.position {
            userSetValue(model.value(atPosition: position), ofThumb: update.thumb, time: time)
        }
        if let rate = update.scrubbingRate { emit(.scrubbingRateChanged(rate)) }
        if update.ended { endEditing(thumb: update.thumb, time: time) }
        syncValuePopups()
    }

    func beginEditing(time: Double) {
        editingCount += 1
        guard editingCount == 1 else { return }
        valuesAtPress = (model.lowerValue, model.upperValue)
        valueReported = [model.lowerValue, model.upperValue]
        pendingValueThumbs = 0
        lastValueEventTime = -.infinity
        for thumb in 0..<model.thumbCount { feedback.sync(thumb: thumb, value: model.value(ofThumb: thumb), time: time) }
        emit(.editingChanged(true))
        setNeedsDisplay()
    }

    /// A value change made by the user: constrained, fed to step feedback, reported per `isContinuous`.
    func userSetValue(_ newValue: Double, ofThumb thumb: Int, time: Double) {
        guard (try? model.setValue(newValue, ofThumb: thumb)) == true else { return }
        animations[thumb] = nil
        setNeedsDisplay()
        reportValue(ofThumb: thumb, time: time)
        feedback.update(thumb: thumb, value: model.value(ofThumb: thumb), time: time,
                        emitStep: { emit(.step($0)) }, emitLimit: { emit(.limit($0)) })
    }

    /// Reports a changed value now, or marks it for the end of the gesture (`isContinuous == false`, or
    /// inside `valueChangeInterval`).
    func reportValue(ofThumb thumb: Int, time: Double) {
        guard editingCount > 0 else {
            // Outside a gesture (wheel, accessibility): every change is its own report.
            valueReported[thumb] = model.value(ofThumb: thumb)
            emit(.valueChanged(thumb: thumb, value: model.value(ofThumb: thumb)))
            return
        }
        if (!isContinuous || time - lastValueEventTime < valueChangeInterval) {
            pendingValueThumbs |= 1 << thumb
            return
        }
        lastValueEventTime = time
        reportNow(thumb)
    }

    private func reportNow(_ thumb: Int) {
        pendingValueThumbs &= ~(1 << thumb)
        let v = model.value(ofThumb: thumb)
        guard v != valueReported[thumb] else { return }
        valueReported[thumb] = v
        emit(.valueChanged(thumb: thumb, value: v))
    }

    func endEditing(thumb: Int, time: Double) {
        guard editingCount > 0 else { return }
        editingCount -= 1
        if model.snapMode == .onRelease, model.grid != nil { snap(thumb: thumb, time: time) }
        if isContinuous {
            for t in 0..<model.thumbCount where pendingValueThumbs & (1 << t) != 0 { reportNow(t) }
        }
        guard editingCount == 0 else { return }
        if !isContinuous {
            for t in 0..<model.thumbCount where pendingValueThumbs & (1 << t) != 0 { reportNow(t) }
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
        pendingValueThumbs |= 1 << thumb
        setNeedsDisplay()
    }

    /// When merged step events waiting for the rate budget are due (input-clock seconds), nil when none wait:
    /// a host with no further input should call `flushStepFeedback(at:)` then.
    public var nextStepFeedbackTime: Double? { feedback.nextDueTime }

    /// Emits merged step events that waited for the rate budget; call once per frame with the input clock.
    public func flushStepFeedback(at time: Double) {
        feedback.flushIfDue(at: time) { emit(.step($0)) }
    }
}
