extension Slider {
    /// The arrow-key and wheel step, in values: the one set (`setKeyboardStep(_:)`), else the grid step on a
    /// stepped slider, else 1 % of the range (on a scale other than linear, the value 1 % of the track further).
    public var keyboardStep: Double { keyboardStepSetting ?? model.grid?.step ?? model.span / 100 }

    /// The Page Up / Page Down step, in values: the one set (`setPageStep(_:)`), else about 10 % of the range,
    /// a whole number of grid steps when stepped (on a scale other than linear, unless it snaps to its steps,
    /// Page Up moves 10 % of the track instead).
    public var pageStep: Double {
        if let pageStepSetting { return pageStepSetting }
        guard let step = model.grid?.step, step > 0 else { return model.span / 10 }
        return step * Swift.max(1, (model.span / 10 / step).rounded())
    }

    /// Sets the arrow-key and wheel step in values (Slint #4549: the arrow step was fixed); nil restores the
    /// automatic one. On a stepped slider that snaps, a step is taken as the nearest whole number of grid steps
    /// (at least one). Throws for a step that is not finite and above 0.
    public func setKeyboardStep(_ step: Double?) throws(SliderError) {
        keyboardStepSetting = try Self.checked(step, .keyboardStep)
    }

    /// Sets the Page Up / Page Down step in values; nil restores the automatic one. Taken as `setKeyboardStep`
    /// takes its step; throws for a step that is not finite and above 0.
    public func setPageStep(_ step: Double?) throws(SliderError) {
        pageStepSetting = try Self.checked(step, .pageStep)
    }

    private static func checked(_ step: Double?, _ parameter: SliderParameter) throws(SliderError) -> Double? {
        guard let step else { return nil }
        guard step.isFinite else { throw .nonFiniteValue(parameter) }
        guard step > 0 else { throw .invalidStep(parameter, step) }
        return step
    }

    /// The value `steps` arrow-key steps (or with `pages`, Page Up / Page Down steps) from `value`. On a grid
    /// that snaps, whole grid steps: the next grid value in that direction even when `value` is off the grid.
    /// On a scale other than linear with no step set, 1 % of the track per arrow step and 10 % per page.
    func value(_ value: Double, movedBy steps: Int, pages: Bool = false) -> Double {
        guard steps != 0 else { return value }
        let size = pages ? pageStep : keyboardStep
        if let grid = model.grid, model.snapMode != .never {
            return Self.value(value, movedBy: steps * Swift.max(1, Int((size / grid.step).rounded())), on: grid)
        }
        if (pages ? pageStepSetting : keyboardStepSetting) == nil, model.valueScale != .linear {
            return model.value(atPosition: model.position(of: value) + Double(steps) * (pages ? 0.1 : 0.01))
        }
        return value + Double(steps) * size
    }

    /// The grid value `n` grid steps from `value`: the next in that direction even when `value` is off the grid.
    static func value(_ value: Double, movedBy n: Int, on grid: DecimalGrid) -> Double {
        let k = grid.index(atOrBelow: value)
        let target = n > 0 || grid.value(at: k) == value ? k + n : k + n + 1
        return grid.value(at: Swift.max(0, target))
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
        case .page(let n): target = value(current, movedBy: n, pages: true)
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
