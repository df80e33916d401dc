import CGLES2
import Foundation
import PrivateCompositors
import SliderCore
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// How frames reach weston: without a GPU, the CPU renderer drawing straight into wl_shm buffers of our own
/// by default (each buffer given only the damage it lacks); the EGL window surface, or GLES2 through wl_shm
/// (each buffer's missing damage read back), when asked. Every way, every frame of a drag shows exactly
/// what an offscreen render of the same sliders by the same renderer shows.
@Suite(.serialized) struct PresentationPathTests {
    @Test func withoutAGPUTheCPURendererPresentsThroughSharedMemoryByDefault() throws {
        let renderNodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).filter { $0.hasPrefix("renderD") }
        try #require(renderNodes.isEmpty, "this test runs where there is no GPU (the CI machines): \(renderNodes)")
        let f = try WindowFixture()
        #expect(f.window.presentationPath == .sharedMemory)
        #expect(f.window.renderer == .cpu)
        #expect(try f.window.recorded.presentationPath == .sharedMemory)
        #expect(try f.window.recorded.renderer == .cpu)
        #expect(!f.window.frameLoop.drawsThroughRetainedFramebuffer)
    }

    @Test(arguments: [(PresentationPath.eglWindow, RendererKind.gles), (.sharedMemory, .cpu), (.sharedMemory, .gles)])
    func everyFrameOfADragShowsExactlyOnEitherPath(_ path: PresentationPath, _ renderer: RendererKind) throws {
        let f = try WindowFixture(presentation: path, renderer: renderer)
        #expect(f.window.presentationPath == path && f.window.renderer == renderer)
        if path == .sharedMemory {
            #expect(f.window.frameLoop.drawsThroughRetainedFramebuffer == (renderer == .gles), "GLES2 reads back from a retained framebuffer")
        }
        let volume = f.panel.volume
        let pixels = f.window.pixelSize.width * f.window.pixelSize.height
        try f.input.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
        try f.input.pressButton()
        // Several frames in a row: the shared-memory path cycles through its buffers, each of them some
        // frames old, and must bring each up to date with the damage it missed.
        for i in 1...6 {
            try f.input.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25 + 0.1 * Double(i)))
            let frame = try #require(try f.window.recorded.frames.last)
            #expect(frame.redrawnPixels * 10 < pixels, "\(path), motion \(i): a thumb move redraws a small part (\(frame.redrawnPixels) of \(pixels))")
            let difference = try f.compareWithOffscreenRender("presentation-\(path.rawValue)-\(renderer)-\(i)")
            #expect(difference.maximum <= 2, "\(path), motion \(i): max difference \(difference.maximum)")
        }
        try f.input.releaseButton()
        // The pointer moves on to another slider after the release: one more partial frame.
        try f.input.movePointer(to: f.panel.temperature.layout.thumbCenter(atPosition: 0.6))
        let difference = try f.compareWithOffscreenRender("presentation-\(path.rawValue)-\(renderer)-hover")
        #expect(difference.maximum <= 2, "\(path): max difference \(difference.maximum)")
    }

    /// The deadline learns from each commit as it went out: an EGL swap commits at its end, after the
    /// renderer's work it flushes (llvmpipe rasterizes there), and the time taken before the swap put each
    /// commit that much earlier (a frame that missed for a slow swap taught a lead longer by the swap). On
    /// either path each presentation answer carries the commit time the observer was told when the commit
    /// returned: the statistics take an answer only for the frame committed at the very time its request
    /// carries, so a frame dated otherwise is never counted presented.
    @Test(arguments: [PresentationPath.eglWindow, .sharedMemory])
    func presentationFeedbackDatesEachCommitWhenItWentOut(_ path: PresentationPath) throws {
        let f = try WindowFixture(presentation: path)
        let statistics = try f.window.recorded
        statistics.reset()
        let volume = f.panel.volume
        try f.input.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
        try f.input.pressButton()
        for i in 1...6 { try f.input.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25 + 0.1 * Double(i))) }
        try f.input.releaseButton()
        let deadline = MonotonicTime.seconds() + 10
        while statistics.awaitsPresentation, MonotonicTime.seconds() < deadline { try f.window.dispatch(timeout: 0.05) }
        let presented = statistics.frames.filter { $0.presentTime != nil }
        #expect(statistics.committedCount >= 6 && statistics.presentedCount == statistics.committedCount,
                "\(path): \(statistics.presentedCount) of \(statistics.committedCount) frames counted presented")
        #expect(presented.count == statistics.presentedCount, "\(path): \(presented)")
    }
}

/// The EGL window surface takes a new size at once, also when the driver holds a back buffer: Mesa keeps
/// one it took since the last swap (a make-current after another context, a draw with nothing swapped
/// after it) at its size, and defers a resize until the next swap, so the frame drawn after the resize
/// would go out at the old size. The surface is then made anew on the same wl_egl_window. (Debian 12's
/// Mesa 22.3 holds one from the swap on: there every resize makes the surface anew.)
@Suite struct EGLWindowResizeTests {
    @Test func aResizeTakesEffectWithTheNextFrameEvenWhileABackBufferIsHeld() throws {
        let weston = try HeadlessWeston()
        let client = try WaylandClient(socket: weston.socketPath)
        let surface = try WaylandSurface(client: client, followsOutputs: false)
        let egl = try EGLWindowSurface(connection: client.connection, surface: surface.proxy, width: 100, height: 80)
        func drawAndSwap() throws {
            glClearColor(0.2, 0.4, 0.6, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try egl.swap(damage: PixelRect(x: 0, y: 0, width: egl.pixelWidth, height: egl.pixelHeight))
        }
        try egl.makeCurrent(width: 100, height: 80)
        try drawAndSwap()
        #expect(egl.surfaceSize == (100, 80))

        try egl.makeCurrent(width: 120, height: 90)
        #expect(egl.surfaceSize == (120, 90), "a resize after a swap: \(egl.surfaceSize)")
        try drawAndSwap()

        // A draw with no swap after it takes a back buffer at 120 x 90 and holds it.
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glFinish()
        let remade = egl.remadeSurfaces
        try egl.makeCurrent(width: 200, height: 150)
        #expect(egl.surfaceSize == (200, 150), "a resize while a back buffer is held: \(egl.surfaceSize)")
        #expect(egl.remadeSurfaces == remade + 1)
        try drawAndSwap()
        // The same size again changes nothing.
        try egl.makeCurrent(width: 200, height: 150)
        #expect(egl.surfaceSize == (200, 150) && egl.remadeSurfaces == remade + 1)
    }
}
