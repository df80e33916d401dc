// render-frames KIND COUNT [SCALE] [gles|cpu]: renders COUNT frames of one kind offscreen (GLES2, the
// default) or into memory (the CPU renderer) and exits, for counting instructions per frame under callgrind
// (see instruction-counts.sh).
// KIND: empty | full | move | features | features-move.
//
// render-frames --png DIR [SCALE...]: writes the full and the features frame at each scale (default 1) as
// DIR/full@SCALE.png and DIR/features@SCALE.png, to compare one driver's pixels with another's.
//
// render-frames --gpu-timer [COUNT] [SCALE]: the GPU time of every kind, COUNT frames each (default 500),
// from GL_EXT_disjoint_timer_query queries around each frame; median and p99 per kind and the ratio to
// `empty` (a clear of the whole target: the fill-rate floor). Needs a GPU whose driver has the extension:
// exits 3 without it, and on a software renderer (llvmpipe has the extension, but its queries do not time
// its rasterization).
import Foundation
import RenderFixture
@_spi(Internals) import SliderRenderer

let arguments = CommandLine.arguments

/// The GPU-time table: every kind, `count` frames each, after 20 untimed ones.
func runGPUTimer(count: Int, scale: Double) throws {
    let fixture = try RenderFixture(scale: scale)
    let driver = fixture.target.driverDescription
    if GLDriver.isSoftware {
        print("render-frames: \(driver) renders in software; its timer queries do not time its rasterization (see instruction-counts.sh)")
        exit(3)
    }
    guard let timer = GPUTimer() else {
        print("render-frames: GL_EXT_disjoint_timer_query is not offered by \(driver)")
        exit(3)
    }
    print("GPU: \(driver)")
    print("\(fixture.target.width) x \(fixture.target.height) px (scale \(scale)), \(count) frames per kind, GPU time per frame:")
    print("kind             median ms     p99 ms   x empty  disjoint")
    var emptyMedian: Double?
    for kind in RenderFixture.Frame.allCases {
        for _ in 0..<20 { try fixture.draw(kind) }
        var times: [Double] = []
        var disjoint = 0
        for _ in 0..<count {
            if let seconds = try timer.measure({ try fixture.draw(kind) }) { times.append(seconds * 1000) } else { disjoint += 1 }
        }
        times.sort()
        guard !times.isEmpty else {
            print("\(kind.rawValue): every query was disjoint")
            continue
        }
        let median = times[times.count / 2], p99 = times[min(times.count - 1, times.count * 99 / 100)]
        if kind == .clearOnly { emptyMedian = median }
        let ratio = emptyMedian.map { String(format: "%.2f", median / $0) } ?? "-"
        print(kind.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0) + String(format: " %10.4f %10.4f ", median, p99)
              + String(repeating: " ", count: max(0, 9 - ratio.count)) + ratio + String(format: " %9d", disjoint))
    }
}

/// The full and the features frame at each of `scales`, written as PNGs into `directory`.
func writeFrames(to directory: String, scales: [Double]) throws {
    for scale in scales {
        let fixture = try RenderFixture(scale: scale)
        for kind in [RenderFixture.Frame.full, .featuresFull] {
            try fixture.draw(kind)
            let path = "\(directory)/\(kind.rawValue)@\(scale).png"
            try fixture.target.readPixels().writePNG(to: path)
            print("\(path): \(fixture.target.driverDescription)")
        }
    }
}

if arguments.count >= 3, arguments[1] == "--png" {
    let scales = arguments.dropFirst(3).compactMap(Double.init)
    guard scales.count == arguments.count - 3, scales.allSatisfy({ $0 > 0 && $0 <= 8 }) else {
        print("usage: render-frames --png DIR [SCALE above 0, at most 8]...")
        exit(2)
    }
    try writeFrames(to: arguments[2], scales: scales.isEmpty ? [1] : scales)
    exit(0)
}

if arguments.count >= 2, arguments[1] == "--gpu-timer" {
    let count = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 500
    let scale = arguments.count > 3 ? Double(arguments[3]) ?? 0 : 1
    guard count > 0, count <= 100_000, scale > 0, scale <= 8 else {
        print("usage: render-frames --gpu-timer [COUNT 1...100000] [SCALE above 0, at most 8]")
        exit(2)
    }
    try runGPUTimer(count: count, scale: scale)
    exit(0)
}

guard arguments.count >= 3, let kind = RenderFixture.Frame(rawValue: arguments[1]),
      let count = Int(arguments[2]), count > 0, let rendererKind = RendererKind(rawValue: arguments.count > 4 ? arguments[4] : "gles") else {
    print("usage: render-frames empty|full|move|features|features-move COUNT [SCALE] [gles|cpu]\n       render-frames --gpu-timer [COUNT] [SCALE]\n"
          + "       render-frames --png DIR [SCALE...]")
    exit(2)
}
let fixture = try RenderFixture(scale: arguments.count > 3 ? Double(arguments[3]) ?? 1 : 1, rendererKind: rendererKind)

/// The measured loop, in a function of its own so callgrind can count only it
/// (`--toggle-collect=*instructionCountedLoop*`): start-up (fontconfig, FreeType, shader compilation) varies
/// from run to run by more than a frame costs.
@inline(never)
func instructionCountedLoop(_ fixture: RenderFixture, kind: RenderFixture.Frame, count: Int) throws -> FrameResult? {
    var last: FrameResult?
    for _ in 0..<count {
        last = try fixture.draw(kind)
        fixture.target.finish()
    }
    return last
}

// What the frames were, so a count can be checked against what was drawn.
if let last = try instructionCountedLoop(fixture, kind: kind, count: count) {
    print("\(kind.rawValue): \(count) frames; the last redrew \(last.redrawn.width) x \(last.redrawn.height) px, " +
          "\(last.quads) quads (\(last.texturedQuads) textured), \(last.drawCalls) draw call")
}
