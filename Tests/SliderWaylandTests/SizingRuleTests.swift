import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// One sizing rule on both presentation paths: a frame is drawn at the size and scale the surface has when
/// it is drawn, after the sliders were laid out for that size. The first frame is covered by the matrix
/// (cage's 0 x 0 configure, sway's tiled size that differs from the one asked for, landscape and portrait);
/// here each compositor changes a mapped window's size or scale the way it can while it runs, in the middle
/// of a drag: weston 10 fits a window that asks for fullscreen to its output (its desktop shell does not
/// refit windows when an output turns), sway turns or rescales its output (IPC), KWin turns or rescales its
/// output (its output management, as kscreen-doctor does), and cage's output, a window in a private sway, is
/// turned there. Every frame shown equals the offscreen render at the window's size and scale, and back.
///
/// The drag: where the compositor keeps the pointer on the window through the change, it goes on from the
/// value it had, and motion is measured in the new layout. sway 1.7 sends wl_pointer.leave when an output
/// changes, even with a button held, and sends no motion until the button is released: the pointer was
/// taken, so the drag is cancelled and the value goes back to the one at the press (REFERENCE.md).
@Suite(.serialized) struct SizingRuleTests {
    enum Change: CustomStringConvertible, Sendable {
        case fullscreen, portrait, scale(Double)
        var description: String {
            switch self {
            case .fullscreen: "made fullscreen"
            case .portrait: "turned to portrait"
            case .scale(let scale): "scale \(scale)"
            }
        }
    }

    /// KWin 6's output (X11-windowed, see HeadlessKWin) cannot be turned.
    static let changes: [(CompositorKind, Change)] = [
        (.weston, .fullscreen), (.sway, .portrait), (.cage, .portrait), (.sway, .scale(2)), (.kwin, .scale(1.5)),
    ] + (HeadlessKWin.canTurnOutput ? [(.kwin, .portrait)] : [])

    /// Whether the compositor keeps sending the window a held pointer's motion through the change.
    static func keepsThePointer(_ kind: CompositorKind) -> Bool { kind != .sway }

    /// Whether the test drags through the change: a `.sized` cage's host sway takes the pointer when it
    /// turns cage's window and never tells cage, so cage's pointer stays held with no release to come; the
    /// turn is tested there with the button up.
    static func dragsThroughTheChange(_ kind: CompositorKind) -> Bool { kind != .cage }

    @Test(arguments: changes, PresentationPath.both)
    func aChangeDuringADragKeepsTheValueAndEveryFrameFillsTheWindow(_ setting: (kind: CompositorKind, change: Change), _ path: PresentationPath) throws {
        let (kind, change) = setting
        // sway tiles the window, KWin's matrix window is fullscreen, and cage's fills its output, here a
        // 1280 x 720 window of a sway.
        let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720))
        let name = "\(kind), \(path), \(change)"
        let panel = m.panel
        m.window.onSizeChanged = { panel.layout(in: $0) }
        panel.layout(in: m.window.size)
        m.window.setNeedsDisplay()
        try m.settle()
        try expectShown(m, "\(name), before")
        let volume = panel.volume
        var pointer = volume.layout.thumbCenter(atPosition: 0.4)
        let drags = Self.dragsThroughTheChange(kind)
        if drags {
            try m.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
            try m.button(true)
            try m.movePointer(to: pointer)
            #expect(volume.isTracking && abs(volume.value - 0.4) < 0.01, "\(name): the drag began: \(volume.value)")
        }
        let layoutBefore = volume.layout

        let router = m.window.frameLoop.sliders.router
        let held = router.pointerLocation
        let before = (size: m.window.size, pixels: m.window.pixelSize)
        switch change {
        case .fullscreen: try m.fillOutput(true)
        case .portrait: try m.turnOutput(portrait: true)
        case .scale(let scale): try m.setOutputScale(scale)
        }
        try m.settle()
        #expect(m.window.size != before.size || m.window.pixelSize != before.pixels, "\(name): the window changed")
        if !drags {
            #expect(volume.value == 0.25 && !volume.isTracking, "\(name): the value stays: \(volume.value)")
            try expectShown(m, "\(name), changed")
        } else if Self.keepsThePointer(kind) {
            // The compositor may move the pointer across the window with the change (weston moves the window
            // under it, KWin keeps the pointer's place on the turned output): that motion counts, measured in
            // the layout the window had when it came (KWin sends it before the configure) or in the new one.
            let held = try #require(held)
            let now = try #require(router.pointerLocation)
            let moved = [layoutBefore, volume.layout].map { min(max(0.4 + $0.positionChange(forAlongDistance: now.x - held.x), 0), 1) }
            #expect(volume.isTracking && moved.contains { abs(volume.value - $0) < 0.01 },
                    "\(name): the drag goes on from its value, the pointer \(held) -> \(now): \(volume.value), not one of \(moved)")
            try expectShown(m, "\(name), changed")
            pointer = now
            for step in [90.0, -40] {
                let expected = min(max(volume.value + volume.layout.positionChange(forAlongDistance: step), 0), 1)
                pointer.x += step
                try m.movePointer(to: pointer)
                #expect(abs(volume.value - expected) < 0.01, "\(name): \(step) pt measured in the new layout: \(volume.value), not \(expected)")
                try m.settle()
                try expectShown(m, "\(name), dragged \(step)")
            }
            try m.button(false)
        } else {
            #expect(!volume.isTracking && volume.value == 0.25, "\(name): the pointer was taken: the drag is cancelled: \(volume.value)")
            // The release brings the pointer back (and with it the window's hidden cursor).
            try m.button(false)
            try m.settle()
            try expectShown(m, "\(name), changed")
        }
        #expect(!volume.isTracking)

        switch change {
        case .fullscreen: try m.fillOutput(false)
        case .portrait: try m.turnOutput(portrait: false)
        case .scale: try m.setOutputScale(1)
        }
        try m.settle()
        #expect(m.window.size == before.size && m.window.pixelSize == before.pixels, "\(name): back: \(m.window.size), \(m.window.pixelSize)")
        try expectShown(m, "\(name), back")
    }

    /// What the compositor shows is the window's size and scale, and equals the offscreen render.
    func expectShown(_ m: MatrixCompositor, _ name: String) throws {
        let shot = try m.screenshot()
        let expected = try m.expectedImage()
        #expect(shot.width == expected.width && shot.height == expected.height, "\(name): shown \(shot.width) x \(shot.height), window \(m.window.pixelSize)")
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(name): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
        if difference.maximum > 2 { try Renders.save(shot, as: "sizing-\(name.replacingOccurrences(of: ", ", with: "-").replacingOccurrences(of: " ", with: "-"))") }
    }
}
