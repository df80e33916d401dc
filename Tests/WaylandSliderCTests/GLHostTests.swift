import Foundation
import PrivateCompositors
import SliderCore
@_spi(Internals) import SliderRenderer
import Testing

/// Examples/gl-host: a C program that draws its own GL scene (a clear colour, a band before the sliders and
/// one after them with the same program and buffers set up once) with a WaylandSlider canvas drawn into the
/// window's framebuffer between the two, input passed from its own wl_pointer and wl_touch listeners.
@Suite(.serialized) struct GLHostTests {
    static let size = (width: 480, height: 240)
    static let background = Color(hex: 0x1B2B34), topBand = Color(hex: 0xEC5F67), bottomBand = Color(hex: 0x99C794)
    /// The canvas's place in the window, in points.
    static let canvas = Rect(x: 24, y: 64, width: 432, height: 128)

    static func volume(_ value: Double) throws -> Slider {
        let slider = try Slider(value: value, in: 0...1)
        slider.frame = Rect(x: 8, y: 14, width: 416, height: 44)
        slider.style = .iOS(.light)
        return slider
    }

    static func steps(_ value: Double) throws -> Slider {
        let slider = try Slider(value: value, in: 0...1, step: 0.1)
        slider.frame = Rect(x: 8, y: 74, width: 416, height: 44)
        slider.style = .material(.light)
        return slider
    }

    /// The host's scene as it should look: background, the two 32-point bands, and the sliders rendered
    /// offscreen at the canvas's size over the background, placed where the canvas is drawn.
    static func expected(volume: Double, steps: Double) throws -> RGBAImage {
        var image = RGBAImage.filled(width: size.width, height: size.height, with: background)
        image = image.pasting(.filled(width: size.width, height: 32, with: topBand), atX: 0, y: 0)
        image = image.pasting(.filled(width: size.width, height: 32, with: bottomBand), atX: 0, y: size.height - 32)
        let sliders = [try self.volume(volume), try self.steps(steps)]
        let rendered = try OffscreenTarget.image(of: sliders, size: canvas.size, scale: 1, background: background)
        return image.pasting(rendered, atX: Int(canvas.minX), y: Int(canvas.minY))
    }

    @Test func slidersDrawnIntoTheHostsSceneTakeItsInputAndLeaveItsGLStateAlone() throws {
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        let host = try PipedProcess(try CExamples.binaries().appendingPathComponent("gl-host"), on: weston)
        let input = try InjectedInput(globalOn: weston)
        // Both bands show: the canvas put back the program, buffer and attribute the host set up once.
        try expectScreen(input, equals: try Self.expected(volume: 0.25, steps: 0.5), "gl-host")

        // A finger drags the volume thumb 100 points right; the host passes the touches on in canvas points.
        let volume = try Self.volume(0.25)
        let thumb = volume.layout.thumbCenter(atPosition: 0.25)
        let from = Point(x: Self.canvas.minX + thumb.x, y: Self.canvas.minY + thumb.y)
        try input.dragFinger(from: from, steps: 5)
        try host.waitFor { $0.contains("editing volume ended") }
        let dragged = try #require(host.lines.lastValue(of: "volume"))
        let expectedValue = 0.25 + volume.layout.positionChange(forAlongDistance: 100)
        #expect(abs(dragged - expectedValue) < 0.05, "volume \(dragged), expected about \(expectedValue)")
        // The host's formatter (ws_slider_set_formatter) writes the value text it prints when editing ends.
        #expect(host.lines.contains("text volume \(Int((dragged * 100).rounded())) %"), "\(host.lines)")
        try expectScreen(input, equals: try Self.expected(volume: dragged, steps: 0.5), "gl-host-dragged")

        // The pointer presses the steps track at 0.2: the thumb jumps there, crossing three detents down.
        let steps = try Self.steps(0.5)
        let target = steps.layout.thumbCenter(atPosition: 0.2)
        input.movePointer(to: Point(x: Self.canvas.minX + target.x, y: Self.canvas.minY + target.y))
        input.button(true)
        input.button(false)
        try input.roundtrip()
        try host.waitFor { $0.contains("editing steps ended") }
        let detents = host.lines.steps(of: "steps")
        #expect(!detents.isEmpty && detents.allSatisfy { $0.direction == -1 }, "\(detents)")
        #expect(detents.map(\.count).reduce(0, +) == 3, "\(detents)")
        #expect(host.lines.lastValue(of: "steps").map { abs($0 - 0.2) < 1e-9 } == true, "\(host.lines.suffix(5))")

        let status = host.finish()
        #expect(status == 0, "\(host.lines.suffix(10))")
        // A GL host redraws its whole scene for each change: at least the first frame and one per change.
        #expect((host.lines.count(after: "host-frames") ?? 0) >= 3, "\(host.lines.suffix(3))")
    }
}
