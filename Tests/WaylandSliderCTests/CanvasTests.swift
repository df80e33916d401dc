import CGLES2
import CWaylandSliderAPI
import SliderCore
@_spi(Internals) import SliderRenderer
import Testing
@_spi(Internals) import WaylandSlider

/// ws_canvas in a host's context (an offscreen one here): it draws the same pixels as the sliders rendered
/// on their own, leaves the host's GL state as it found it, and turns the host's input into callbacks.
@Suite(.serialized) struct CanvasTests {
    /// The slider callbacks seen, collected through the C callbacks' user data.
    final class Log {
        var lines: [String] = []
    }

    /// A stepped Material slider from 0 to 10 at 2 in the canvas's points.
    static func makeSlider(_ log: Log) throws -> OpaquePointer {
        var slider: OpaquePointer?
        #expect(ws_slider_create(false, &slider) == WS_OK)
        let s = try #require(slider)
        #expect(ws_slider_set_bounds(s, 0, 10) == WS_OK)
        #expect(ws_slider_set_step(s, 1) == WS_OK)
        #expect(ws_slider_set_value(s, 2) == WS_OK)
        #expect(ws_slider_set_style(s, WS_STYLE_MATERIAL_DARK) == WS_OK)
        #expect(ws_slider_set_frame(s, 10, 10, 300, 44) == WS_OK)
        let data = Unmanaged.passUnretained(log).toOpaque()
        #expect(ws_slider_set_value_changed_callback(s, onValue, data) == WS_OK)
        #expect(ws_slider_set_editing_callback(s, onEditing, data) == WS_OK)
        #expect(ws_slider_set_step_callback(s, onStep, data) == WS_OK)
        return s
    }

    /// The same slider through the Swift API, for the reference image.
    static func referenceSlider(value: Double) throws -> Slider {
        let slider = try Slider(value: value, in: 0...10, step: 1)
        slider.style = .material(.dark)
        slider.frame = Rect(x: 10, y: 10, width: 300, height: 44)
        return slider
    }

    @Test func aCanvasNeedsTheContextItWasMadeIn() throws {
        OffscreenTarget.releaseCurrentContext()
        var canvas: OpaquePointer?
        #expect(ws_canvas_create(&canvas) == WS_ERROR_RENDERER)
        #expect(String(cString: ws_last_error()) == "ws_canvas_create: no EGL context is current on this thread", "the function called, and why in words")
        let first = try OffscreenTarget(width: 64, height: 64)
        #expect(ws_canvas_create(&canvas) == WS_OK)
        defer { ws_canvas_destroy(canvas) }
        #expect(ws_canvas_draw(canvas, 0, 0, 0, 64, 64, 0) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_canvas_draw(canvas, 0, 0, 0, 0, 64, 1) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_canvas_draw(canvas, 0, 0, 0, 64, 64, .nan) == WS_ERROR_INVALID_ARGUMENT)
        let second = try OffscreenTarget(width: 64, height: 64)
        #expect(ws_canvas_draw(canvas, 0, 0, 0, 64, 64, 1) == WS_ERROR_RENDERER, "another context is current")
        #expect(String(cString: ws_last_error()) == "ws_canvas_draw: another EGL context is current than the one the renderer was made in")
        try first.makeCurrent()
        #expect(ws_canvas_draw(canvas, 0, 0, 0, 64, 64, 1) == WS_OK)
        _ = second
    }

    /// An offscreen context standing for the host's, a canvas made in it, and `makeSlider`'s slider on it.
    final class Fixture {
        let target: OffscreenTarget
        /// The target's framebuffer: where the host draws.
        let framebuffer: GLuint
        let log: Log
        let canvas: OpaquePointer
        let slider: OpaquePointer

        init(width: Int, height: Int) throws {
            target = try OffscreenTarget(width: width, height: height)
            var binding: GLint = 0
            glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &binding)
            framebuffer = GLuint(binding)
            var created: OpaquePointer?
            #expect(ws_canvas_create(&created) == WS_OK)
            canvas = try #require(created)
            let log = Log()
            self.log = log
            slider = try CanvasTests.makeSlider(log)
            #expect(ws_canvas_add_slider(canvas, slider) == WS_OK)
        }

