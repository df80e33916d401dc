// peer-slider SECONDS [--decorated] [--fullscreen] [--timeline]: one WaylandSlider slider in an 800 x 200 pt
// window (undecorated unless asked; fullscreen: the output's size, the slider on a subsurface over a one-pixel
// background where the compositor offers one), its thumb moved every frame for SECONDS,
// then left alone for SECONDS; prints the markers Peers/compare.py samples /proc at, the same markers its
// GTK 4 and Qt Quick counterparts (Peers/gtk_scale.py, Peers/qt_slider.qml) print. --timeline writes when
// main began and the window's start-up steps ended to standard error after the first frame's callback
// (compare.py --startup-steps).
// Glibc, not Foundation: an application that does not import Foundation does not load it (about 8 MiB
// resident with ICU), and the peers' memory is compared.
import Glibc
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

let mainStart = now()
/// The CPU time this process used before main: the kernel's exec, loading and relocating the libraries, and
/// their constructors.
let cpuBeforeMain = {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}()
let arguments = CommandLine.arguments.dropFirst()
let seconds = arguments.first.flatMap(Double.init) ?? 10
/// A marker line, written at once (standard output is a pipe: print would buffer it).
func mark(_ text: String) { write(to: 1, text) }

/// CLOCK_MONOTONIC in seconds.
func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Writes `text` and a newline to file descriptor `fd` at once.
func write(to fd: Int32, _ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in _ = Glibc.write(fd, bytes.baseAddress, bytes.count) }
}

let slider = Slider(name: "peer")
try slider.setValue(0, animated: false)
/// Across the window 20 pt from each side, centred vertically (as the Qt and GTK peers lay theirs out).
@MainActor func layOut(in size: Size) { slider.frame = Rect(x: 20, y: (size.height - 44) / 2, width: size.width - 40, height: 44) }
layOut(in: Size(width: 800, height: 200))
do {
    var configuration = WindowConfiguration(title: "peer-slider", size: Size(width: 800, height: 200), isFullscreen: arguments.contains("--fullscreen"),
                                            isDecorated: arguments.contains("--decorated"))
    // Fullscreen, the slider is drawn on a subsurface over a one-pixel background where offered.
    configuration.drawsOnlySliderArea = true
    let window = try SliderWindow(configuration, sliders: [slider], background: Color(hex: 0xF2F2F7))
    layOut(in: window.size)
    window.onSizeChanged = { layOut(in: $0) }
    // Until the first frame's callback (compare.py times the commit and the presentation from the
    // compositor's log); the window measures nothing itself, as an application's does not, so it does not
    // wait for the presentation.
    try window.waitUntilShown(timeout: 5)
    mark("first-frame")
    if arguments.contains("--timeline") {
        // CLOCK_MONOTONIC seconds, which compare.py --startup-steps reads against the time it ran this.
        write(to: 2, "startup: main at \(mainStart)")
        for mark in window.startupTimeline.marks { write(to: 2, "startup: \(mark.step) at \(mark.time)") }
        write(to: 2, "startup: first frame callback at \(now())")
        write(to: 2, "startup: CPU before main \(cpuBeforeMain * 1000) ms")
    }
    mark("moving-start")
    let start = now()
    var frames = 0
    var step = 0
    while now() - start < seconds {
        if !window.hasFrameInFlight {
            step += 1
            // A triangle wave: 1 % of the range per frame.
            let t = Double(step % 200) / 100
            try slider.setValue(t <= 1 ? t : 2 - t, animated: false)
            frames += 1
        }
        try window.dispatch(timeout: 0.1)
    }
    mark("moving-end frames=\(frames)")
    let idle = now()
    while now() - idle < seconds { try window.dispatch(timeout: max(0, seconds - (now() - idle))) }
    mark("idle-end")
} catch {
    write(to: 2, "peer-slider: \(error)")
    exit(1)
}
