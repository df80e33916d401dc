import Foundation
import HeadlessWeston
import SliderCore
import SliderRenderer
import SliderWayland
import Testing

/// The private GNOME Shell the tests start (`HeadlessGnome`), on Debian 13 (the matrix's GNOME).
@Suite(.enabled(if: CompositorKind.onThisRelease.contains(.gnome), "GNOME Shell is in the matrix on Debian 13, not 12")) struct HeadlessGnomeTests {
    /// A long press on the empty desktop opens the shell's background menu, which holds every pointer event
    /// until it closes; `closeMenus` closes it. Under load the touch that brings the touchscreen up at the
    /// shell's start became such a long press, and no window got the pointer after it.
    @Test func aMenuOpenedByALongPressOnTheDesktopIsClosed() throws {
        let gnome = try HeadlessGnome()
        let desktop = try gnome.screenshot()
        /// Screenshots until `done` holds for one (up to 10 s); whether it did.
        func shows(_ done: (RGBAImage) -> Bool) throws -> Bool {
            let deadline = MonotonicTime.seconds() + 10
            repeat {
                if done(try gnome.screenshot()) { return true }
                usleep(50_000)
            } while MonotonicTime.seconds() < deadline
            return false
        }
        let center = Point(x: Double(gnome.outputPoints.width) / 2, y: Double(gnome.outputPoints.height) / 2)
        try gnome.touch(0, down: true, at: center)
        // A press longer than the shell's long press (500 ms): the time is what is tested.
        usleep(1_500_000)
        try gnome.touch(0, at: nil)
        let opened = try shows { $0.difference(from: desktop).maximum > 100 }
        #expect(opened, "the background menu opened")
        gnome.closeMenus()
        let closed = try shows { $0.difference(from: desktop).maximum <= 2 }
        #expect(closed, "the desktop is shown as before the long press")
    }
}
