import Foundation
import PrivateCompositors
import SliderCore
import SliderRenderer
import Testing

/// The private GNOME Shell the tests start (`HeadlessGnome`), on Debian 13 (the matrix's GNOME).
@Suite(.enabled(if: CompositorKind.onThisRelease.contains(.gnome), "GNOME Shell is in the matrix on Debian 13, not 12")) struct HeadlessGnomeTests {
    /// A long press on the empty desktop opens the shell's background menu, which holds every pointer event
    /// until it closes; `closeMenus` closes it. Under load the touch that brings the touchscreen up at the
    /// shell's start became such a long press, and no window got the pointer after it.
    @Test func aMenuOpenedByALongPressOnTheDesktopIsClosed() throws {
        let gnome = try HeadlessGnome()
        let desktop = try gnome.screenshot()
        func showsMenu(_ shot: RGBAImage) -> Bool { shot.difference(from: desktop).maximum > 100 }
        func showsDesktop(_ shot: RGBAImage) -> Bool { shot.difference(from: desktop).maximum <= 2 }
        let center = Point(x: Double(gnome.outputPoints.width) / 2, y: Double(gnome.outputPoints.height) / 2)
        try gnome.touch(0, down: true, at: center)
        // A press longer than the shell's long press (500 ms): the time is what is tested.
        usleep(1_500_000)
        try gnome.touch(0, at: nil)
        #expect(showsMenu(try screenshot(until: showsMenu, timeout: 10) { try gnome.screenshot() }), "the background menu opened")
        gnome.closeMenus()
        #expect(showsDesktop(try screenshot(until: showsDesktop, timeout: 10) { try gnome.screenshot() }), "the desktop is shown as before the long press")
    }
}
