import SliderCore

/// The demo's command line.
///
///     slider-demo [--theme NAME] [--scale N] [--fullscreen] [--hide-cursor] [--rtl] [--events]
///                 [--replay FILE] [--record FILE] [--screenshot FILE] [--headless] [--compositor NAME]
///     slider-demo bench [--seconds N] [--scenario drag|animation] [--replay FILE] [--json] [--plot FILE]
///                 [--theme NAME] [--scale N] [--headless] [--compositor NAME]
struct DemoOptions {
    enum Command: Equatable { case panel, bench }

    var command = Command.panel
    var theme = Theme.iosLight
    /// The integer scale of the headless output (a session's compositor picks its own).
    var scale = 2
    var isFullscreen = false
    var hidesCursor = false
    var layoutDirection = LayoutDirection.leftToRight
    var printsEvents = false
    var replayPath: String?
    var recordPath: String?
    var screenshotPath = "slider-panel.png"
    /// Start a private headless compositor even when a session is running.
    var forcesHeadless = false
    /// Which private headless compositor: weston (default), sway, cage or kwin.
    var compositor = HeadlessCompositor.weston
    // bench
    var seconds = 5.0
    var scenario = BenchScenario.drag
    var printsJSON = false
    var plotPath: String?

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        usage: slider-demo [--theme ios-light|ios-dark|material-light|material-dark] [--scale 1-4] [--fullscreen]
                           [--hide-cursor] [--rtl] [--events] [--replay FILE] [--record FILE] [--screenshot FILE] [--headless]
                           [--compositor weston|sway|cage|kwin]
               slider-demo bench [--seconds N] [--scenario drag|animation] [--replay FILE] [--json] [--plot FILE.png]
                           [--theme NAME] [--scale 1-4] [--headless] [--compositor weston|sway|cage|kwin]
        """

    init<Arguments: Sequence<String>>(_ arguments: Arguments) throws(UsageError) {
        var iterator = arguments.makeIterator()
        var first = true
        while let argument = iterator.next() {
            defer { first = false }
            func value(_ what: String) throws(UsageError) -> String {
                guard let next = iterator.next(), !next.isEmpty else { throw UsageError(description: "\(argument) takes \(what)") }
                return next
            }
            switch argument {
            case "bench" where first: command = .bench
            case "--theme":
                let name = try value("a theme name")
                guard let theme = Theme(rawValue: name) else {
                    throw UsageError(description: "--theme takes one of: \(Theme.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.theme = theme
            case "--scale":
                guard let scale = Int(try value("1, 2, 3 or 4")), (1...4).contains(scale) else {
                    throw UsageError(description: "--scale takes 1, 2, 3 or 4 (the headless output's scale)")
                }
                self.scale = scale
            case "--fullscreen": isFullscreen = true
            case "--hide-cursor": hidesCursor = true
            case "--rtl": layoutDirection = .rightToLeft
            case "--events": printsEvents = true
            case "--replay": replayPath = try value("a file")
            case "--record": recordPath = try value("a file")
            case "--screenshot": screenshotPath = try value("a file name")
            case "--headless": forcesHeadless = true
            case "--compositor":
                let name = try value("weston, sway, cage or kwin")
                guard let compositor = HeadlessCompositor(rawValue: name) else {
                    throw UsageError(description: "--compositor takes weston, sway, cage or kwin")
                }
                self.compositor = compositor
                forcesHeadless = true
            case "--seconds":
                guard let seconds = Double(try value("a number")), seconds.isFinite, seconds > 0, seconds <= 600 else {
                    throw UsageError(description: "--seconds takes a number of seconds from 0 to 600")
                }
                self.seconds = seconds
            case "--scenario":
                guard let scenario = BenchScenario(rawValue: try value("drag or animation")) else {
                    throw UsageError(description: "--scenario takes drag or animation")
                }
                self.scenario = scenario
            case "--json": printsJSON = true
            case "--plot": plotPath = try value("a PNG file name")
            case "--help", "-h": throw UsageError(description: DemoOptions.usage)
            default: throw UsageError(description: "unknown argument \(argument); try --help")
            }
        }
    }
}

/// What the benchmark's measured phase does.
enum BenchScenario: String {
    /// A pointer drag across the volume slider, one motion per frame (or `--replay FILE`, looped).
    case drag
    /// The volume slider animating between two values (setValue(_:animated:)), no input.
    case animation
}