        deinit {
            ws_slider_destroy(slider)
            ws_canvas_destroy(canvas)
        }
    }

    @Test func theCanvasDrawsOverTheHostsFramebufferAndPutsItsStateBack() throws {
        let size = (width: 400, height: 160)
        let f = try Fixture(width: size.width, height: size.height)
        let (target, framebuffer, canvas) = (f.target, f.framebuffer, f.canvas)
        // A label: its glyphs are uploaded to the atlas during the draw.
        #expect(ws_slider_set_label(f.slider, "Gain") == WS_OK)
        #expect(ws_canvas_needs_display(canvas))

        // The host's state: odd values everywhere the canvas draws, and an unrelated framebuffer bound.
        var hostFramebuffer: GLuint = 0, hostTexture: GLuint = 0, hostBuffer: GLuint = 0
        glGenFramebuffers(1, &hostFramebuffer)
        glGenTextures(1, &hostTexture)
        glGenBuffers(1, &hostBuffer)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), hostTexture)
        glActiveTexture(GLenum(GL_TEXTURE3))
        glBindTexture(GLenum(GL_TEXTURE_2D), hostTexture)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), hostBuffer)
        glVertexAttribPointer(2, 3, GLenum(GL_FLOAT), GLboolean(GL_TRUE), 24, UnsafeRawPointer(bitPattern: 8))
        glEnableVertexAttribArray(2)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glClearColor(0.2, 0.3, 0.4, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), hostFramebuffer)
        glViewport(1, 2, 3, 4)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_DEPTH_TEST))
        glBlendFunc(GLenum(GL_ZERO), GLenum(GL_SRC_COLOR))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8)
        let before = GLStateReading()

        // Into the target's framebuffer, the whole of it, at scale 1.25 (the sliders' frames are points).
        #expect(ws_canvas_draw(canvas, framebuffer, 0, 0, GLint(size.width), GLint(size.height), 1.25) == WS_OK,
                "\(String(cString: ws_last_error()))")
        #expect(GLStateReading() == before, "\(GLStateReading()) != \(before)")
        #expect(glGetError() == GLenum(GL_NO_ERROR))
        #expect(!ws_canvas_needs_display(canvas))

        // The host's clear colour stays beneath; the slider looks as it does rendered on its own.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        let drawn = try target.readPixels()
        let reference = try Self.referenceSlider(value: 2)
        reference.accessibilityLabel = "Gain"
        reference.showsLabel = true
        let expected = try OffscreenTarget.image(of: [reference], size: Size(width: 320, height: 128), scale: 1.25,
                                                 background: Color(red: 0.2, green: 0.3, blue: 0.4))
        let difference = drawn.difference(from: expected)
        #expect(difference.maximum <= 2, "max difference \(difference.maximum) over \(difference.pixelsOver) pixels")
    }

    @Test func hostInputMovesTheSliderWithCallbacksAndRedrawRequests() throws {
        let f = try Fixture(width: 320, height: 64)
        let (log, canvas, slider) = (f.log, f.canvas, f.slider)
        #expect(ws_canvas_set_redraw_callback(canvas, onRedraw, Unmanaged.passUnretained(log).toOpaque()) == WS_OK)
        #expect(ws_canvas_draw(canvas, f.framebuffer, 0, 0, 320, 64, 1) == WS_OK)
        log.lines.removeAll()

        // A finger on the thumb at 2 drags it to 5: three detents up, then lifted.
        let layout = try Self.referenceSlider(value: 2).layout
        let from = layout.thumbCenter(atPosition: 0.2), to = layout.thumbCenter(atPosition: 0.5)
        #expect(ws_canvas_touch_down(canvas, 1000, 0, from.x, from.y) == WS_OK)
        #expect(ws_canvas_touch_frame(canvas) == WS_OK)
        for i in 1...10 {
            let x = from.x + (to.x - from.x) * Double(i) / 10
            #expect(ws_canvas_touch_motion(canvas, 1000 + UInt32(i) * 16, 0, x, from.y) == WS_OK)
            #expect(ws_canvas_touch_frame(canvas) == WS_OK)
        }
        #expect(ws_canvas_touch_motion(canvas, 1200, 0, .infinity, from.y) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_canvas_touch_up(canvas, 1400, 0) == WS_OK)
        #expect(ws_canvas_touch_frame(canvas) == WS_OK)
        #expect(ws_slider_get_value(slider) == 5)
        let events = log.lines.filter { $0 != "redraw" }
        #expect(events.first == "began" && events.last == "ended", "\(events)")
        #expect(log.lines.filter { $0.hasPrefix("step 1 ") }.map { Int($0.split(separator: " ")[2])! }.reduce(0, +) == 3, "\(log.lines)")
        #expect(log.lines.contains("value 5.0"))
        #expect(log.lines.contains("redraw"))
        #expect(ws_canvas_needs_display(canvas))

        // Keys: Tab focuses the slider, Right moves it one step.
        #expect(ws_canvas_key(canvas, 2000, Keysym.tab, true) == WS_OK)
        #expect(ws_canvas_key(canvas, 2001, Keysym.tab, false) == WS_OK)
        #expect(ws_canvas_key(canvas, 2100, Keysym.right, true) == WS_OK)
        #expect(ws_canvas_key(canvas, 2101, Keysym.right, false) == WS_OK)
        #expect(ws_slider_get_value(slider) == 6)
        // The wheel: two notches.
        #expect(ws_canvas_pointer_enter(canvas, from.x, from.y) == WS_OK)
        #expect(ws_canvas_pointer_frame(canvas) == WS_OK)
        #expect(ws_canvas_pointer_wheel(canvas, 3000, false, 2000) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_canvas_pointer_wheel(canvas, 3000, false, -2) == WS_OK)
        #expect(ws_canvas_pointer_frame(canvas) == WS_OK)
        #expect(ws_slider_get_value(slider) != 6, "the wheel moved it")
    }
}

