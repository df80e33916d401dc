import Foundation
import HeadlessWeston
import SliderRenderer
import WaylandSlider

/// `slider-demo`: the control panel in a window. With a Wayland session it runs until the window is closed;
/// without one it runs on a private headless weston, saves a screenshot, prints where, and exits.
enum PanelCommand {
    static func run(_ options: DemoOptions) throws -> Int32 {
        let clock = SystemClock()
        let panel = try ControlPanel(style: options.theme.style, layoutDirection: options.layoutDirection, clock: clock)
        let pixels = (width: Int(ControlPanel.size.width) * options.scale, height: Int(ControlPanel.size.height) * options.scale)
        let session = try DisplaySession.open(forceHeadless: options.forcesHeadless, compositor: options.compositor,
                                              width: max(1024, pixels.width + 64), height: max(768, pixels.height + 64), scale: options.scale)
        if let kind = session.kind {
            let why = DisplaySession.hasSession ? "as asked" : "no Wayland session, so"
            print("slider-demo: \(why) the panel runs on a \(kind.title), scale \(options.scale)")
        }
        // In a session the window has a title bar (the compositor's, or libdecor's where it draws none); a
        // headless run only saves the panel's screenshot.
        let window = try SliderWindow(WindowConfiguration(title: "WaylandSlider", appID: "org.waylandslider.Demo", size: ControlPanel.size,
                                                          isFullscreen: options.isFullscreen, hidesCursor: options.hidesCursor,
                                                          isDecorated: !session.isHeadless),
                                      sliders: panel.sliders, background: options.theme.background, socket: session.socket)
        // A kiosk's fullscreen window or a tiled one gets the output's size: the panel fills it.
        window.onSizeChanged = { size in panel.layout(in: size) }
        panel.layout(in: window.size)
        if options.printsEvents {
            let printer = EventPrinter(clock: clock)
            for slider in panel.sliders { printer.attach(to: slider) }
        }
        let recorder = try options.recordPath.map { try InputRecorder(path: $0, window: window) }
        var status: Int32 = 0
        if let path = options.replayPath {
            let script = try loadScript(path)
            for error in script.errors {
                FileHandle.standardError.write(Data("slider-demo: \(path): \(error) (skipped; the other lines play)\n".utf8))
            }
            if !script.errors.isEmpty { status = 1 }
            try InputReplayer(script: script).play(into: window)
        }
        if let headless = session.headless {
            try window.waitUntilShown(timeout: 2)
            let image = try headless.screenshot(showing: window.surface)
            try image.writePNG(to: options.screenshotPath)
            print("slider-demo: screenshot \(image.width) x \(image.height) px: \(URL(fileURLWithPath: options.screenshotPath).standardizedFileURL.path)")
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
