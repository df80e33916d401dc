// render-frames KIND COUNT [SCALE]: renders COUNT frames of one kind offscreen and exits, for counting
// instructions per frame under callgrind (see instruction-counts.sh). KIND: empty | full | move.
import Glibc
import RenderFixture

let arguments = CommandLine.arguments
guard arguments.count >= 3, let kind = RenderFixture.Frame(rawValue: arguments[1]),
      let count = Int(arguments[2]), count > 0 else {
    print("usage: render-frames empty|full|move COUNT [SCALE]")
    exit(2)
}
let fixture = try RenderFixture(scale: arguments.count > 3 ? Double(arguments[3]) ?? 1 : 1)
for _ in 0..<count {
    try fixture.draw(kind)
    fixture.target.finish()
}
