import ArgumentParser
import Foundation
import PrivateCompositors
import PanelProgram
import SliderRenderer
@_spi(Internals) import WaylandSlider
import SliderPanel

/// `slider-demo` (`slider-demo panel`): the control panel in a window. With a Wayland session it runs until
/// the window is closed; without one it runs on a private headless weston, saves a screenshot, prints where,
/// and exits. A script line that does not read makes the exit status 1 (the other lines still play).
struct PanelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "panel", abstract: "The control panel in a window (the default).")

    @OptionGroup var display: DisplayOptions

    @OptionGroup var windowOptions: PanelWindowOptions

    @Flag(help: "Lay the panel out right to left.")
    var rtl = false

    @Flag(name: .customLong("events"), help: "Print every slider event as a JSON line.")
    var printsEvents = false

    @Flag(name: .customLong("haptics"), help: "Play detents and limits on the vibration motor: feedbackd, else an evdev vibrator, else nothing.")
    var playsHaptics = false

    @Option(name: .customLong("replay"), help: ArgumentHelp("Play an input script (JSON lines) into the panel.", valueName: "file"),
            completion: .file(extensions: ["jsonl"]))
    var replayPath: String?

    @Option(name: .customLong("record"), help: ArgumentHelp("Record the input the window receives as an input script.", valueName: "file"),
            completion: .file(extensions: ["jsonl"]))
    var recordPath: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("Show the sliders a panel file (YAML) describes instead of the demo's; values out and in as JSON lines.",
                                                             valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
    var configPath: String?

    @Flag(name: .customLong("exit-at-end-of-input"),
          help: "With --config: exit when standard input ends (by default the panel stays; a headless run always ends with its input).")
    var exitsAtEndOfInput = false

    @Option(name: .customLong("screenshot"), help: ArgumentHelp("Where a headless run saves its screenshot (with --config: when it ends, at the end of its input).",
                                                                valueName: "file"),
            completion: .file(extensions: ["png"]))
    var screenshotPath = "slider-panel.png"

    func validate() throws {
        if let replayPath, replayPath == recordPath { throw ValidationError("--record would overwrite the --replay script \(replayPath)") }
        if configPath != nil && (replayPath != nil || recordPath != nil || printsEvents || rtl || playsHaptics) {
            throw ValidationError("--config takes its sliders, events and haptics from the file: --replay, --record, --events, --rtl and --haptics go without it")
        }
    }

    func run() throws {
        if let configPath {
            do {
                try ConfiguredPanel(path: configPath, windowOptions: windowOptions, exitsAtEndOfInput: exitsAtEndOfInput, screenshotPath: screenshotPath)
                    .run(display: display)
            } catch { throw exitReporting(error) }
            return
        }
        let status: Int32
        do { status = try runPanel() } catch { throw exitReporting(error) }
        if status != 0 { throw ExitCode(status) }
    }

    private func runPanel() throws -> Int32 {
        let clock = SystemClock()
        let panel = try ControlPanel(style: display.theme.style, layoutDirection: rtl ? .rightToLeft : .leftToRight, clock: clock)
        let pixels = (width: Int(ControlPanel.size.width) * display.scale, height: Int(ControlPanel.size.height) * display.scale)
        let session = try DisplaySession.open(forceHeadless: display.forcesHeadless, compositor: display.compositor ?? .weston,
                                              width: max(1024, pixels.width + 64), height: max(768, pixels.height + 64), scale: display.scale,
                                              westonRenderer: display.westonRenderer)
        if let title = session.title {
            let why = DisplaySession.hasSession ? "as asked" : "no Wayland session, so"
            print("slider-demo: \(why) the panel runs on a \(title), scale \(display.scale)")
        }
        // In a session the window has a title bar (the compositor's, or libdecor's where it draws none); a
        // headless run only saves the panel's screenshot.
        let window = try SliderWindow(WindowConfiguration(title: "WaylandSlider", appID: "org.waylandslider.Demo", size: ControlPanel.size,
                                                          isFullscreen: windowOptions.isFullscreen, hidesCursor: windowOptions.hidesCursor,
                                                          isDecorated: !session.isHeadless, haptics: playsHaptics ? HapticsConfiguration() : nil,
                                                          layer: windowOptions.placement()),
                                      sliders: panel.sliders, background: display.theme.background, socket: session.socket)
        if playsHaptics {
            switch window.hapticsDevice {
            case .feedbackd: print("slider-demo: haptics through feedbackd")
            case .evdev(let path): print("slider-demo: haptics on \(path)")
            case nil: print("slider-demo: haptics asked for, but no feedbackd with haptics and no vibrator device: nothing will vibrate")
            }
        }
        // A kiosk's fullscreen window or a tiled one gets the output's size: the panel fills it.
        window.onSizeChanged = { size in panel.layout(in: size) }
        panel.layout(in: window.size)
        if printsEvents {
            let printer = EventPrinter(clock: clock)
            for slider in panel.sliders { printer.attach(to: slider) }
        }
        let recorder = try recordPath.map { try InputRecorder(path: $0, window: window) }
        var status: Int32 = 0
        if let path = replayPath {
            let script = try PanelCommand.loadScript(path)
            for error in script.errors {
                FileHandle.standardError.write(Data("slider-demo: \(path): \(error) (skipped; the other lines play)\n".utf8))
            }
            if !script.errors.isEmpty { status = 1 }
            try InputReplayer(script: script).play(into: window)
        }
        if let headless = session.headless {
            try window.waitUntilShown(timeout: 2)
            let image = try headless.screenshot(showing: window.frameLoop)
            try image.writePNG(to: screenshotPath)
            let path = window.presentationPath == .eglWindow ? "an EGL window" : "wl_shm"
            let renderer = window.renderer == .cpu ? "the CPU renderer" : "GLES2"
            print("slider-demo: screenshot \(image.width) x \(image.height) px, drawn by \(renderer), presented through \(path): \(URL(fileURLWithPath: screenshotPath).standardizedFileURL.path)")
        } else {
            try window.run()
        }
        recorder?.close()
        return status
    }

    static func loadScript(_ path: String) throws -> InputScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DemoError(description: "cannot read the input script \(path)")
        }
        return InputScript(parsing: String(decoding: data, as: UTF8.self))
    }
}

/// An error the demo reports in one line.
struct DemoError: Error, CustomStringConvertible {
    let description: String
}
