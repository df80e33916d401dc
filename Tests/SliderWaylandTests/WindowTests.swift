import CWaylandClient
import CWaylandProtocols
import Foundation
import PrivateCompositors
import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// Tier 3: a real window under a headless weston started by the test.
@Suite(.serialized) struct WindowTests {
    @Test func theFirstFrameIsPresentedAndMatchesAnOffscreenRender() throws {
        let weston = try HeadlessWeston()
        let panel = try Panel()
        let window = try SliderWindow(measuring: WindowConfiguration(title: "test", size: Panel.size), sliders: panel.sliders,
                                      background: Panel.background, socket: weston.socketPath)
        let input = try TestInput(window: window)
        #expect(window.isConfigured)
        #expect(try window.recorded.committedCount == 1)
        #expect(try window.recorded.presentedCount == 1)
        let shot = try input.screenshot()
        try Renders.save(shot, as: "window-first-frame")
        let expected = try panel.offscreenRender(scale: 1, renderer: window.renderer)
        let diff = shot.difference(from: expected)
        #expect(diff.maximum <= 2, "screenshot vs offscreen render: max difference \(diff.maximum), \(diff.pixelsOver) pixels over 2")
    }
}

@Suite(.serialized) struct WindowBehaviourTests {
    @Test func onAScale2OutputTheWindowDrawsAtTwiceThePixels() throws {
        let f = try WindowFixture(scale: 2)
        #expect(f.window.scale == .integer(2))
        #expect(f.window.pixelSize == (960, 400))
        try f.input.drag(from: f.panel.volume.layout.thumbCenter(atPosition: 0.25), to: f.panel.volume.layout.thumbCenter(atPosition: 0.6))
        #expect(abs(f.panel.volume.value - 0.6) < 0.01, "surface coordinates stay in points at scale 2: \(f.panel.volume.value)")
        let diff = try f.compareWithOffscreenRender("window-scale-2")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum), \(diff.pixelsOver) pixels over 2")
    }

    @Test func fullscreenResizesTheWindowToTheOutput() throws {
        let f = try WindowFixture()
        f.window.setFullscreen(true)
        let deadline = Date().addingTimeInterval(2)
        while !f.window.isFullscreen, Date() < deadline { try f.window.dispatch(timeout: 0.05) }
        try f.input.waitForPresentation()
        #expect(f.window.isFullscreen)
        #expect(f.window.size == Size(width: 1024, height: 768), "\(f.window.size)")
        #expect(f.window.pixelSize == (1024, 768))
        let shot = try f.input.screenshot()
        try Renders.save(shot, as: "window-fullscreen")
        // The sliders keep their frames; the new area is background.
        #expect(shot[1000, 700] == (0xF2, 0xF2, 0xF7, 0xFF))
        #expect(shot[Int(f.panel.volume.layout.thumbCenter(atPosition: 0.25).x), Int(f.panel.volume.layout.thumbCenter(atPosition: 0.25).y)].red == 0xFF)
    }

    @Test func nothingIsDrawnWhileNothingChanges() throws {
        let f = try WindowFixture()
        let before = try f.window.recorded.committedCount
        let end = Date().addingTimeInterval(0.5)
        while Date() < end { try f.window.dispatch(timeout: 0.05) }
        #expect(try f.window.recorded.committedCount == before)
        // Hovering moves nothing on screen: no frame either.
        try f.input.movePointer(to: Point(x: 10, y: 190))
        try f.input.movePointer(to: Point(x: 20, y: 190))
        #expect(try f.window.recorded.committedCount == before)
    }

    @Test func aValueSetByTheApplicationIsDrawnInTheNextFrame() throws {
        let f = try WindowFixture()
        try f.panel.temperature.setValue(27, animated: false)
        try f.input.waitForPresentation()
        let diff = try f.compareWithOffscreenRender("window-set-value")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum)")
    }

    @Test func theThemedCursorIsShownUnlessHidden() throws {
        let f = try WindowFixture(hidesCursor: false)
        try f.input.movePointer(to: Point(x: 440, y: 100))
        // Over a blank area the window draws nothing, so no presentation tells when weston has repainted
        // the cursor (the theme is loaded on this first enter): look until the arrow shows, for 10 s at most.
        let expected = try f.panel.offscreenRender(scale: 1, renderer: f.window.renderer)
        let deadline = Date().addingTimeInterval(10)
        var darkened = 0
        repeat {
            try f.window.dispatch(timeout: 0.02)
            let shot = try f.input.screenshot()
            darkened = 0
            for y in 100..<120 {
                for x in 440..<460 where Int(shot[x, y].red) + 60 < Int(expected[x, y].red) { darkened += 1 }
            }
            if darkened > 20 || Date() >= deadline { try Renders.save(shot, as: "window-cursor") }
        } while darkened <= 20 && Date() < deadline
        #expect(darkened > 20, "the arrow's dark pixels under the pointer: \(darkened)")
    }

    @Test func theCompositorDyingMidDragEndsTheLoopWithAnErrorWithinASecond() throws {
        let f = try WindowFixture()
        let volume = f.panel.volume
        try f.input.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
        try f.input.pressButton()
        try f.input.movePointer(to: volume.layout.thumbCenter(atPosition: 0.4))
        f.weston.kill()
        let start = Date()
        var caught: WaylandError?
        do {
            try f.window.run()
        } catch {
            caught = error
        }
        let elapsed = Date().timeIntervalSince(start)
        guard case .connectionLost = caught else {
            Issue.record("expected connectionLost, got \(String(describing: caught))")
            return
        }
        #expect(elapsed < 1, "noticed after \(elapsed) s")
        // Every later call reports the same error instead of touching the dead connection.
        #expect(throws: caught!) { try f.window.dispatch(timeout: 0) }
    }
}