// The C callbacks: each appends what it saw to the `Log` its user data points at.
private func onValue(_ slider: OpaquePointer?, _ value: Double, _ data: UnsafeMutableRawPointer?) {
    Unmanaged<CanvasTests.Log>.fromOpaque(data!).takeUnretainedValue().lines.append("value \(value)")
}

private func onEditing(_ slider: OpaquePointer?, _ editing: Bool, _ data: UnsafeMutableRawPointer?) {
    Unmanaged<CanvasTests.Log>.fromOpaque(data!).takeUnretainedValue().lines.append(editing ? "began" : "ended")
}

private func onStep(_ slider: OpaquePointer?, _ step: UnsafePointer<ws_step_event>?, _ data: UnsafeMutableRawPointer?) {
    let s = step!.pointee
    Unmanaged<CanvasTests.Log>.fromOpaque(data!).takeUnretainedValue().lines.append("step \(s.direction) \(s.count)")
}

private func onRedraw(_ canvas: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    Unmanaged<CanvasTests.Log>.fromOpaque(data!).takeUnretainedValue().lines.append("redraw")
}

/// The GL state the canvas promises to put back, read with glGet.
struct GLStateReading: Equatable, CustomStringConvertible {
    var integers: [GLint] = []
    var enables: [GLboolean] = []
    var colorMask: [GLboolean] = [0, 0, 0, 0]

    init() {
        func integer(_ name: Int32) -> GLint {
            var value: GLint = 0
            glGetIntegerv(GLenum(name), &value)
            return value
        }
        var viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        integers = viewport + [GL_FRAMEBUFFER_BINDING, GL_CURRENT_PROGRAM, GL_ACTIVE_TEXTURE, GL_ARRAY_BUFFER_BINDING, GL_ELEMENT_ARRAY_BUFFER_BINDING,
                               GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA, GL_UNPACK_ALIGNMENT].map(integer)
        var active: GLint = 0
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        for unit in [GL_TEXTURE0, GL_TEXTURE3] {
            glActiveTexture(GLenum(unit))
            integers.append(integer(GL_TEXTURE_BINDING_2D))
        }
        glActiveTexture(GLenum(active))
        for location in GLuint(0)..<5 {
            for name in [GL_VERTEX_ATTRIB_ARRAY_ENABLED, GL_VERTEX_ATTRIB_ARRAY_SIZE, GL_VERTEX_ATTRIB_ARRAY_STRIDE, GL_VERTEX_ATTRIB_ARRAY_TYPE,
                         GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING] {
                var value: GLint = 0
                glGetVertexAttribiv(location, GLenum(name), &value)
                integers.append(value)
            }
            var pointer: UnsafeMutableRawPointer?
            glGetVertexAttribPointerv(location, GLenum(GL_VERTEX_ATTRIB_ARRAY_POINTER), &pointer)
            integers.append(GLint(truncatingIfNeeded: Int(bitPattern: pointer)))
        }
        enables = [GL_SCISSOR_TEST, GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE].map { glIsEnabled(GLenum($0)) }
        glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &colorMask)
    }

    var description: String { "integers \(integers), enables \(enables), mask \(colorMask)" }
}
