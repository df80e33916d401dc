/// A window as a layer surface (wlroots' layer shell): a panel or an on-screen display placed against the
/// edges of an output and stacked in a layer above or below the other windows, as panels, docks and volume
/// overlays are. Offered by sway, labwc and KWin; not by cage, weston or GNOME, where a window asking for it
/// fails with `WaylandError.missingGlobal("zwlr_layer_shell_v1", ...)`.
public struct LayerPlacement: Equatable, Sendable {
    /// The layers, from the bottom up: `top` is above normal windows, `overlay` above fullscreen ones too.
    public enum Layer: UInt32, Equatable, Sendable, CaseIterable {
        case background = 0, bottom, top, overlay
    }

    /// Output edges.
    public struct Edges: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let bottom = Edges(rawValue: 2)
        public static let left = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
    }

    /// The layer. Default: `.overlay`.
    public var layer: Layer
    /// The edges the window keeps to; anchored to two opposite edges it spans the output between them, to
    /// none it is centred. Default: the bottom edge (centred along it, at the configuration's size).
    public var anchor: Edges
    /// Keep other windows clear of it (a dock): the compositor takes its height (or width, at a side) off
    /// their area. Default: false (it lies over them, as an on-screen display).
    public var reservesSpace: Bool
    /// The distance from the anchored edges in points, 0...4096. Default: 0.
    public var margin: Double

    public init(layer: Layer = .overlay, anchor: Edges = [.bottom], reservesSpace: Bool = false, margin: Double = 0) {
        self.layer = layer
        self.anchor = anchor
        self.reservesSpace = reservesSpace
        self.margin = margin
    }
}
