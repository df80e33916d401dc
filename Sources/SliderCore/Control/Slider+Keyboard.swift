extension Slider {
    /// The arrow-key and wheel step: the grid step on a stepped slider, else 1 % of the range.
    public var keyboardStep: Double { model.grid?.step ?? model.span / 100 }

    /// The Page Up / Page Down step: about 10 % of the range, a whole number of grid steps when stepped.
    public var pageStep: Double {
        guard let step = model.grid?.step, step > 0 else { return model.span / 10 }
        return step * Swift.max(1, (model.span / 10 / step).rounded())
    }

    /// The value `steps` grid steps (or keyboard steps) from `value`: on a grid, the next grid value in that
    /// direction even when `value` is off the grid.
    func value(_ value: Double, movedBy steps: Int) -> Double {
        guard steps != 0 else { return value }
        if let grid = model.grid, model.snapMode != .never {
            let k = grid.index(atOrBelow: value)
            let onGrid = grid.value(at: k) == value
            let target = steps > 0 ? k + steps : (onGrid ? k + steps : k + steps + 1)
            return grid.value(at: Swift.max(0, target))
        }
        return value + Double(steps) * keyboardStep
    }

    /// A key from the keyboard focused on this slider. Returns true when the slider used it. Arrows, Page
    /// Up/Down, Home and End move the focused thumb and make a gesture that ends when the key is released
    /// (held keys repeat as `.repeated`); Escape cancels a gesture in progress.
    @discardableResult
    package func handleKey(_ keysym: UInt32, state: KeyState, modifiers: Modifiers = [], time: Double) -> Bool {
        guard isEnabled, time.isFinite else { return false }
        if state == .released {
            guard let closes = session.releaseKey(keysym) else { return false }
            endEditing(thumb: focusedThumb, time: time, closesSession: closes)
            return true
        }
        if keysym == Keysym.escape {
            guard isTracking else { return false }
            cancelTracking(where: { _ in true })
            return true
        }
        guard let command = KeyboardCommand(keysym: keysym, layout: layout) else { return false }
        if session.pressKey(keysym, values: currentValues) { didOpenSession(time: time) }
        let current = model.value(ofThumb: focusedThumb)
        let target: Double
        switch command {
        case .step(let n): target = value(current, movedBy: n)
        case .page(let n): target = model.grid == nil ? current + Double(n) * pageStep
                                                     : value(current, movedBy: n * Int((pageStep / keyboardStep).rounded()))
        case .toMinimum: target = model.minimumValue
        case .toMaximum: target = model.maximumValue
        }
        userSetValue(target, ofThumb: focusedThumb, time: time)
        return true
    }

    /// Wheel motion over the slider in notches (positive toward the maximum; fractions from high-resolution
    /// wheels accumulate). Each whole notch moves one `keyboardStep`. The router calls this only while the
    /// pointer hovers the slider; see `InputRouter` for the scroll-hijacking guard.
    package func scroll(notches: Double, time: Double) {
        guard isEnabled, notches.isFinite, time.isFinite else { return }
        wheelRemainder += notches
        let whole = Int(wheelRemainder.rounded(.towardZero))
        guard whole != 0 else { return }
        wheelRemainder -= Double(whole)
        let thumb = model.isRange ? focusedThumb : 0
        adjust(to: value(model.value(ofThumb: thumb), movedBy: whole), ofThumb: thumb, time: time)
    }
}
