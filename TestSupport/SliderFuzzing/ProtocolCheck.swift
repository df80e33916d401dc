import PrivateCompositors
import SliderCore
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// A window fed Wayland events made from arbitrary bytes: a scripted compositor (`ScriptedCompositor`) lets
/// it draw its first frame, then sends it up to 64 events of its live objects' interfaces, well formed by
/// the protocols' signatures, their arguments and order from the bytes (the first byte chooses the
/// presentation path: EGL one time in four). Invariants: it returns (no crash, no hang); the window's loop
/// goes on or ends with a `WaylandError`; a dispatch that draws nothing waits no longer than its timeout, plus a second.
public enum ProtocolCheck {
    public static func violations<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String] {
        let input = Array(bytes)
        let path: PresentationPath = (input.first ?? 0) % 4 == 3 ? .eglWindow : .sharedMemory
        var found: [String] = []
        do {
            let compositor = try ScriptedCompositor()
            let slider = try Slider(value: 0.5, in: 0...1, name: "volume")
            slider.frame = Rect(x: 20, y: 20, width: 360, height: 44)
            let window = try SliderWindow(WindowConfiguration(title: "fuzz", size: Size(width: 400, height: 84), isDecorated: false,
                                                              accessibility: .off, presentation: path),
                                          sliders: [slider], socket: compositor.socketPath)
            let shown = MonotonicTime.seconds() + 5
            while window.frameLoop.committedFrames == 0, MonotonicTime.seconds() < shown { try window.dispatch(timeout: 0.05) }
            guard window.frameLoop.committedFrames > 0 else { return ["no first frame within 5 s on \(path)"] }
            compositor.sendEvents(Array(input.dropFirst()))
            for round in 0..<6 {
                if round == 3 { try slider.setValue(0.2, animated: false) }
                let start = MonotonicTime.seconds(), frames = window.frameLoop.committedFrames
                try window.dispatch(timeout: 0.01)
                let took = MonotonicTime.seconds() - start
                // A wait, which the timeout bounds; drawing takes what the renderer takes.
                if took > 1.01 && window.frameLoop.committedFrames == frames { found.append("a dispatch of at most 10 ms that drew nothing took \(took) s") }
            }
        } catch is WaylandError {
            // The window's loop ended as documented: a typed error (a protocol error, the connection lost).
        } catch {
            found.append("\(error)")
        }
        return found
    }
}
