import Glibc
import SliderCore

/// The built-in icons (and the popup's arrow) as signed distance functions, rasterized once into the
/// atlas as distance fields, so they draw crisp at any size through the same textured path as glyphs.
/// Shapes are in a unit box (0...1, y down); distances are positive inside.
enum SymbolShapes {
    /// Texels per side of a symbol's cell.
    static let cellSize = 128
    /// The arrow's cell: twice as wide as tall, like the popup arrow it becomes.
    static let arrowCell = (width: 128, height: 64)

    /// The distance field of `symbol`, one byte per texel (`DistanceFieldEncoding`), `cellSize` square.
    static func distanceField(_ symbol: SliderSymbol) -> [UInt8] {
        rasterize(width: cellSize, height: cellSize) { x, y in distance(symbol, x, y) * Double(cellSize) }
    }

    /// The arrow, tip down: a triangle filling its cell, reaching two texels past the top so it joins the
    /// bubble without a seam.
    static func arrowDistanceField() -> [UInt8] {
        let w = Double(arrowCell.width), h = Double(arrowCell.height)
        let triangle = [(0.0, -2.0), (w, -2.0), (w / 2, h)]
        return rasterize(width: arrowCell.width, height: arrowCell.height) { x, y in
            polygon(x * w, y * h, triangle)
        }
    }

    /// Samples `distance` (texels, positive inside) at every texel centre of a `width` x `height` cell; the
    /// closure gets the centre in unit coordinates.
    private static func rasterize(width: Int, height: Int, _ distance: (Double, Double) -> Double) -> [UInt8] {
        var field = [UInt8](repeating: 0, count: width * height)
        for j in 0..<height {
            for i in 0..<width {
                let d = distance((Double(i) + 0.5) / Double(width), (Double(j) + 0.5) / Double(height))
                field[j * width + i] = DistanceFieldEncoding.byte(forDistance: d)
            }
        }
        return field
    }

    /// The signed distance of `symbol` at (x, y), in units of the box.
    static func distance(_ symbol: SliderSymbol, _ x: Double, _ y: Double) -> Double {
        switch symbol {
        case .minus: return capsule(x, y, 0.2, 0.5, 0.8, 0.5, radius: 0.065)
        case .plus: return max(capsule(x, y, 0.2, 0.5, 0.8, 0.5, radius: 0.065), capsule(x, y, 0.5, 0.2, 0.5, 0.8, radius: 0.065))
        case .sunSmall: return sun(x, y, core: 0.15, rayFrom: 0.25, rayTo: 0.33, rayRadius: 0.04)
        case .sunLarge: return sun(x, y, core: 0.19, rayFrom: 0.29, rayTo: 0.43, rayRadius: 0.045)
        case .speakerQuiet: return max(speaker(x, y), arc(x, y, radius: 0.17, halfWidth: 0.045))
        case .speakerLoud:
            return max(speaker(x, y), arc(x, y, radius: 0.17, halfWidth: 0.045), arc(x, y, radius: 0.29, halfWidth: 0.045),
                       arc(x, y, radius: 0.41, halfWidth: 0.045))
        }
    }

    /// The eight ray directions of a sun, computed once (not per texel).
    private static let rayDirections: [(Double, Double)] = (0..<8).map { k in
        let angle = Double(k) * Double.pi / 4
        return (cos(angle), sin(angle))
    }

    /// A disc with eight rays.
    private static func sun(_ x: Double, _ y: Double, core: Double, rayFrom: Double, rayTo: Double, rayRadius: Double) -> Double {
        var d = core - hypot(x - 0.5, y - 0.5)
        for (c, s) in rayDirections {
            d = max(d, capsule(x, y, 0.5 + c * rayFrom, 0.5 + s * rayFrom, 0.5 + c * rayTo, 0.5 + s * rayTo, radius: rayRadius))
        }
        return d
    }

    /// The speaker's box and cone, facing right, its mouth at x = 0.44.
    private static func speaker(_ x: Double, _ y: Double) -> Double {
        polygon(x, y, [(0.1, 0.39), (0.24, 0.39), (0.44, 0.2), (0.44, 0.8), (0.24, 0.61), (0.1, 0.61)])
    }

    /// A sound wave: an arc of ±45 degrees around the speaker's mouth, round ends.
    private static func arc(_ x: Double, _ y: Double, radius: Double, halfWidth: Double) -> Double {
        let cx = 0.42, cy = 0.5
        let angle = atan2(y - cy, x - cx), limit = Double.pi / 4
        if abs(angle) <= limit { return halfWidth - abs(hypot(x - cx, y - cy) - radius) }
        let end = angle > 0 ? limit : -limit
        return halfWidth - hypot(x - (cx + radius * cos(end)), y - (cy + radius * sin(end)))
    }

    /// A segment from (ax, ay) to (bx, by) thickened by `radius`.
    private static func capsule(_ x: Double, _ y: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, radius: Double) -> Double {
        radius - segmentDistance(x, y, ax, ay, bx, by)
    }

    private static func segmentDistance(_ x: Double, _ y: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let (dx, dy) = (bx - ax, by - ay)
        let t = min(max(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0), 1)
        return hypot(x - ax - t * dx, y - ay - t * dy)
    }

    /// A simple polygon (any winding, convex or not): the distance to its nearest edge, positive inside
    /// (even-odd rule).
    static func polygon(_ x: Double, _ y: Double, _ points: [(Double, Double)]) -> Double {
        var nearest = Double.infinity
        var inside = false
        var j = points.count - 1
        for i in 0..<points.count {
            let (ax, ay) = points[j], (bx, by) = points[i]
            nearest = min(nearest, segmentDistance(x, y, ax, ay, bx, by))
            if (ay > y) != (by > y), x < ax + (y - ay) / (by - ay) * (bx - ax) { inside.toggle() }
            j = i
        }
        return inside ? nearest : -nearest
    }
}
