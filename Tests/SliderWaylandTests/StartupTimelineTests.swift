import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// The steps `slider-demo bench` prints between exec and the first frame: every one recorded, in order,
/// each ending after the one before it: the window's own to its first configure, then the first frame drawn
/// and committed, as its frame statistics saw them.
@Suite struct StartupTimelineTests {
    @Test func everyStepToTheFirstFrameIsRecordedInOrder() throws {
        let f = try WindowFixture()
        try f.window.waitUntilShown(timeout: 10)
        let timeline = f.window.startupTimeline
        #expect(timeline.marks.map(\.step) == ["connected", "globals bound", "window created", "presenter ready", "renderer ready", "first configure"])
        let frames = try f.window.recorded.startupMarks
        #expect(frames.map(\.step) == ["first frame drawn", "first frame committed"])
        var previous = timeline.start
        for mark in timeline.marks + frames {
            #expect(mark.time >= previous, "\(mark.step) ends after the step before it")
            previous = mark.time
        }
        #expect(timeline.durations.map(\.step) == timeline.marks.map(\.step))
        #expect(timeline.time(of: "first frame drawn") == nil, "the frame loop's steps are its observer's")
        #expect(timeline.time(of: "first frame presented") == nil, "not a step of the window's own")
        let total = timeline.durations.reduce(0) { $0 + $1.seconds }
        #expect(abs(total - (timeline.marks.last!.time - timeline.start)) < 1e-9, "the durations add up to the window's start-up")
        // Later frames add nothing: the timeline ends at the first.
        try f.panel.volume.setValue(0.2, animated: false)
        try f.window.waitUntilShown(timeout: 10)
        let later = try f.window.recorded.startupMarks
        #expect(f.window.startupTimeline.marks.count == 6 && later == frames)
    }
}
