/// A rectangle of whole device pixels: what a scissor box or a swap-with-damage rectangle needs.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest pixel rectangle covering `rect` (device pixels), clipped to `0..<limitWidth`, `0..<limitHeight`.
    ///
    /// Non-finite input gives an empty rectangle rather than a trap.
    package init(covering rect: Rect, limitWidth: Int, limitHeight: Int) {
        guard rect.isFinite, !rect.isEmpty else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = Int(Swift.max(0, Swift.min(Double(limitWidth), rect.minX.rounded(.down))))
        let y0 = Int(Swift.max(0, Swift.min(Double(limitHeight), rect.minY.rounded(.down))))
        let x1 = Int(Swift.max(0, Swift.min(Double(limitWidth), rect.maxX.rounded(.up))))
        let y1 = Int(Swift.max(0, Swift.min(Double(limitHeight), rect.maxY.rounded(.up))))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    package var area: Int { isEmpty ? 0 : width * height }

    /// True when the two share at least one pixel or touch along an edge.
    package func touches(_ other: PixelRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }

    /// The smallest pixel rectangle containing both.
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }
}
