// render-frames KIND COUNT [SCALE]: renders COUNT frames of one kind offscreen and exits, for counting
// instructions per frame under callgrind (see instruction-counts.sh).
// KIND: empty | full | move | features | features-move.
import Glibc
import RenderFixture
import SliderRenderer

let arguments = CommandLine.arguments
guard arguments.count >= 3, let kind = RenderFixture.Frame(rawValue: arguments[1]),
      let count = Int(arguments[2]), count > 0 else {
    print("usage: render-frames empty|full|move|features|features-move COUNT [SCALE]")
    exit(2)
}
let fixture = try RenderFixture(scale: arguments.count > 3 ? Double(arguments[3]) ?? 1 : 1)

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
