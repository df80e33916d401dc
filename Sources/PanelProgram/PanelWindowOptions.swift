import Foundation
import ArgumentParser
@_spi(Internals) import WaylandSlider

/// How a panel's window is placed: the options `slider-panel` and `slider-demo panel` share.
package struct PanelWindowOptions: ParsableArguments {
    @Flag(name: .customLong("fullscreen"), help: "Ask for a fullscreen window.")
    package var isFullscreen = false

    @Flag(name: .customLong("hide-cursor"), help: "Hide the pointer over the window.")
    package var hidesCursor = false

    @Option(name: .customLong("layer"), help: ArgumentHelp("Show the panel as a layer surface in this layer, on an output's edge (sway, labwc, KWin).",
                                                           valueName: "layer"))
    package var layer: PanelLayer?

    @Option(name: .customLong("anchor"), help: ArgumentHelp("With --layer: the edges the panel keeps to, joined by commas.",
                                                            valueName: "edges"))
    package var anchor = "bottom"

    @Flag(name: .customLong("dock"), help: "With --layer: keep other windows clear of the panel.")
    package var docks = false

    package init() {}

    package func validate() throws { _ = try placement() }

    /// The layer placement `--layer`, `--anchor` and `--dock` ask for; nil without `--layer`.
    package func placement() throws -> LayerPlacement? {
        guard let layer else {
            if docks || anchor != "bottom" { throw ValidationError("--anchor and --dock go with --layer") }
            return nil
        }
        var edges: LayerPlacement.Edges = []
        for name in anchor.split(separator: ",", omittingEmptySubsequences: false) {
            switch name.trimmingCharacters(in: .whitespaces) {
            case "top": edges.insert(.top)
            case "bottom": edges.insert(.bottom)
            case "left": edges.insert(.left)
            case "right": edges.insert(.right)
            default: throw ValidationError("--anchor takes edges joined by commas (top, bottom, left, right), not \"\(name)\"")
            }
        }
        return LayerPlacement(layer: layer.layer, anchor: edges, reservesSpace: docks)
    }
}

/// `--layer`: the layers of `LayerPlacement` by name.
package enum PanelLayer: String, ExpressibleByArgument, CaseIterable {
    case overlay, top, bottom, background

    var layer: LayerPlacement.Layer {
        switch self {
        case .overlay: .overlay
        case .top: .top
        case .bottom: .bottom
        case .background: .background
        }
    }
}
