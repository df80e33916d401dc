// render-frames KIND COUNT [SCALE]: renders COUNT frames of one kind offscreen and exits, for counting
// instructions per frame under callgrind (see instruction-counts.sh). KIND: empty | full | move.
import Glibc
import SliderCore
import SliderRenderer

let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]), count > 0,
      ["empty", "full", "move"].contains(arguments[1]) else {
    print("usage: render-frames empty|full|move COUNT [SCALE]")
    exit(2)
}
let kind = arguments[1]
let scale = arguments.count > 3 ? Double(arguments[3]) ?? 1 : 1
let width = Int(800 * scale), height = Int(200 * scale)
let target = try OffscreenTarget(width: width, height: height)
let renderer = try SliderRenderer()
renderer.clearColor = .white
let slider = Slider(clock: ManualClock())
slider.frame = Rect(x: 20, y: 78, width: 760, height: 44)
slider.value = 0.5
var scene = Scene()
let empty = Scene(pixelWidth: width, pixelHeight: height, scale: scale)
var flip = false
for _ in 0..<count {
    switch kind {
    case "empty":
        try renderer.render(empty, bufferAge: 0)
    case "full":
        SceneBuilder.build([slider], pixelWidth: width, pixelHeight: height, scale: scale, into: &scene)
        try renderer.render(scene, bufferAge: 0)
    default:
        flip.toggle()
        slider.value = flip ? 0.505 : 0.5
        SceneBuilder.build([slider], pixelWidth: width, pixelHeight: height, scale: scale, into: &scene)
        try renderer.render(scene, bufferAge: 1)
    }
    target.finish()
}
