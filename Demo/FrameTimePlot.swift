@_spi(Internals) import SliderWayland
import FrameTiming
import Foundation
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer
@_spi(Internals) import WaylandSlider

/// `--plot FILE.png`, drawn with the slider renderer itself (rounded rects for axes, grid and bars, circles
/// for dots, text for labels) offscreen. Above: every frame's time since the previous one over the phase,
/// one dot per frame, the clear-only phase in grey and the measured one in blue, on a time axis with ticks.
/// Below: the measured phase's input → present latencies as a histogram (input → commit where the compositor
/// reports no presentation).
enum FrameTimePlot {
    static let width = 900, height = 680

    static func render(phases: [FramePhase], to path: String) throws {
        let target = try OffscreenTarget(width: width, height: height)
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        var scene = Scene(pixelWidth: width, pixelHeight: height, scale: 1, capacity: 8192)
        drawFrameTimes(phases, in: Rect(x: 70, y: 50, width: 800, height: 310), into: &scene)
        if let measured = phases.last { drawLatencies(measured, in: Rect(x: 70, y: 450, width: 800, height: 170), into: &scene) }
        try renderer.render(scene)
        try target.readPixels().writePNG(to: path)
    }

    private static let axis = Color(hex: 0x3C3C43), grid = Color(hex: 0xD1D1D6)
    private static let colors = [Color(hex: 0x8E8E93), Color(hex: 0x007AFF)]

    /// Text runs hold 30 bytes each: labels are short.
    private static func text(_ string: String, _ rect: Rect, size: Double = 13, color: Color = axis, into scene: inout Scene) {
        scene.append(Primitive(kind: .text, rect: rect, fillColor: color, slot: .text(TextRun(string, pixelSize: size))))
    }

    private static func bar(_ rect: Rect, _ color: Color, into scene: inout Scene) {
        scene.append(Primitive(kind: .roundedRect, rect: rect, fillColor: color))
    }

    /// A round step for about `count` ticks over `span`: 1, 2 or 5 times a power of ten.
    static func tickStep(span: Double, count: Double) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / count
        let power = pow(10, (log10(raw)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
    }

    /// Label for a tick value: no decimals when whole.
    private static func label(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
    }

    /// The x axis of `plot` from 0 to `maximum`, with ticks and labels below it, and `title` after them.
    private static func drawXAxis(_ plot: Rect, maximum: Double, title: String, into scene: inout Scene) {
        bar(Rect(x: plot.minX, y: plot.maxY - 1, width: plot.width, height: 2), axis, into: &scene)
        let step = tickStep(span: maximum, count: 8)
        for value in stride(from: 0.0, through: maximum + step * 1e-6, by: step) {
            let x = plot.minX + plot.width * value / max(maximum, 1e-9)
            bar(Rect(x: x - 0.75, y: plot.maxY, width: 1.5, height: 6), axis, into: &scene)
            text(label(value), Rect(x: x - 30, y: plot.maxY + 6, width: 60, height: 20), into: &scene)
        }
        text(title, Rect(x: plot.maxX - 200, y: plot.maxY + 26, width: 200, height: 20), into: &scene)
    }

    private static func drawFrameTimes(_ phases: [FramePhase], in plot: Rect, into scene: inout Scene) {
        let longest = phases.map { $0.intervals.last?.0 ?? 0 }.max() ?? 1
        let slowest = phases.flatMap { $0.intervals.map(\.1) }.max() ?? 0
        let top = min(max(50, (slowest / 10).rounded(.up) * 10), 200)
        func point(_ t: Double, _ ms: Double) -> Point {
            Point(x: plot.minX + plot.width * min(t / max(longest, 1e-3), 1), y: plot.maxY - plot.height * min(ms / top, 1))
        }
        for ms in stride(from: 0.0, through: top, by: top > 100 ? 50 : 10) {
            let y = point(0, ms).y
            bar(Rect(x: plot.minX, y: y - 0.5, width: plot.width, height: 1), grid, into: &scene)
            text("\(Int(ms))", Rect(x: 20, y: y - 10, width: 44, height: 20), into: &scene)
        }
        for refresh in [1000.0 / 60, 1000.0 / 30] where refresh < top {
            bar(Rect(x: plot.minX, y: point(0, refresh).y - 0.75, width: plot.width, height: 1.5), Color(hex: 0xFF9500, alpha: 0.7), into: &scene)
        }
        bar(Rect(x: plot.minX - 1, y: plot.minY, width: 2, height: plot.height), axis, into: &scene)
        drawXAxis(plot, maximum: max(longest, 1e-3), title: "seconds into the phase", into: &scene)
        for (index, phase) in phases.enumerated() {
            for (t, ms) in phase.intervals {
                scene.append(Primitive(kind: .circle, rect: Rect(center: point(t, ms), size: Size(width: 5, height: 5)), cornerRadius: 2.5,
                                       fillColor: colors[index % 2].withAlpha(multipliedBy: 0.75)))
            }
            let legend = Rect(x: plot.maxX - 300 + Double(index) * 150, y: 14, width: 150, height: 24)
            scene.append(Primitive(kind: .circle, rect: Rect(center: Point(x: legend.minX + 8, y: legend.midY), size: Size(width: 10, height: 10)),
                                   cornerRadius: 5, fillColor: colors[index % 2]))
            text("\(phase.name): \(phase.frames) frames", Rect(x: legend.minX + 14, y: legend.minY, width: 136, height: 24), into: &scene)
        }
        text("ms between frames", Rect(x: 10, y: 14, width: 200, height: 24), size: 15, into: &scene)
        text("orange: 60 Hz, 30 Hz", Rect(x: 220, y: 14, width: 200, height: 24), color: Color(hex: 0xC86400), into: &scene)
    }

    /// The latencies of `phase`'s frames (input → present, else input → commit), in about 40 bars.
    private static func drawLatencies(_ phase: FramePhase, in plot: Rect, into scene: inout Scene) {
        let presented = phase.inputToPresentSamples
        let (values, what) = presented.isEmpty ? (phase.inputToCommitSamples, "input → commit") : (presented, "input → present")
        text("\(what), ms", Rect(x: 10, y: plot.minY - 40, width: 200, height: 24), size: 15, into: &scene)
        text("\(phase.name): \(values.count) frames", Rect(x: 220, y: plot.minY - 40, width: 200, height: 24), color: colors[1], into: &scene)
        bar(Rect(x: plot.minX - 1, y: plot.minY, width: 2, height: plot.height), axis, into: &scene)
        guard let largest = values.max(), largest > 0 else {
            drawXAxis(plot, maximum: 1, title: "no latency measured", into: &scene)
            return
        }
        let step = tickStep(span: largest, count: 40)
        let maximum = (largest / step).rounded(.up) * step + step
        var counts = [Int](repeating: 0, count: Int((maximum / step).rounded()))
        for value in values { counts[min(counts.count - 1, Int(value / step))] += 1 }
        let highest = Double(counts.max() ?? 1)
        let barWidth = plot.width / Double(counts.count)
        for (index, count) in counts.enumerated() where count > 0 {
            let height = plot.height * Double(count) / highest
            bar(Rect(x: plot.minX + Double(index) * barWidth + 1, y: plot.maxY - height, width: max(1, barWidth - 2), height: height), colors[1],
                into: &scene)
        }
        text("tallest bar: \(Int(highest))", Rect(x: plot.minX + 6, y: plot.minY - 4, width: 140, height: 20), into: &scene)
        drawXAxis(plot, maximum: maximum, title: "milliseconds", into: &scene)
    }
}
