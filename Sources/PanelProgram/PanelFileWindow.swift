import CLibcExtensions
import Foundation
import Glibc
import SliderPanel
@_spi(Internals) import WaylandSlider

/// A panel file shown in a window: the sliders the file describes (`PanelFile`, `FilePanel`), their values out
/// on standard output and in on standard input as JSON lines (`PanelValueLines`). The file is read and checked
/// before any window opens. With `state:`, the values are read from the state file before the window shows and
/// written back as they settle (`PanelStateFile`); SIGTERM, SIGINT and SIGHUP end the panel as its window's
/// closing does, the values written first.
package struct PanelFileWindow {
    /// The panel file's path.
    package let path: String
    /// The file as read and checked.
    package let file: PanelFile
    package let options: PanelWindowOptions
    /// Which program reports (`slider-panel`, `slider-demo`): the first word of its lines on standard error.
    package let programName: String

    /// Reads and checks the file at `path` (`PanelFile.load`: its errors say where).
    package init(loading path: String, options: PanelWindowOptions, programName: String) throws(PanelFile.Error) {
        self.path = path
        file = try PanelFile.load(path)
        self.options = options
        self.programName = programName
    }

    /// Opens the window on `socket` (nil: the session's WAYLAND_DISPLAY) and runs until the compositor closes
    /// it, or, when `endsWithInput`, standard input ends, or, when `endsOnSignals`, SIGTERM, SIGINT or SIGHUP
    /// comes (blocked from the start, before any thread is made, and read from a signalfd; a program with
    /// handlers of its own passes false). Returns the window, still shown, for a screenshot.
    package func run(socket: String?, isDecorated: Bool, endsWithInput: Bool, endsOnSignals: Bool = true) throws -> SliderWindow {
        let signals = endsOnSignals ? slider_termination_signals_descriptor() : -1
        guard !endsOnSignals || signals >= 0 else {
            throw PanelProgramError(description: "cannot take termination signals: \(String(cString: strerror(errno)))")
        }
        defer { if signals >= 0 { slider_close_termination_signals_descriptor(signals) } }
        let clock = SystemClock()
        let panel = try FilePanel(file, clock: clock)
        let size = Size(width: panel.size.width * (file.zoom ?? 1), height: panel.size.height * (file.zoom ?? 1))
        var configuration = WindowConfiguration(title: file.title, appID: "org.waylandslider.Panel", size: size,
                                                isFullscreen: options.isFullscreen, hidesCursor: options.hidesCursor, isDecorated: isDecorated,
                                                haptics: file.haptics ? HapticsConfiguration() : nil, layer: try options.placement())
        configuration.wheelTarget = file.wheelTarget
        let window = try SliderWindow(configuration, sliders: panel.sliders, background: file.background, socket: socket)
        for (id, image) in panel.images { try window.registerImage(image, id: id) }
        window.onSizeChanged = { size in panel.layout(in: size) }
        panel.layout(in: window.size)
        let log = { [programName] (line: String) in FileHandle.standardError.write(Data("\(programName): \(line)\n".utf8)) }
        let state = file.state.map { PanelStateFile(path: $0, sliders: panel.sliders, log: log) }
        let restored = state?.restore() ?? []
        let lines = PanelValueLines(sliders: panel.sliders, clock: clock, complain: log)
        lines.onSettledChange = { state?.noteChange() }
        defer { state?.save() }
        let idle = file.idle.map { IdleDimming($0, window: window, clock: { clock.now }, log: log) }
        idle?.listenToCompositor()
        if let idle { window.onInput = { [clock] event in idle.input(event, at: clock.now) } }
        defer { idle?.restore() }
        var closed = false
        window.onCloseRequested = { closed = true }
        try window.waitUntilShown(timeout: 5)
        log("showing \(panel.sliders.count) slider\(panel.sliders.count == 1 ? "" : "s") from \(path)" + (idle.map { "; idle: \($0.source)" } ?? ""))
        for (slider, thumb) in restored { lines.announceRestored(slider, thumb: thumb) }

        let input = STDIN_FILENO
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        var inputOpen = true
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !closed {
            // A descriptor of -1 is left out by poll: the signals' slot stays, empty, without them.
            var fds = [pollfd(fd: window.fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if inputOpen { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            if let bus = window.accessibilityFileDescriptor { fds.append(pollfd(fd: bus, events: Int16(POLLIN), revents: 0)) }
            let idleWait = idle?.nextChange(after: clock.now).map { Swift.max(0, $0 - clock.now) }
            let wait = [window.timeUntilNextTimer, idleWait].compactMap { $0 }.min()
            let timeout = wait.map { Int32(min(($0 * 1000).rounded(.up), 60_000)) } ?? -1
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[1].revents != 0 && slider_read_termination_signal(signals) != 0 { break }
            if inputOpen && fds[2].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    lines.receive(buffer[0..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    lines.finish()
                    inputOpen = false
                    if endsWithInput { break }
                }
            }
            // Before the dispatch, which draws: a panel dimmed or turned off by the idle clock shows it at once,
            // not at the next event.
            idle?.update(at: clock.now)
            try window.dispatch(timeout: 0)
            state?.saveIfChanged()
        }
        return window
    }
}
