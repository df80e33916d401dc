import FrameTiming
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

extension SliderWindow {
    /// The window's frame statistics: the tests' windows measure their frames (`init(measuring:...)`).
    package var recorded: FrameStatistics {
        get throws {
            guard let statistics else { throw FixtureError(description: "the window was made without frame statistics") }
            return statistics
        }
    }
}

/// A fixture that cannot give what a test asked of it.
package struct FixtureError: Error, CustomStringConvertible {
    package let description: String
    package init(description: String) { self.description = description }
}
