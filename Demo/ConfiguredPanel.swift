import Foundation
import Glibc
import HeadlessWeston
import WaylandSlider
import SliderPanel

/// `slider-demo panel --config FILE`: the panel a file describes (`PanelFile`), its values out and in as JSON
/// lines (`PanelValueLines`). The file is read and checked before any window opens. Runs until the window is
/// closed, or, with `--exit-at-end-of-input` or on the demo's own headless compositor, until standard input
/// ends; a headless run then saves its screenshot.
struct ConfiguredPanel {
    let path: String
    let exitsAtEndOfInput: Bool
    let isFullscreen: Bool
    let hidesCursor: Bool
    /// A layer surface on an output's edge instead of a window (`--layer`).
    let layer: LayerPlacement?
    /// Where a headless run saves its screenshot when it ends (`--screenshot`).
    let screenshotPath: String

    func run(display: DisplayOptions) throws {
        let file = try PanelFile.load(path)
        let clock = SystemClock()
        let panel = try FilePanel(file, clock: clock)
        let session = try DisplaySession.open(forceHeadless: display.forcesHeadless, compositor: display.compositor ?? .weston,
                                              width: 1024, height: 768, scale: display.scale)
        let size = Size(width: panel.size.width * (file.zoom ?? 1), height: panel.size.height * (file.zoom ?? 1))
        let window = try SliderWindow(WindowConfiguration(title: file.title, appID: "org.waylandslider.Panel", size: size,
                                                          isFullscreen: isFullscreen, hidesCursor: hidesCursor,
                                                          isDecorated: !session.isHeadless,
                                                          haptics: file.haptics ? HapticsConfiguration() : nil, layer: layer),
                                      sliders: panel.sliders, background: file.theme.background, socket: session.socket)
        for (id, image) in panel.images { try window.registerImage(image, id: id) }
        window.onSizeChanged = { size in panel.layout(in: size) }
        panel.layout(in: window.size)
        let lines = PanelValueLines(sliders: panel.sliders, clock: clock)
        var closed = false
        window.onCloseRequested = { closed = true }
        try window.waitUntilShown(timeout: 5)
        FileHandle.standardError.write(Data("slider-demo: showing \(panel.sliders.count) sliders from \(path)\n".utf8))

        let input = STDIN_FILENO
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        var inputOpen = true
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !closed {
            var fds = [pollfd(fd: window.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if inputOpen { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            if let bus = window.accessibilityFileDescriptor { fds.append(pollfd(fd: bus, events: Int16(POLLIN), revents: 0)) }
            let timeout = window.timeUntilNextTimer.map { Int32(min(($0 * 1000).rounded(.up), 60_000)) } ?? -1
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if inputOpen && fds[1].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    lines.receive(buffer[0..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    lines.finish()
                    inputOpen = false
                    // A headless compositor closes no window: there the run ends with its input too.
                    if exitsAtEndOfInput || session.isHeadless { break }
                }
            }
            try window.dispatch(timeout: 0)
        }
        if let headless = session.headless {
            try window.waitUntilShown(timeout: 5)
            let image = try headless.screenshot(showing: window.frameLoop)
            try image.writePNG(to: screenshotPath)
            print("slider-demo: screenshot \(image.width) x \(image.height) px: \(URL(fileURLWithPath: screenshotPath).standardizedFileURL.path)")
        }
    }
}
