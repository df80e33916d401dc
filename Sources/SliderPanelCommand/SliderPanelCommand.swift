// slider-panel: the sliders a panel file describes, in a window of the running Wayland compositor (a kiosk's
// cage, a desktop, a layer on an output's edge), their values out and in as JSON lines. What the Debian package
// `slider-panel` installs; `slider-panel --help` lists the options, `slider-panel --generate-completion-script
// bash` prints a completion script.
import ArgumentParser
import Foundation
import PanelProgram

@main
struct SliderPanelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slider-panel",
        abstract: "Shows the sliders a panel file describes in a Wayland window; their values go out and come in as JSON lines.",
        discussion: """
            The panel file (YAML) names each slider's id, range, step, scale, values and look; the man page (and \
            docs/KIOSKS.md in the source) describes every key and the file's limits (256 KiB, 64 sliders). A value the user sets is printed \
            on standard output as a JSON line ({"editing":false,"id":"volume","value":40}); a line on standard input \
            sets one ({"id":"volume","value":40}). Needs a running Wayland compositor (WAYLAND_DISPLAY).
            """,
        version: packageVersion)

    @Argument(help: ArgumentHelp("The panel file.", valueName: "file.yaml"), completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @OptionGroup var window: PanelWindowOptions

    @Flag(name: .customLong("exit-at-end-of-input"), help: "Exit when standard input ends (by default the panel stays until its window is closed).")
    var exitsAtEndOfInput = false

    func run() throws {
        do {
            // The file is read and checked first: a file can be checked where no compositor runs.
            let panel = try PanelFileWindow(loading: file, options: window, programName: "slider-panel")
            guard let display = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"], !display.isEmpty else {
                throw PanelProgramError(description: "no Wayland session: WAYLAND_DISPLAY is not set (start the panel from a compositor: cage, weston, sway, labwc, KWin, GNOME)")
            }
            _ = try panel.run(socket: nil, isDecorated: true, endsWithInput: exitsAtEndOfInput)
        } catch {
            throw reportAndFail(error)
        }
    }

    private func reportAndFail(_ error: Error) -> ExitCode {
        FileHandle.standardError.write(Data("slider-panel: \(error)\n".utf8))
        return ExitCode.failure
    }
}
