// slider-demo: the WaylandSlider control panel in a Wayland window (or on a private headless weston when
// there is no session: it then saves a screenshot and exits), and `slider-demo bench`, the frame-timing
// benchmark. `slider-demo --help` lists the options.
import Foundation

do {
    let options = try DemoOptions(CommandLine.arguments.dropFirst())
    switch options.command {
    case .panel: exit(try PanelCommand.run(options))
    case .bench: exit(try BenchCommand.run(options))
    }
} catch let error as DemoOptions.UsageError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("slider-demo: \(error)\n".utf8))
    exit(1)
}
