// peer-slider SECONDS: one WaylandSlider slider in an 800 x 200 pt window, its thumb moved every frame for
// SECONDS, then left alone for SECONDS; prints the markers Peers/compare.py samples /proc at, the same
// markers its GTK 4 and Qt Quick counterparts (Peers/gtk_scale.py, Peers/qt_slider.qml) print.
import Foundation
import WaylandSlider

let seconds = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 10 : 10
/// A marker line, written at once (standard output is a pipe: print would buffer it).
func mark(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

let slider = Slider(name: "peer")
slider.frame = Rect(x: 20, y: 78, width: 760, height: 44)
slider.value = 0
do {
    let configuration = WindowConfiguration(title: "peer-slider", size: Size(width: 800, height: 200), isDecorated: false)
    let window = try SliderWindow(configuration, sliders: [slider], background: Color(hex: 0xF2F2F7))
    // The first frame is the first buffer committed (not presented: sway answers presentation feedback
    // only when its output presents again).
    while window.statistics.committedCount == 0 { try window.dispatch(timeout: 0.1) }
    mark("first-frame")
    try window.waitUntilShown(timeout: 5)
    mark("moving-start")
    let start = MonotonicTime.seconds()
    var frames = 0
    var step = 0
    while MonotonicTime.seconds() - start < seconds {
        if !window.hasFrameInFlight {
            step += 1
            // A triangle wave: 1 % of the range per frame.
            let t = Double(step % 200) / 100
            slider.value = t <= 1 ? t : 2 - t
            frames += 1
        }
        try window.dispatch(timeout: 0.1)
    }
    mark("moving-end frames=\(frames)")
    let idle = MonotonicTime.seconds()
    while MonotonicTime.seconds() - idle < seconds { try window.dispatch(timeout: seconds - (MonotonicTime.seconds() - idle)) }
    mark("idle-end")
} catch {
    FileHandle.standardError.write(Data("peer-slider: \(error)\n".utf8))
    exit(1)
}
