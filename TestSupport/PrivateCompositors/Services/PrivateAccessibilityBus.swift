import Foundation

/// A private session bus with the AT-SPI accessibility bus on it, as a desktop session has: `dbus-daemon
/// --session` at an address of its own, and at-spi2-core's `at-spi-bus-launcher`, which owns `org.a11y.Bus`
/// there and starts the accessibility bus (the registry, `at-spi2-registryd`, is started by that bus when
/// the first application embeds itself). Each instance has its own runtime dir, so several run side by
/// side; everything stops when it is released, or with this process.
package final class PrivateAccessibilityBus {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    /// The session bus's D-Bus address (`DBUS_SESSION_BUS_ADDRESS` for clients).
    package let sessionAddress: String
    /// The runtime dir the buses use.
    package let runtimeDirectory: URL
    private let session: ChildProcess
    private var launcher: ChildProcess?

    /// The environment a client of these buses runs with (pyatspi, Orca): this session bus, no X display.
    package var clientEnvironment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path,
         "DBUS_SESSION_BUS_ADDRESS": sessionAddress, "LANG": "C.UTF-8"]
    }

    /// Starts the session bus, and the accessibility bus on it unless `launchesAccessibilityBus` is false
    /// (a session where no assistive technology support runs).
    package init(launchesAccessibilityBus: Bool = true) throws {
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("atspi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let busPath = runtimeDirectory.appendingPathComponent("bus").path
        sessionAddress = "unix:path=\(busPath)"
        // Both die with this process (setpriv's parent-death signal), as the private compositors do.
        session = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/bin/dbus-daemon", "--session", "--nofork",
                                                        "--nopidfile", "--address=\(sessionAddress)"],
                                   environment: ["PATH": "/usr/bin:/bin"], outputPath: runtimeDirectory.appendingPathComponent("session-bus.log").path)
        do {
            try session.waitUntil(ready: { unixSocketAcceptsConnections(busPath) }, timeout: 20, name: "dbus-daemon --session",
                                  log: { self.log("session-bus.log") })
            guard launchesAccessibilityBus else { return }
            let launcher = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                            environment: clientEnvironment, outputPath: runtimeDirectory.appendingPathComponent("launcher.log").path)
            self.launcher = launcher
            // The launcher takes org.a11y.Bus once the accessibility bus is up.
            try launcher.waitUntil(ready: { self.hasAccessibilityBus }, timeout: 20,
                                   name: "at-spi-bus-launcher", log: { self.log("launcher.log") })
        } catch {
            stop()
            throw StartError(description: "\(error)")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// The process groups of the session bus and of the launcher (with the accessibility bus and the
    /// registry it starts): each ends when this object is released.
    package var processGroups: [pid_t] { [session.processGroup] + (launcher.map { [$0.processGroup] } ?? []) }

    /// Stops the launcher (and with it the accessibility bus and the registry) and the session bus.
    package func stop() {
        launcher?.stop(grace: 2)
        session.stop(grace: 2)
    }

    private func log(_ name: String) -> String {
        (try? String(contentsOf: runtimeDirectory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// True when `org.a11y.Bus` has an owner on the session bus.
    package var hasAccessibilityBus: Bool { hasOwner("org.a11y.Bus") }

    /// True when the well-known `name` has an owner on the session bus.
    package func hasOwner(_ name: String) -> Bool {
        let output = try? ChildProcess.run("/usr/bin/dbus-send", ["--bus=\(sessionAddress)", "--print-reply", "--dest=org.freedesktop.DBus",
                                                                  "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:\(name)"])
        return output?.contains("boolean true") == true
    }
}
