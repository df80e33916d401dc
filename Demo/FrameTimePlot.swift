import FrameTiming
import Foundation
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer
import WaylandSlider

/// `--plot FILE.png`: every frame's time since the previous one over the phase, one dot per frame, the
/// clear-only phase in grey and the measured one in blue, drawn with the slider renderer itself (rounded
/// rects for axes and grid, circles for dots, text for labels) offscreen.
enum FrameTimePlot {
    static func render(phases: [FramePhase], to path: String) throws {
        let width = 900, height = 420
        let plot = Rect(x: 70, y: 50, width: 800, height: 310)
        let longest = phases.map { $0.intervals.last?.0 ?? 0 }.max() ?? 1
        let slowest = phases.flatMap { $0.intervals.map(\.1) }.max() ?? 0
        let top = min(max(50, (slowest / 10).rounded(.up) * 10), 200)
        func point(_ t: Double, _ ms: Double) -> Point {
            Point(x: plot.minX + plot.width * min(t / max(longest, 1e-3), 1), y: plot.maxY - plot.height * min(ms / top, 1))
        }
        let target = try OffscreenTarget(width: width, height: height)
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        var scene = Scene(pixelWidth: width, pixelHeight: height, scale: 1, capacity: 4096)
        let axis = Color(hex: 0x3C3C43), grid = Color(hex: 0xD1D1D6)
        func text(_ string: String, _ rect: Rect, size: Double = 13, color: Color = axis) {
            scene.append(Primitive(kind: .text, rect: rect, fillColor: color, slot: .text(TextRun(string, pixelSize: size))))
        }
        for ms in stride(from: 0.0, through: top, by: top > 100 ? 50 : 10) {
            let y = point(0, ms).y
            scene.append(Primitive(kind: .roundedRect, rect: Rect(x: plot.minX, y: y - 0.5, width: plot.width, height: 1), fillColor: grid))
            text("\(Int(ms))", Rect(x: 20, y: y - 10, width: 44, height: 20))
        }
        for refresh in [1000.0 / 60, 1000.0 / 30] where refresh < top {
            let y = point(0, refresh).y
            scene.append(Primitive(kind: .roundedRect, rect: Rect(x: plot.minX, y: y - 0.75, width: plot.width, height: 1.5),
                                   fillColor: Color(hex: 0xFF9500, alpha: 0.7)))
        }
        scene.append(Primitive(kind: .roundedRect, rect: Rect(x: plot.minX - 1, y: plot.minY, width: 2, height: plot.height), fillColor: axis))
        scene.append(Primitive(kind: .roundedRect, rect: Rect(x: plot.minX, y: plot.maxY - 1, width: plot.width, height: 2), fillColor: axis))
        let colors = [Color(hex: 0x8E8E93), Color(hex: 0x007AFF)]
        for (index, phase) in phases.enumerated() {
            for (t, ms) in phase.intervals {
                let p = point(t, ms)
                scene.append(Primitive(kind: .circle, rect: Rect(center: p, size: Size(width: 5, height: 5)), cornerRadius: 2.5,
                                       fillColor: colors[index % 2].withAlpha(multipliedBy: 0.75)))
            }
            let legend = Rect(x: plot.maxX - 300 + Double(index) * 150, y: 14, width: 150, height: 24)
            scene.append(Primitive(kind: .circle, rect: Rect(center: Point(x: legend.minX + 8, y: legend.midY), size: Size(width: 10, height: 10)),
                                   cornerRadius: 5, fillColor: colors[index % 2]))
            text("\(phase.name): \(phase.frames) frames", Rect(x: legend.minX + 14, y: legend.minY, width: 136, height: 24))
        }
        // Text runs hold 30 bytes each: labels are short.
        text("ms between frames", Rect(x: 10, y: 14, width: 200, height: 24), size: 15)
        text("orange: 60 Hz, 30 Hz", Rect(x: 220, y: 14, width: 200, height: 24), color: Color(hex: 0xC86400))
        text("seconds: 0 to \(String(format: "%.1f", longest))", Rect(x: plot.minX, y: plot.maxY + 14, width: plot.width, height: 24))
        try renderer.render(scene)
        try target.readPixels().writePNG(to: path)
    }
}