@Suite struct ConnectionErrorTests {
    @Test func noCompositorAtTheSocketIsATypedError() {
        let socket = NSTemporaryDirectory() + "no-such-wayland-socket"
        #expect(throws: WaylandError.noDisplay(socket: socket, errno: 2)) {
            _ = try SliderWindow(sliders: [], socket: socket)
        }
    }

    @Test func theErrorsSayWhatToFix() {
        #expect(WaylandError.noDisplay(socket: "wayland-9", errno: 2).description.contains("wayland-9"))
        #expect(WaylandError.missingGlobal("xdg_wm_base", minimumVersion: 1).description.contains("xdg_wm_base"))
        #expect(WaylandError.connectionLost(errno: 104).description.contains("ECONNRESET"))
    }

    @Test func anInvalidWindowSizeIsRefusedBeforeAnythingIsCreated() throws {
        let weston = try HeadlessWeston()
        do {
            _ = try SliderWindow(WindowConfiguration(size: Size(width: .nan, height: 100)), sliders: [], socket: weston.socketPath)
            Issue.record("a NaN width was accepted")
        } catch {
            guard case .invalidSize(let width, 100) = error, width.isNaN else { Issue.record("wrong error \(error)"); return }
        }
        #expect(throws: WaylandError.invalidSize(width: 0, height: 100)) {
            _ = try SliderWindow(WindowConfiguration(size: Size(width: 0, height: 100)), sliders: [], socket: weston.socketPath)
        }
    }

    @Test func aMissingRequiredGlobalIsNamed() throws {
        let weston = try HeadlessWeston()
        let client = try WaylandClient(socket: weston.socketPath)
        #expect(throws: WaylandError.missingGlobal("wp_no_such_global_v1", minimumVersion: 1)) {
            _ = try client.globals.registry.bindRequired("wp_no_such_global_v1", interface: slider_wl_seat_interface(), minimum: 1, supported: 1)
        }
    }

    /// Seats and outputs kept past their client (a copy of the arrays) hold the display open until they go,
    /// so their proxies are released on an open display: an optimized build once released a copy of the seats
    /// after the connection had closed, and releasing the wl_pointer crashed.
    @Test func seatsAndOutputsKeptPastTheirClientReleaseOnAnOpenDisplay() throws {
        let weston = try HeadlessWeston()
        var client: WaylandClient? = try WaylandClient(socket: weston.socketPath)
        try client?.connection.roundtrip()
        var seats = client?.input.seats ?? []
        var outputs = client?.outputs.all ?? []
        #expect(seats.contains { $0.pointer != nil } && !outputs.isEmpty, "a seat with a pointer, and an output")
        weak var connection: WaylandConnection?
        connection = client?.connection
        client = nil
        #expect(connection != nil, "the seats and outputs hold the connection")
        seats.removeAll()
        #expect(connection != nil, "the outputs still hold it")
        outputs.removeAll()
        #expect(connection == nil, "it closes with the last of them")
    }

    @Test func aProtocolErrorNamesTheInterface() throws {
        let weston = try HeadlessWeston()
        let window = try SliderWindow(sliders: [], socket: weston.socketPath)
        // wl_surface.set_buffer_scale(0) is a protocol error (invalid_scale = 0).
        wl_surface_set_buffer_scale(window.frameLoop.role.surface.proxy, 0)
        #expect(throws: WaylandError.protocolError(interface: "wl_surface", code: 0)) {
            for _ in 0..<20 { try window.dispatch(timeout: 0.1) }
        }
    }
}
