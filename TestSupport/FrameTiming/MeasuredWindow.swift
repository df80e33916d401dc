@_spi(Internals) import SliderCore
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

extension SliderWindow {
    /// A window whose frames a `FrameStatistics` of its own measures (`statistics`), as
    /// `init(_:sliders:background:socket:)` makes one.
    package convenience init(measuring configuration: WindowConfiguration, sliders: [Slider], background: Color = .white,
                             socket: String? = nil) throws(WaylandError) {
        try self.init(configuration, sliders: sliders, background: background, socket: socket, observer: FrameStatistics())
    }
}

extension SliderSurface {
    /// The statistics measuring the surface's frames, nil when it was made without.
    package var statistics: FrameStatistics? { frameLoop.observer as? FrameStatistics }
}

extension FrameStatistics {
    /// The start-up steps the statistics saw end, after the window's own (`SliderWindow.startupTimeline`): the
    /// first frame drawn and committed.
    package var startupMarks: [StartupTimeline.Mark] {
        [("first frame drawn", firstFrameDrawn), ("first frame committed", firstFrameCommitted)].compactMap { step, time in
            time.map { StartupTimeline.Mark(step: step, time: $0) }
        }
    }
}
