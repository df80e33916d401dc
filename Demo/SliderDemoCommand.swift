// slider-demo: the WaylandSlider control panel in a Wayland window (or on a private headless compositor when
// there is no session: it then saves a screenshot and exits), and `slider-demo bench`, the frame-timing
// benchmark. `slider-demo --help` lists the options; `slider-demo --generate-completion-script bash` prints
// a completion script.
import ArgumentParser
import Foundation
import PrivateCompositors
@_spi(Internals) import SliderWayland
import SliderPanel
import PanelProgram

@main
struct SliderDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slider-demo",
        abstract: "The WaylandSlider control panel, and its frame-timing benchmark.",
        discussion: """
            Without a Wayland session (no WAYLAND_DISPLAY), the panel runs on a private headless compositor, saves a \
            screenshot and exits.
            """,
        version: packageVersion,
        subcommands: [PanelCommand.self, BenchCommand.self, HostCommand.self],
        defaultSubcommand: PanelCommand.self)
}

/// Where the window goes and how it looks: options both commands take.
struct DisplayOptions: ParsableArguments {
    @Option(help: "The style preset and its background.")
    var theme = Theme.iosLight

    @Option(help: ArgumentHelp("The integer scale of the private headless compositor's output (1 to 4).", valueName: "n"))
    var scale = 2

    @Flag(help: "Start a private headless compositor even when a Wayland session is running.")
    var headless = false

    @Option(help: "Which private headless compositor to start (implies --headless).")
    var compositor: HeadlessCompositor?

    @Option(help: ArgumentHelp("The private compositor's refresh rate (weston 12 and later, sway, labwc, cage 0.2, GNOME; KWin refreshes at 60 Hz).", valueName: "Hz"))
    var refresh: Double?

    @Option(help: ArgumentHelp("The private weston's renderer: pixman (the CPU; the default) or gl (its GL renderer on the machine's GPU, else llvmpipe).", valueName: "pixman|gl"))
    var westonRenderer: HeadlessWeston.Renderer?

    mutating func validate() throws {
        guard (1...4).contains(scale) else { throw ValidationError("--scale takes 1, 2, 3 or 4 (the headless output's scale), not \(scale)") }
        if let refresh, !(refresh >= 1 && refresh <= 1000) { throw ValidationError("--refresh takes 1 to 1000 Hz, not \(refresh)") }
        if westonRenderer != nil, let compositor, compositor != .weston { throw ValidationError("--weston-renderer sets weston's renderer, not \(compositor.rawValue)'s") }
    }

    /// A private compositor is wanted: --headless or --compositor.
    var forcesHeadless: Bool { headless || compositor != nil }

    /// The size to start the private compositor with: `output`'s pixels (weston's headless output takes points,
    /// scaled by its scale; the others pixels), else 1024 x 768 as the bench always gave it.
    func outputSize(_ output: OutputSize?) -> (width: Int, height: Int) {
        guard let output else { return (1024, 768) }
        let scale = (compositor ?? .weston) == .weston ? max(scale, 1) : 1
        return (max(1, output.width / scale), max(1, output.height / scale))
    }
}

/// Reports `error` in one line and exits 1: what the demo does with any error of its own.
func exitReporting(_ error: Error) -> ExitCode {
    FileHandle.standardError.write(Data("slider-demo: \(error)\n".utf8))
    return ExitCode.failure
}

extension Theme: ExpressibleByArgument {}
extension HeadlessCompositor: ExpressibleByArgument {}
extension HeadlessWeston.Renderer: ExpressibleByArgument {}
extension BenchScenario: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}
extension CompositorDrag.Device: ExpressibleByArgument {}
