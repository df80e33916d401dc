import Foundation
import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// Touch input injected into weston's seat reaches the sliders through wl_touch.
@Suite(.serialized) struct TouchInputTests {
    @Test func aCancelledTouchDragRestoresTheValue() throws {
        let f = try WindowFixture()
        let volume = f.panel.volume
        let start = volume.layout.thumbCenter(atPosition: 0.25)
        f.input.touchDown(1, at: start)
        try f.input.touchFrame()
        for i in 1...6 {
            f.input.touchMotion(1, to: Point(x: start.x + Double(i) * 20, y: start.y))
            try f.input.touchFrame()
        }
        #expect(volume.value > 0.4, "the drag moved the thumb: \(volume.value)")
        try f.input.touchCancel()
        #expect(volume.value == 0.25, "cancel restores the value: \(volume.value)")
        #expect(f.events(of: volume).contains(.cancelled))
        let diff = try f.compareWithOffscreenRender("touch-cancelled")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum)")
    }

    /// weston sends each touch event's time to the nanosecond (zwp_input_timestamps_v1), as for the pointer.
    @Test func aTouchIsTimedToTheNanosecondWhereTheCompositorSendsIt() throws {
        let f = try WindowFixture()
        let start = f.panel.volume.layout.thumbCenter(atPosition: 0.25)
        for i in 0..<8 {
            let (before, times, after) = try f.recordedInputTimes {
                if i == 0 { f.input.touchDown(1, at: start) } else { f.input.touchMotion(1, to: Point(x: start.x + Double(i) * 10, y: start.y)) }
                try f.input.touchFrame()
            }
            #expect(!times.isEmpty, "touch event \(i) was recorded")
            for time in times {
                #expect(time >= before && time <= after, "touch event \(i): recorded at \(time), injected after \(before), received by \(after)")
            }
        }
        f.input.touchUp(1)
        try f.input.touchFrame()
    }

    @Test func twoFingersMoveTheTwoThumbsOfARangeSlider() throws {
        let f = try WindowFixture()
        let range = f.panel.window
        let lower = range.layout.thumbCenter(atPosition: 0.25), upper = range.layout.thumbCenter(atPosition: 0.75)
        f.input.touchDown(1, at: lower)
        f.input.touchDown(2, at: upper)
        try f.input.touchFrame()
        for i in 1...5 {
            f.input.touchMotion(1, to: Point(x: lower.x - Double(i) * 10, y: lower.y))
            f.input.touchMotion(2, to: Point(x: upper.x + Double(i) * 10, y: upper.y))
            try f.input.touchFrame()
        }
        f.input.touchUp(1)
        f.input.touchUp(2)
        try f.input.touchFrame()
        let shift = range.layout.positionChange(forAlongDistance: 50)
        let lowerValue = range.model.value(ofThumb: 0), upperValue = range.model.value(ofThumb: 1)
        #expect(abs(lowerValue - range.model.value(atPosition: 0.25 - shift)) < 0.05, "lower thumb \(lowerValue)")
        #expect(abs(upperValue - range.model.value(atPosition: 0.75 + shift)) < 0.05, "upper thumb \(upperValue)")
        #expect(!range.isTracking)
        let diff = try f.compareWithOffscreenRender("touch-two-fingers")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum)")
    }

    /// A finger's id may come down again before the frame that ends its up: mutter 48 sends that frame only
    /// with the next touch. The second touch drags as the first did (it was dropped, as a point already down).
    @Test func aTouchWhoseLastUpHadNoFrameYetDragsAgain() throws {
        let f = try WindowFixture()
        let volume = f.panel.volume
        let start = volume.layout.thumbCenter(atPosition: 0.25)
        f.input.touchDown(1, at: start)
        try f.input.touchFrame()
        f.input.touchMotion(1, to: volume.layout.thumbCenter(atPosition: 0.5))
        try f.input.touchFrame()
        f.input.touchUp(1)
        try f.input.settle()
        #expect(!volume.isTracking && abs(volume.value - 0.5) < 0.01, "the first touch ended at its up: \(volume.value)")
        f.input.touchDown(1, at: volume.layout.thumbCenter(atPosition: 0.5))
        try f.input.touchFrame()
        f.input.touchMotion(1, to: volume.layout.thumbCenter(atPosition: 0.75))
        try f.input.touchFrame()
        f.input.touchUp(1)
        try f.input.touchFrame()
        #expect(!volume.isTracking && abs(volume.value - 0.75) < 0.01, "the second touch moved the thumb: \(volume.value)")
        let diff = try f.compareWithOffscreenRender("touch-again-before-frame")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum)")
    }

    /// wl_seat capabilities come and go: a touchscreen unplugged mid-drag cancels the drag (the value
    /// reverts), and plugged in again it works as before.
    @Test func touchCapabilityRemovedMidDragCancelsAndComesBack() throws {
        let f = try WindowFixture()
        let volume = f.panel.volume
        let seat = try #require(f.window.frameLoop.client.input.seats.first { $0.name == "slider-test" })
        #expect(seat.touch != nil)
        let start = volume.layout.thumbCenter(atPosition: 0.25)
        f.input.touchDown(1, at: start)
        f.input.touchMotion(1, to: Point(x: start.x + 80, y: start.y))
        try f.input.touchFrame()
        #expect(volume.value > 0.4)
        try f.input.setTouchPresent(false)
        #expect(seat.touch == nil, "the client dropped its wl_touch")
        #expect(volume.value == 0.25, "the drag was cancelled: \(volume.value)")
        #expect(f.events(of: volume).contains(.cancelled))
        try f.input.setTouchPresent(true)
        #expect(seat.touch != nil, "a new wl_touch when the capability is back")
        f.input.touchDown(2, at: start)
        f.input.touchMotion(2, to: Point(x: start.x + 40, y: start.y))
        try f.input.touchFrame()
        f.input.touchUp(2)
        try f.input.touchFrame()
        #expect(volume.value > 0.3 && !volume.isTracking, "touch works again: \(volume.value)")
    }
}
