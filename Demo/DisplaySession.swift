import Foundation
import PrivateCompositors

/// The private headless compositors the demo can start (`--compositor`).
enum HeadlessCompositor: String, CaseIterable {
    case weston, sway, cage, kwin, labwc, gnome

    /// sway, cage and labwc: wlroots' compositors (a virtual pointer; touch only from inside a weston).
    var isWlroots: Bool { [.sway, .cage, .labwc].contains(self) }

    /// sway, cage, labwc and KWin: the ones that run inside a private weston, whose touchscreen reaches their
    /// seat (wlroots has no virtual touch, and KWin's fake touch reached no window).
    var runsInsideWeston: Bool { isWlroots || self == .kwin }

    /// How reports name it, weston compositing with `westonRenderer` (the release is the machine's: weston 10
    /// or 14, sway 1.7 or 1.10, and so on; labwc and GNOME Shell's headless mode are Debian 13's).
    func title(westonRenderer: HeadlessWeston.Renderer) -> String {
        switch self {
        case .weston: "private headless weston (\(westonRenderer == .gl ? "GL renderer" : "pixman"))"
        case .sway: "private headless sway (pixman, floating window)"
        case .cage: "private headless cage (pixman, kiosk: fullscreen)"
        case .kwin: "private headless KWin"
        case .labwc: "private headless labwc (pixman)"
        case .gnome: "private headless GNOME Shell (virtual monitor)"
        }
    }
}

/// Where the demo's window goes: the running Wayland session, or, when there is none (a fresh server,
/// CI) or one is asked for, a private headless compositor the demo starts itself and stops on exit.
struct DisplaySession {
    /// The socket to connect to: nil for WAYLAND_DISPLAY.
    let socket: String?
    /// The private compositor, when the demo started one.
    let headless: PrivateCompositor?
    /// Which one it is.
    let kind: HeadlessCompositor?
    /// How reports name it: nil for the running session.
    let title: String?

    var isHeadless: Bool { headless != nil }

    /// The private weston sway, cage, labwc or KWin runs inside (`insideWeston`), nil otherwise.
    var enclosingWeston: HeadlessWeston? { headless?.touchHost }

    /// True when WAYLAND_DISPLAY names a socket that exists (absolute, or in XDG_RUNTIME_DIR).
    static var hasSession: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return false }
        if display.hasPrefix("/") { return FileManager.default.fileExists(atPath: display) }
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/" + display)
    }

    /// Uses the session when there is one (unless `forceHeadless`), else starts `compositor` with an output
    /// of `width` x `height` device pixels at integer `scale` (cage's output is its own: 720 x 1280), weston
    /// compositing with `westonRenderer` (default pixman). Without `screenshots`, KWin 6 runs on its virtual
    /// backend, whose output repaints on its own timer (the X11-windowed one it is read back from repaints at
    /// the pace of its X server). `insideWeston` runs sway, cage, labwc or KWin inside a private weston whose
    /// seat has a touchscreen (`PrivateCompositor.touchHost`), on a 1280 x 720 output at scale 1 (the window
    /// their Wayland backend makes), whatever `width`, `height` and `scale` say; `refresh` is then weston's.
    static func open(forceHeadless: Bool, compositor: HeadlessCompositor = .weston, width: Int, height: Int, scale: Int,
                     refresh: Double? = nil, westonRenderer: HeadlessWeston.Renderer? = nil, screenshots: Bool = true,
                     insideWeston: Bool = false) throws -> DisplaySession {
        if hasSession && !forceHeadless {
            if refresh != nil { throw DemoError(description: "--refresh sets a private compositor's output: add --compositor") }
            if westonRenderer != nil { throw DemoError(description: "--weston-renderer sets a private weston's renderer: add --compositor weston") }
            return DisplaySession(socket: nil, headless: nil, kind: nil, title: nil)
        }
        if refresh != nil, compositor == .kwin, !insideWeston {
            throw DemoError(description: "--refresh: KWin's headless output refreshes at 60 Hz here (add --inside-weston for weston's rate)")
        }
        if insideWeston, !compositor.runsInsideWeston {
            throw DemoError(description: "--inside-weston runs sway, cage, labwc or KWin inside a private weston, not \(compositor.rawValue)")
        }
        let started: PrivateCompositor = switch compositor {
        case .weston: try HeadlessWeston(width: width, height: height, scale: scale, refresh: refresh, renderer: westonRenderer ?? .pixman)
        case .sway where insideWeston: try HeadlessWlroots(.sway, refresh: refresh, floating: true, touchscreen: true)
        case .sway: try HeadlessWlroots(.sway, width: width, height: height, scale: Double(scale), refresh: refresh, floating: true)
        case .cage: try HeadlessWlroots(.cage, refresh: refresh, touchscreen: insideWeston)
        case .kwin where insideWeston: try HeadlessKWin(touchscreen: true, refresh: refresh)
        case .kwin: try HeadlessKWin(width: width / scale, height: height / scale, scale: Double(scale), screenshots: screenshots)
        case .labwc where insideWeston: try HeadlessWlroots(.labwc, refresh: refresh, touchscreen: true)
        case .labwc: try HeadlessWlroots(.labwc, width: width, height: height, scale: Double(scale), refresh: refresh)
        case .gnome: try HeadlessGnome(width: width / scale, height: height / scale, scale: Double(scale), refresh: refresh ?? 60)
        }
        endWithCompositor(started)
        var title = compositor.title(westonRenderer: westonRenderer ?? .pixman)
        if let host = started.touchHost {
            title += " inside a private weston (\(host.renderer == .gl ? "GL renderer" : "pixman")), input through weston's seat, presented by both"
        }
        return DisplaySession(socket: started.socketPath, headless: started, kind: compositor, title: title)
    }
}

extension DisplaySession {
    /// The signal sources, kept for the life of the process.
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// SIGTERM, SIGINT and SIGHUP (a service stopped, Ctrl-C, a terminal closed) end the demo with its private
    /// compositor, as its own exit would: the compositor's runtime directory is removed, then the signal takes
    /// its usual course (the exit status tells which), and the compositor, started with this process's death as
    /// its signal to end (setpriv --pdeathsig), ends with it. The compositor is not stopped first: the window
    /// would see its connection close and exit on its own, with another status, before the signal's turn.
    ///
    /// A process inherits its blocked signals from the thread that started it (a test runner's worker thread
    /// blocks these three): they are unblocked here, and in the handler's thread (Dispatch's workers block every
    /// signal) before the signal is raised again.
    private static func endWithCompositor(_ compositor: PrivateCompositor) {
        let runtimeDirectory = compositor.runtimeDirectory
        var ending = sigset_t()
        sigemptyset(&ending)
        for number in [SIGTERM, SIGINT, SIGHUP] {
            sigaddset(&ending, number)
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(at: runtimeDirectory)
                signal(number, SIG_DFL)
                var raised = sigset_t()
                sigemptyset(&raised)
                sigaddset(&raised, number)
                pthread_sigmask(SIG_UNBLOCK, &raised, nil)
                raise(number)
            }
            source.resume()
            signalSources.append(source)
        }
        pthread_sigmask(SIG_UNBLOCK, &ending, nil)
    }
}
