import SliderDBus
import SliderCore

/// What the bridge publishes and drives: a window's title and sliders, which slider has keyboard focus.
/// `SliderWindow` is one.
package protocol AccessibilityHost: AnyObject {
    /// The window's title (the frame's accessible name).
    var accessibleTitle: String { get }
    /// The window's size in surface points (the frame's extents).
    var accessibleSize: Size { get }
    /// The sliders, in the order they are published (the window's children).
    var accessibleSliders: [Slider] { get }
    /// The slider with keyboard focus, nil when none.
    var accessibleFocus: Slider? { get }
    /// True while the window has keyboard focus (the frame is active).
    var isAccessibleWindowActive: Bool { get }
    /// Gives `slider` keyboard focus, as Tab would, and draws its focus ring (Component.GrabFocus).
    func grabAccessibleFocus(_ slider: Slider)
}
