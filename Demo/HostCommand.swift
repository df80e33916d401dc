import ArgumentParser
import Foundation
import PrivateCompositors
@_spi(Internals) import SliderWayland

/// `slider-demo host`: runs another program on a private headless compositor started as `slider-demo bench`
/// starts it (the same compositor, output, scale and rate), so a reference client such as
/// `weston-presentation-shm` is measured beside the bench on the same output. The program gets the
/// compositor's socket in WAYLAND_DISPLAY and its runtime folder in XDG_RUNTIME_DIR; what it prints is printed
/// when it ends, and the compositor ends with it. At `--seconds` it is stopped with SIGINT, as Ctrl-C stops it
/// at a terminal: weston-presentation-shm ends on that and writes out what it buffered, where SIGTERM would
/// end it with its last block of lines unwritten (SIGKILL follows after a second).
struct HostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Run a program on the private compositor the bench starts (a reference client beside the bench).",
        discussion: "slider-demo host --compositor sway --refresh 120 --seconds 5 -- weston-presentation-shm -p")

    @OptionGroup var display: DisplayOptions

    @Option(help: ArgumentHelp("The private compositor's output in device pixels, as the bench takes it.", valueName: "WIDTHxHEIGHT"),
            transform: OutputSize.init(parsing:))
    var output: OutputSize?

    @Option(help: ArgumentHelp("Stop the program after this many seconds (more than 0, at most 600), as a finished run; else wait for it to end.",
                               valueName: "seconds"))
    var seconds: Double?

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The program and its arguments (after --).", valueName: "program"))
    var command: [String] = []

    /// The program and its arguments, without the `--` before them.
    private var programArguments: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    func validate() throws {
        if let seconds, !(seconds > 0 && seconds <= 600) { throw ValidationError("--seconds takes a number of seconds above 0 and at most 600, not \(seconds)") }
        guard let program = programArguments.first else { throw ValidationError("name the program to run, after --") }
        guard Self.executable(named: program) != nil else { throw ValidationError("no program \(program) on PATH") }
    }

    func run() throws {
        do { try host() } catch let exit as ExitCode { throw exit } catch { throw exitReporting(error) }
    }

    private func host() throws {
        let arguments = programArguments
        guard let program = arguments.first, let path = Self.executable(named: program) else { throw ExitCode.validationFailure }
        let size = display.outputSize(output)
        let session = try DisplaySession.open(forceHeadless: true, compositor: display.compositor ?? .weston, width: size.width, height: size.height,
                                              scale: display.scale, refresh: display.refresh, westonRenderer: display.westonRenderer, screenshots: false)
        guard let compositor = session.headless else { throw DemoError(description: "no private compositor was started") }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = compositor.socketPath
        environment["XDG_RUNTIME_DIR"] = compositor.runtimeDirectory.path
        let log = compositor.runtimeDirectory.appendingPathComponent("host-\(getpid()).log").path
        let child = try ChildProcess(path, Array(arguments.dropFirst()), environment: environment, outputPath: log)
        let deadline = seconds.map { MonotonicTime.seconds() + $0 }
        while child.isRunning, deadline.map({ MonotonicTime.seconds() < $0 }) ?? true { usleep(10_000) }
        let stopped = child.isRunning
        if stopped { child.stop(with: SIGINT, grace: 1) }
        let status = child.wait()
        FileHandle.standardOutput.write((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data())
        compositor.shutDown()
        // A program stopped at --seconds ran as asked; one that ended on its own ends the command with its status.
        if !stopped && status != 0 { throw ExitCode(status) }
    }

    /// The file `name` runs: a path as given, else the first executable of that name on PATH.
    static func executable(named name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
