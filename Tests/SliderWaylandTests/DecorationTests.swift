import Foundation
import PrivateCompositors
import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// weston 10 offers no xdg-decoration, so a window there has a title bar only if it draws one: libdecor's
/// (its cairo plugin), on subsurfaces around the content, as SDL and GLFW do. Kiosks (fullscreen) and
/// windows that ask for none stay undecorated. Each on both presentation paths.
@Suite(.serialized) struct DecorationTests {
    /// weston's desktop background in the test configuration (HeadlessWeston: 0xff20262e).
    static let desktop = (red: UInt8(0x20), green: UInt8(0x26), blue: UInt8(0x2e))

    /// The 24 pt above the window's content: libdecor's title bar, or the desktop.
    static let titleBarArea = Rect(x: 0, y: -24, width: Panel.size.width, height: 24)

    struct Fixture {
        let weston: HeadlessWeston
        let panel: Panel
        let window: SliderWindow
        let input: InjectedInput

        init(_ configuration: WindowConfiguration) throws {
            weston = try HeadlessWeston()
            panel = try Panel()
            window = try SliderWindow(configuration, sliders: panel.sliders, background: Panel.background, socket: weston.socketPath)
            guard try window.waitUntilShown(timeout: 5) else { throw MatrixError(description: "the window was not shown") }
            input = try InjectedInput(surface: window.frameLoop)
        }

        /// Captures `area` until `condition` holds for the capture (libdecor's plugin commits its decorations
        /// on its own, and weston's desktop shell paints the background on its own: neither is a frame of
        /// ours to wait for), dispatching the window in between; the last capture after 3 s otherwise.
        func capture(_ area: Rect, until condition: (RGBAImage) -> Bool) throws -> RGBAImage {
            let deadline = Date().addingTimeInterval(3)
            var image = try input.capture(area: area, scale: 1)
            while !condition(image), Date() < deadline {
                try window.dispatch(timeout: 0.05)
                image = try input.capture(area: area, scale: 1)
            }
            return image
        }

        /// The share of pixels in `image` that show weston's desktop.
        func desktopShare(of image: RGBAImage) -> Double {
            var desktop = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    if p.red == DecorationTests.desktop.red && p.green == DecorationTests.desktop.green && p.blue == DecorationTests.desktop.blue { desktop += 1 }
                }
            }
            return Double(desktop) / Double(image.width * image.height)
        }
    }

    static func configuration(_ path: PresentationPath, isFullscreen: Bool = false, isDecorated: Bool = true) -> WindowConfiguration {
        WindowConfiguration(title: "decorated", size: Panel.size, isFullscreen: isFullscreen, hidesCursor: true, isDecorated: isDecorated,
                            presentation: path)
    }

    @Test(arguments: PresentationPath.both)
    func libdecorDrawsATitleBarAndTheSlidersStayWhereTheyWere(_ path: PresentationPath) throws {
        let f = try Fixture(DecorationTests.configuration(path))
        #expect(f.window.presentationPath == path)
        #expect((f.window.frameLoop.role as? Toplevel)?.libdecorFrame != nil, "libdecor decorates the window")
        // The bar is one colour; the title and the buttons, antialiased, are many more.
        func colours(_ image: RGBAImage) -> Int {
            var colours = Set<UInt32>()
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    colours.insert(UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue))
                }
            }
            return colours.count
        }
        let titleBar = try f.capture(DecorationTests.titleBarArea) { f.desktopShare(of: $0) < 0.05 && colours($0) > 20 }
        try Renders.save(titleBar, as: "decoration-title-bar-\(path.rawValue)")
        #expect(f.desktopShare(of: titleBar) < 0.05, "a title bar covers the desktop above the content: \(f.desktopShare(of: titleBar))")
        #expect(colours(titleBar) > 20, "the title and the buttons are drawn on it: \(colours(titleBar)) colours")
        let content = try f.weston.screenshot(showing: f.window.frameLoop)
        let difference = content.difference(from: try f.panel.offscreenRender(scale: 1, renderer: f.window.renderer))
        #expect(difference.maximum <= 2, "\(path): the sliders are where they were in surface points: max difference \(difference.maximum)")
    }

    @Test(arguments: PresentationPath.both)
    func aClickOnTheCloseButtonEndsRun(_ path: PresentationPath) throws {
        let f = try Fixture(DecorationTests.configuration(path))
        var closeRequests = 0
        f.window.onCloseRequested = { closeRequests += 1 }
        // libdecor-cairo's buttons sit at the title bar's right end: minimize, maximize, close.
        f.input.movePointer(to: Point(x: Panel.size.width - 16, y: -12))
        f.input.button(true)
        f.input.button(false)
        try f.input.roundtrip()
        let deadline = Date().addingTimeInterval(3)
        while !f.window.isCloseRequested, Date() < deadline { try f.window.dispatch(timeout: 0.05) }
        #expect(f.window.isCloseRequested, "the close button asked the window to close")
        // run() returns at once for a window asked to close, after telling onCloseRequested.
        if f.window.isCloseRequested { try f.window.run() }
        #expect(closeRequests == 1, "onCloseRequested called \(closeRequests) times")
    }

    @Test(arguments: [(true, true), (false, false)], PresentationPath.both)
    func kiosksAndWindowsThatAskForNoneStayUndecorated(_ window: (isFullscreen: Bool, isDecorated: Bool), _ path: PresentationPath) throws {
        let (isFullscreen, isDecorated) = window
        let f = try Fixture(DecorationTests.configuration(path, isFullscreen: isFullscreen, isDecorated: isDecorated))
        // A window created fullscreen draws its sliders on a subsurface of its toplevel (`CoveredArea`).
        let role = f.window.frameLoop.role
        let toplevel = try #require(role as? Toplevel ?? (role as? CoveredArea)?.window as? Toplevel, "\(type(of: role))")
        #expect(toplevel.libdecorFrame == nil)
        if !isFullscreen {
            let above = try f.capture(DecorationTests.titleBarArea) { f.desktopShare(of: $0) == 1 }
            #expect(f.desktopShare(of: above) == 1, "only the desktop above the window, no title bar")
        }
    }
}
