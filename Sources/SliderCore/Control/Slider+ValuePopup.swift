extension Slider {
    /// True when thumb `index`'s popup should show: the style enables it, and shows it always or a pointer or
    /// touch gesture that began on a thumb holds that thumb.
    package func wantsValuePopup(ofThumb index: Int) -> Bool {
        let popup = style.valuePopup
        return popup.isEnabled && (popup.isAlwaysShown || isEnabled && engine.holdsThumbPressedOnThumb(index))
    }

    /// How visible thumb `index`'s popup is now, 0...1, fading over the style's `fadeDuration` (at once with
    /// `reducesMotion`) from the moment the gesture began or ended. A query: a fade starts when the gesture
    /// changes (or at the next frame's `advanceAnimations()`), never when this is read.
    package func valuePopupOpacity(ofThumb index: Int) -> Double {
        let i = model.isRange ? Swift.min(Swift.max(index, 0), 1) : 0
        return popupFades[i].opacity(at: clock.now, duration: fadeDuration)
    }

    /// Starts a fade for each thumb whose popup should change (called as gestures begin, end and cancel, and
    /// before each frame).
    func syncValuePopups() {
        guard style.valuePopup.isEnabled || popupFades[0].isShown || popupFades[1].isShown else { return }
        let now = clock.now
        for i in 0..<model.thumbCount {
            let wanted = wantsValuePopup(ofThumb: i)
            guard wanted != popupFades[i].isShown else { continue }
            // A label shown always is there from the first frame, not faded in.
            let from = wanted && style.valuePopup.isAlwaysShown ? 1 : popupFades[i].opacity(at: now, duration: fadeDuration)
            popupFades[i] = PopupFade(isShown: wanted, from: from, start: now)
        }
    }

    /// True while a popup is fading in or out.
    var isFadingValuePopup: Bool {
        let now = clock.now
        return (0..<model.thumbCount).contains { popupFades[$0].isFading(at: now, duration: fadeDuration) }
    }

    private var fadeDuration: Double { reducesMotion ? 0 : Swift.max(style.valuePopup.fadeDuration, 0) }
}

/// One thumb's popup visibility: where a fade started, from which opacity, toward shown or hidden.
struct PopupFade: Equatable, Sendable {
    var isShown = false
    var from = 0.0
    var start = -Double.infinity

    func opacity(at time: Double, duration: Double) -> Double {
        let target = isShown ? 1.0 : 0.0
        guard duration > 0, time - start < duration else { return target }
        let t = Swift.max((time - start) / duration, 0)
        return from + (target - from) * t
    }

    func isFading(at time: Double, duration: Double) -> Bool {
        duration > 0 && time - start < duration && opacity(at: time, duration: duration) != (isShown ? 1 : 0)
    }
}
