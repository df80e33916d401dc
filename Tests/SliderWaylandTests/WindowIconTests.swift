import Foundation
import PrivateCompositors
import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// A window's icon (`WindowConfiguration.icon`): where the compositor offers xdg_toplevel_icon_v1 (KWin 6) it
/// shows it in the window's title bar; an icon image that is not square is refused before anything is made.
@Suite(.serialized) struct WindowIconTests {
    /// A square of one colour no title bar has: magenta.
    static func magentaIcon(side: Int) -> RGBAImage {
        RGBAImage(width: side, height: side, pixels: [UInt8]((0..<side * side).flatMap { _ in [255, 0, 255, 255] }))!
    }

    /// Pixels of `shot` within 8 levels of magenta.
    static func magentaPixels(_ shot: RGBAImage) -> Int {
        var count = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot[x, y]
                if p.red >= 247 && p.green <= 8 && p.blue >= 247 { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: PresentationPath.both)
    func kwinShowsTheIconInTheTitleBar(_ path: PresentationPath) throws {
        let kwin = try HeadlessKWin()
        let panel = try Panel()
        let icon = WindowIcon(images: [16, 32, 48].map(Self.magentaIcon(side:)))
        let window = try SliderWindow(WindowConfiguration(title: "icon", size: Panel.size, hidesCursor: true, presentation: path, icon: icon),
                                      sliders: panel.sliders, background: Panel.background, socket: kwin.socketPath)
        let offered = window.client.globals.toplevelIconManager != nil
        #expect(offered == !HeadlessKWin.isKWin5, "xdg_toplevel_icon_manager_v1 offered: \(offered)")
        try window.waitUntilShown(timeout: 5)
        // KWin draws the title bar when it maps the window, maybe a frame after ours: look for 10 s at most.
        var magenta = 0
        let deadline = Date().addingTimeInterval(offered ? 10 : 0)
        repeat {
            try window.dispatch(timeout: 0.1)
            let shot = try kwin.screenshot()
            magenta = Self.magentaPixels(shot)
            if magenta > 0 || Date() >= deadline { try Renders.save(shot, as: "icon-kwin-\(path.rawValue)") }
        } while magenta == 0 && Date() < deadline
        if offered {
            #expect(magenta >= 100, "\(path): magenta pixels in KWin's output: \(magenta)")
        } else {
            #expect(magenta == 0, "\(path): KWin 5.27 shows no icon of ours: \(magenta)")
        }
    }

    /// A window's icon buffers go with it: `slider-lifetime-cycles` (a process of its own) opens and releases a
    /// window with a three-image icon on KWin 50 times; while each is open its three buffers are mapped, after
    /// its release none is, and descriptors and memory stay as in `WindowLifetimeTests`.
    @Test func anIconGoesWithItsWindow() throws {
        let kwin = try HeadlessKWin()
        let cycles = try ResourceCycles(jsonLines: ResourceCycles.run(ResourceCycles.lifetimeCyclesProgram, ["window", "50", "--socket", kwin.socketPath,
                                                                                   "--presentation", "shm", "--icon"]))
        #expect(cycles.count == 50 && cycles.unreleased.isEmpty, "\(cycles)")
        #expect(cycles.iconBuffers.open == (HeadlessKWin.isKWin5 ? 0 : 3), "\(cycles)")
        #expect(cycles.iconBuffers.afterRelease == 0, "\(cycles)")
        #expect(cycles.descriptors.last <= cycles.descriptors.first + 2, "\(cycles)")
        #expect(cycles.allocatedGrowthKiB <= WindowLifetimeTests.boundKiB, "\(cycles)")
    }

    @Test func anIconImageThatIsNotSquareIsRefused() throws {
        let weston = try HeadlessWeston()
        let image = RGBAImage(width: 16, height: 8)
        #expect(throws: WaylandError.invalidIcon(width: 16, height: 8)) {
            _ = try SliderWindow(WindowConfiguration(icon: WindowIcon(images: [image])), sliders: [], socket: weston.socketPath)
        }
        #expect(throws: WaylandError.invalidIcon(width: 2000, height: 2000)) {
            _ = try SliderWindow(WindowConfiguration(icon: WindowIcon(images: [RGBAImage(width: 2000, height: 2000)])), sliders: [],
                                 socket: weston.socketPath)
        }
    }
}
