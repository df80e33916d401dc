import Testing
@_spi(Internals) import WaylandSlider

extension SliderWindow {
    /// The window's frame statistics: the tests' windows measure their frames (`measuresFrames`).
    var recorded: FrameStatistics {
        get throws { try #require(statistics, "the window was made without measuresFrames") }
    }
}
