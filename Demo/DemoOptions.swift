import SliderCore

/// The demo's command line: `--theme NAME`, `--scale S`, `--rtl`, `--out FILE.png`.
struct DemoOptions {
    var theme = Theme.iosLight
    var scale = 2.0
    var layoutDirection = LayoutDirection.leftToRight
    var output = "slider-panel.png"

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init<Arguments: Sequence<String>>(_ arguments: Arguments) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--theme":
                guard let name = iterator.next(), let theme = Theme(rawValue: name) else {
                    throw UsageError(description: "--theme takes one of: \(Theme.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.theme = theme
            case "--scale":
                guard let text = iterator.next(), let scale = Double(text), scale.isFinite, scale >= 0.5, scale <= 4 else {
                    throw UsageError(description: "--scale takes a number from 0.5 to 4")
                }
                self.scale = scale
            case "--rtl":
                layoutDirection = .rightToLeft
            case "--out":
                guard let path = iterator.next(), !path.isEmpty else { throw UsageError(description: "--out takes a file name") }
                output = path
            case "--help", "-h":
                throw UsageError(description: "usage: slider-demo [--theme ios-light|ios-dark|material-light|material-dark] [--scale S] [--rtl] [--out FILE.png]")
            default:
                throw UsageError(description: "unknown argument \(argument); try --help")
            }
        }
    }
}
