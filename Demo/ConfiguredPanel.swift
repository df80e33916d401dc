import Foundation
import PrivateCompositors
import PanelProgram
import SliderPanel

/// `slider-demo panel --config FILE`: what `slider-panel FILE` does (`PanelFileWindow`), and, on the demo's own
/// headless compositor (no session, or `--headless`), a run that ends with its standard input and saves its
/// screenshot.
struct ConfiguredPanel {
    let path: String
    let windowOptions: PanelWindowOptions
    let exitsAtEndOfInput: Bool
    /// Where a headless run saves its screenshot when it ends (`--screenshot`).
    let screenshotPath: String

    func run(display: DisplayOptions) throws {
        // The file is read and checked before any compositor starts.
        let panel = try PanelFileWindow(loading: path, options: windowOptions, programName: "slider-demo")
        let session = try DisplaySession.open(forceHeadless: display.forcesHeadless, compositor: display.compositor ?? .weston,
                                              width: 1024, height: 768, scale: display.scale, westonRenderer: display.westonRenderer)
        // A headless compositor closes no window: there the run ends with its input.
        // The demo's own handlers end it on a signal, with its private compositor (DisplaySession).
        let window = try panel.run(socket: session.socket, isDecorated: !session.isHeadless, endsWithInput: exitsAtEndOfInput || session.isHeadless,
                                   endsOnSignals: false)
        if let headless = session.headless {
            try window.waitUntilShown(timeout: 5)
            let image = try headless.screenshot(showing: window.frameLoop)
            try image.writePNG(to: screenshotPath)
            print("slider-demo: screenshot \(image.width) x \(image.height) px: \(URL(fileURLWithPath: screenshotPath).standardizedFileURL.path)")
        }
    }
}
