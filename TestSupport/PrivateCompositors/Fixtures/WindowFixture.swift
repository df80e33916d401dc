import Foundation
import FrameTiming
import SliderRenderer
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// A headless weston, the test panel in a window on it, and the test input bound on the window's
/// connection; events of every slider logged in order.
package final class WindowFixture {
    package let weston: HeadlessWeston
    package let panel: Panel
    package let window: SliderWindow
    package let input: TestInput
    package private(set) var events: [(slider: String, event: SliderEvent)] = []

    /// `hidesCursor` defaults to true so screenshots compare with offscreen renders (weston draws the
    /// pointer image over the window otherwise). weston composites with `westonRenderer`.
    package init(scale: Int = 1, hidesCursor: Bool = true, presentation: PresentationPath? = nil, renderer: RendererKind? = nil,
         haptics: HapticsConfiguration? = nil, westonRenderer: HeadlessWeston.Renderer = .pixman,
         configure: (Panel) throws -> Void = { _ in }) throws {
        weston = try HeadlessWeston(scale: scale, renderer: westonRenderer)
        panel = try Panel()
        try configure(panel)
        window = try SliderWindow(measuring: WindowConfiguration(title: "slider test", size: Panel.size, hidesCursor: hidesCursor, presentation: presentation,
                                                      renderer: renderer, haptics: haptics),
                                  sliders: panel.sliders,
                                  background: Panel.background, socket: weston.socketPath)
        input = try TestInput(window: window)
        for slider in panel.sliders {
            slider.onEvent = { [unowned self, unowned slider] event in events.append((slider.name, event)) }
        }
    }

    /// The times the window recorded for the input events `inject` caused, with the presentation clock read
    /// before it and after.
    package func recordedInputTimes(of inject: () throws -> Void) throws -> (before: Double, times: ArraySlice<Double>, after: Double) {
        let statistics = try window.recorded
        let count = statistics.inputEventTimes.count
        let before = window.frameLoop.client.globals.now
        try inject()
        let after = window.frameLoop.client.globals.now
        return (before, statistics.inputEventTimes[count...], after)
    }

    /// The events of one slider, in order.
    package func events(of slider: Slider) -> [SliderEvent] { events.filter { $0.slider == slider.name }.map(\.event) }

    /// The screenshot weston shows now against an offscreen render of the same sliders; saves both.
    package func compareWithOffscreenRender(_ name: String) throws -> (maximum: Int, pixelsOver: Int) {
        let shot = try input.screenshot()
        try Renders.save(shot, as: name)
        let expected = try panel.offscreenRender(scale: window.scale.factor, renderer: window.renderer)
        return shot.difference(from: expected)
    }
}

/// evdev key codes (linux/input-event-codes.h).
package enum Key {
    package static let tab: UInt32 = 15
    package static let home: UInt32 = 102
    package static let left: UInt32 = 105
    package static let right: UInt32 = 106
    package static let end: UInt32 = 107
}
