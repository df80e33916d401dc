import Foundation
import PrivateCompositors
import SliderCore
import SliderRenderer
import Testing
@_spi(Internals) import WaylandSlider

/// Whatever a test starts ends with the test: every helper process is started in a process group of its
/// own and stopped as a group, and this process reaps the orphans (it is their subreaper). Three runs of
/// the suite used to leave 12 pairs of at-spi2-registryd and its accessibility dbus-daemon behind, started
/// by the bus launcher and left to init when it was stopped.
@Suite struct PrivateProcessesTests {
    /// Waits up to 10 s for every process of `groups` to be gone, zombies too; returns those still there.
    func survivors(of groups: [pid_t]) -> [pid_t] {
        let deadline = MonotonicTime.seconds() + 10
        var left = groups.flatMap { ChildProcess.processes(inGroup: $0) }
        while !left.isEmpty, MonotonicTime.seconds() < deadline {
            usleep(20_000)
            left = groups.flatMap { ChildProcess.processes(inGroup: $0) }
        }
        return left
    }

    /// Each process as "PID: command line [stat]": a zombie has no command line, its stat says what it was
    /// (its name, state Z and its parent).
    func commandLines(_ pids: [pid_t]) -> String {
        pids.map { pid in
            let commandLine = ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "?").replacingOccurrences(of: "\0", with: " ")
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").prefix(5).joined(separator: " ") ?? "?"
            return "\(pid): \(commandLine) [\(stat)]"
        }.joined(separator: "\n")
    }

    /// weston composites with the renderer asked for: its GL renderer is a module it loads (and logs), pixman
    /// is built into libweston.
    @Test(arguments: HeadlessWeston.Renderer.allCases)
    func westonCompositesWithTheRendererAskedFor(_ renderer: HeadlessWeston.Renderer) throws {
        let weston = try HeadlessWeston(renderer: renderer, withInputModule: false)
        #expect(weston.log.contains("gl-renderer.so") == (renderer == .gl), "\(weston.log)")
    }

    /// The input module reads what the output shows the right way up with either renderer: weston 10's GL
    /// renderer reads rows bottom-up, counted from the output's bottom edge, which the module turns (weston 14's
    /// turns them itself). The window whole matches an offscreen render, and its lower half read alone matches
    /// the whole's lower rows (read unturned on weston 10, or turned twice on weston 14, the whole came out
    /// upside down, 242 levels off: first seen with KWin 5.27 inside weston 10's GL renderer).
    @Test(arguments: HeadlessWeston.Renderer.allCases)
    func theInputModuleReadsTheOutputTheRightWayUpWithEitherRenderer(_ renderer: HeadlessWeston.Renderer) throws {
        let fixture = try WindowFixture(westonRenderer: renderer)
        let whole = try fixture.compareWithOffscreenRender("input-module-\(renderer)")
        #expect(whole.maximum <= 2, "\(renderer): the window read whole is off by up to \(whole.maximum)")
        let shot = try fixture.input.screenshot(), half = shot.height / 2
        let lower = try InjectedInput(surface: fixture.window.frameLoop)
            .capture(area: Rect(x: 0, y: Double(half), width: Panel.size.width, height: Double(shot.height - half)), scale: 1)
        let expected = RGBAImage(width: shot.width, height: shot.height - half, pixels: Array(shot.pixels[(half * shot.width * 4)...]))
        #expect(expected.map { lower.difference(from: $0).maximum } == 0, "\(renderer): the lower half read alone is not the whole's lower half")
    }

    @Test func aStoppedChildTakesWhatItStartedWithIt() throws {
        let log = NSTemporaryDirectory() + "children-\(UUID().uuidString).log"
        defer { unlink(log) }
        // A shell that starts two children of its own and leaves them when it is told to end.
        let shell = try ChildProcess("/bin/sh", ["-c", "sleep 300 & sleep 300 & trap 'exit 0' TERM; wait"], outputPath: log)
        try shell.waitUntil(ready: { ChildProcess.processes(inGroup: shell.processGroup).count == 3 }, timeout: 10, name: "sh", log: { "" })
        shell.stop()
        let left = survivors(of: [shell.processGroup])
        #expect(left.isEmpty, "still running:\n\(commandLines(left))")
    }

    /// A child starts with every signal at its default and none blocked: an ignored signal stays ignored
    /// across exec and a blocked one stays blocked, and slider-demo's hosted programs ignored the SIGTERM
    /// that was to stop them (slider-demo ignores it while its handler is installed).
    @Test func aChildStartsWithEverySignalAtItsDefaultAndNoneBlocked() throws {
        let log = NSTemporaryDirectory() + "signals-\(UUID().uuidString).log"
        defer { unlink(log) }
        var held = sigset_t(), before = sigset_t()
        sigemptyset(&held)
        sigaddset(&held, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &held, &before)
        let ignored = Glibc.signal(SIGUSR2, SIG_IGN)
        let child: ChildProcess
        do {
            defer {
                Glibc.signal(SIGUSR2, ignored)
                pthread_sigmask(SIG_SETMASK, &before, nil)
            }
            child = try ChildProcess("/bin/cat", ["/proc/self/status"], outputPath: log)
        }
        #expect(child.wait() == 0)
        let status = try String(contentsOfFile: log, encoding: .utf8)
        func mask(_ name: String) -> UInt64? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        }
        let blocked = try #require(mask("SigBlk"), "\(status)")
        let ignoring = try #require(mask("SigIgn"), "\(status)")
        #expect(blocked == 0, "blocked: \(String(blocked, radix: 16))")
        let stopping = [SIGHUP, SIGINT, SIGTERM, SIGUSR2].reduce(UInt64(0)) { $0 | 1 << UInt64($1 - 1) }
        #expect(ignoring & stopping == 0, "ignored: \(String(ignoring, radix: 16))")
    }

    @Test func releasingTheAccessibilityBusEndsItsBusAndRegistry() throws {
        var groups: [pid_t] = []
        var running = ""
        do {
            let bus = try PrivateAccessibilityBus()
            let weston = try HeadlessWeston()
            // Embedding a window starts the registry on the accessibility bus.
            let window = try SliderWindow(WindowConfiguration(title: "processes", appID: "org.waylandslider.Processes\(UUID().uuidString.prefix(8))",
                                                              accessibility: .session(address: bus.sessionAddress)),
                                          sliders: [], socket: weston.socketPath)
            #expect(window.isAccessibilityPublished)
            groups = bus.processGroups + weston.processGroups
            let deadline = MonotonicTime.seconds() + 10
            while !commandLines(groups.flatMap { ChildProcess.processes(inGroup: $0) }).contains("at-spi2-registryd"),
                  MonotonicTime.seconds() < deadline {
                try window.dispatch(timeout: 0.05)
            }
            running = commandLines(groups.flatMap { ChildProcess.processes(inGroup: $0) })
        }
        #expect(running.contains("at-spi-bus-launcher"), "\(running)")
        #expect(running.contains("at-spi2-registryd"), "\(running)")
        #expect(running.contains("weston"), "\(running)")
        let left = survivors(of: groups)
        #expect(left.isEmpty, "still running after the release:\n\(commandLines(left))")
    }

    /// Alone, and with a touchscreen: inside a private weston, which ends with it.
    @Test(arguments: HeadlessWlroots.Kind.onThisRelease, [false, true])
    func releasingAWlrootsCompositorEndsItAndItsClients(_ kind: HeadlessWlroots.Kind, touchscreen: Bool) throws {
        var groups: [pid_t] = []
        var directories: [URL] = []
        do {
            let compositor = try HeadlessWlroots(kind, kiosk: touchscreen ? .landscape : .portrait, touchscreen: touchscreen)
            groups = compositor.processGroups
            directories = [compositor.runtimeDirectory] + (compositor.touchHost.map { [$0.runtimeDirectory] } ?? [])
            let running = commandLines(groups.flatMap { ChildProcess.processes(inGroup: $0) })
            #expect(running.contains(kind.rawValue) && running.contains("weston") == touchscreen, "\(running)")
        }
        let left = survivors(of: groups)
        #expect(left.isEmpty, "\(kind): still running after the release:\n\(commandLines(left))")
        #expect(directories.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "\(kind): left \(directories)")
    }

    /// KWin 6 has an X server of its own too (HeadlessKWin); with a touchscreen, KWin runs inside a private
    /// weston instead, which ends with it.
    @Test(arguments: [false, true])
    func releasingKWinEndsItAndItsSessionBus(touchscreen: Bool) throws {
        var groups: [pid_t] = []
        var directories: [URL] = []
        do {
            let kwin = try HeadlessKWin(touchscreen: touchscreen)
            groups = kwin.processGroups
            directories = [kwin.runtimeDirectory] + (kwin.touchHost.map { [$0.runtimeDirectory] } ?? [])
            #expect(groups.count == (HeadlessKWin.isKWin5 && !touchscreen ? 2 : 3))
            let running = commandLines(groups.flatMap { ChildProcess.processes(inGroup: $0) })
            #expect(running.contains("kwin_wayland") && running.contains("weston") == touchscreen, "\(running)")
        }
        let left = survivors(of: groups)
        #expect(left.isEmpty, "still running after the release:\n\(commandLines(left))")
        #expect(directories.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "left \(directories)")
    }
}
