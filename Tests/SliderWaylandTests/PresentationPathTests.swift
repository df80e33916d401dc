import Foundation
import Testing
@testable import SliderWayland
import WaylandSlider

/// How frames reach weston: on llvmpipe, wl_shm buffers of our own by default (only each buffer's missing
/// damage read back, committed with the frame's exact damage); the EGL window surface when asked. Either
/// way every frame of a drag shows exactly what an offscreen render of the same sliders shows.
@Suite(.serialized) struct PresentationPathTests {
    @Test func softwareRenderingPresentsThroughSharedMemoryByDefault() throws {
        let f = try WindowFixture()
        #expect(f.window.presentationPath == .sharedMemory)
        #expect(try f.window.recorded.presentationPath == .sharedMemory)
        #expect(f.window.frameLoop.drawsThroughRetainedFramebuffer)
    }

    @Test(arguments: [PresentationPath.eglWindow, .sharedMemory])
    func everyFrameOfADragShowsExactlyOnEitherPath(_ path: PresentationPath) throws {
        let f = try WindowFixture(presentation: path)
        #expect(f.window.presentationPath == path)
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
            let difference = try f.compareWithOffscreenRender("presentation-\(path.rawValue)-\(i)")
            #expect(difference.maximum <= 2, "\(path), motion \(i): max difference \(difference.maximum)")
        }
        try f.input.releaseButton()
        // The pointer moves on to another slider after the release: one more partial frame.
        try f.input.movePointer(to: f.panel.temperature.layout.thumbCenter(atPosition: 0.6))
        let difference = try f.compareWithOffscreenRender("presentation-\(path.rawValue)-hover")
        #expect(difference.maximum <= 2, "\(path): max difference \(difference.maximum)")
    }
}
