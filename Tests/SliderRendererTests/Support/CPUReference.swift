import Foundation
@_spi(Internals) import SliderCore
@testable import SliderRenderer

/// A slow, obviously correct CPU rasterizer of the scene's shapes, for measuring the GPU path.
///
/// - Shapes (rounded rect, circle, tick, borders): each pixel's coverage is the fraction of a 16 x 16 grid of
///   sample points inside the shape (inside: within `radius` of the rect shrunk by `radius`). Pixels whose
///   centre lies more than a pixel's half-diagonal from the edge are wholly inside or outside.
/// - Shadows: the shape's mask convolved with a 2-D Gaussian (sigma = blur / 2), averaged over a 4 x 4 grid
///   per pixel: for each row of the mask, the Gaussian's integral across it is exact (erf); the rows are
///   summed by Simpson's rule over the rows inside the rect within ±6 sigma.
/// - Built-in symbols and the popup arrow: the fraction of a 16 x 16 grid of samples where the symbol's exact
///   signed distance function (`SymbolShapes`) is positive, so the atlas's stored distance field is measured.
/// Compositing is premultiplied "over", in Double.
enum CPUReference {
    /// Premultiplied RGBA per pixel, 0...1, top row first.
    static func render(_ scene: Scene, background: Color) -> [Double] {
        let w = scene.pixelWidth, h = scene.pixelHeight
        var out = [Double](repeating: 0, count: w * h * 4)
        let bg = premultiplied(background)
        for i in 0..<(w * h) { for c in 0..<4 { out[i * 4 + c] = bg[c] } }
        for p in scene.primitives {
            guard p.kind != .text, p.rect.width > 0, p.rect.height > 0 else { continue }
            let shape: ((Double, Double) -> Double)?
            switch p.slot {
            case .image(.symbol(let symbol)): shape = { SymbolShapes.distance(symbol, $0, $1) }
            case .arrow(let down):
                let w = Double(SymbolShapes.arrowCell.width), h = Double(SymbolShapes.arrowCell.height)
                shape = { u, v in SymbolShapes.polygon(u * w, (down ? v : 1 - v) * h, [(0, -2), (w, -2), (w / 2, h)]) }
            default: shape = nil
            }
            if p.kind == .image && shape == nil { continue }
            // Shadows are integrated out to five standard deviations, past the renderer's quad, so the
            // comparison also measures what the quad's edge cuts off.
            let b = p.kind == .shadow ? p.rect.outset(by: 1 + 2.5 * p.blur) : p.bounds
            let x0 = max(0, Int(b.minX.rounded(.down))), y0 = max(0, Int(b.minY.rounded(.down)))
            let x1 = min(w, Int(b.maxX.rounded(.up))), y1 = min(h, Int(b.maxY.rounded(.up)))
            guard x1 > x0, y1 > y0 else { continue }
            let fill = premultiplied(p.fillColor), border = premultiplied(p.borderColor)
            let radius = min(p.cornerRadius, p.rect.width / 2, p.rect.height / 2)
            for y in y0..<y1 {
                for x in x0..<x1 {
                    var src = [0.0, 0, 0, 0]
                    if let shape {
                        // Textured quads cover exactly their rect.
                        let a = sampledCoverage(x: x, y: y) { px, py in
                            p.rect.contains(Point(x: px, y: py)) && shape((px - p.rect.minX) / p.rect.width, (py - p.rect.minY) / p.rect.height) > 0
                        }
                        for c in 0..<4 { src[c] = fill[c] * a }
                    } else if p.kind == .shadow {
                        let a = shadow(x: x, y: y, rect: p.rect, radius: radius, sigma: p.blur / 2)
                        for c in 0..<4 { src[c] = fill[c] * a }
                    } else {
                        let outer = coverage(x: x, y: y, rect: p.rect, radius: radius)
                        let inner = p.borderWidth > 0
                            ? coverage(x: x, y: y, rect: p.rect.insetBy(dx: p.borderWidth, dy: p.borderWidth),
                                       radius: max(0, radius - p.borderWidth))
                            : outer
                        for c in 0..<4 { src[c] = fill[c] * inner + border[c] * (outer - inner) }
                    }
                    let i = (y * w + x) * 4
                    let keep = 1 - src[3]
                    for c in 0..<4 { out[i + c] = src[c] + out[i + c] * keep }
                }
            }
        }
        return out
    }

    /// The fraction of a 16 x 16 grid of samples in pixel (x, y) for which `inside` holds.
    static func sampledCoverage(x: Int, y: Int, inside: (Double, Double) -> Bool) -> Double {
        var hits = 0
        for j in 0..<16 {
            for i in 0..<16 where inside(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16) { hits += 1 }
        }
        return Double(hits) / 256
    }

    static func premultiplied(_ c: Color) -> [Double] { [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha] }

    /// True when (px, py) is inside the rounded rect.
    static func inside(_ px: Double, _ py: Double, rect: Rect, radius: Double) -> Bool {
        let cx = min(max(px, rect.minX + radius), rect.maxX - radius)
        let cy = min(max(py, rect.minY + radius), rect.maxY - radius)
        let dx = px - cx, dy = py - cy
        return dx * dx + dy * dy <= radius * radius && px >= rect.minX && px <= rect.maxX && py >= rect.minY && py <= rect.maxY
    }

    /// Distance from (px, py) to the rounded rect's edge, negative inside (for skipping whole pixels only).
    static func distance(_ px: Double, _ py: Double, rect: Rect, radius: Double) -> Double {
        let qx = abs(px - rect.midX) - rect.width / 2 + radius
        let qy = abs(py - rect.midY) - rect.height / 2 + radius
        return (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - radius
    }

    static func coverage(x: Int, y: Int, rect: Rect, radius: Double) -> Double {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let d = distance(Double(x) + 0.5, Double(y) + 0.5, rect: rect, radius: radius)
        if d <= -0.75 { return 1 }
        if d >= 0.75 { return 0 }
        var hits = 0
        for sy in 0..<16 {
            for sx in 0..<16 where inside(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16, rect: rect, radius: radius) {
                hits += 1
            }
        }
        return Double(hits) / 256
    }

    /// The blurred mask at pixel (x, y), averaged over the pixel.
    static func shadow(x: Int, y: Int, rect: Rect, radius: Double, sigma: Double) -> Double {
        guard sigma > 0.05 else { return coverage(x: x, y: y, rect: rect, radius: radius) }
        var total = 0.0
        for sy in 0..<4 {
            for sx in 0..<4 {
                total += shadowPoint(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4,
                                     rect: rect, radius: radius, sigma: sigma)
            }
        }
        return total / 16
    }

    static func shadowPoint(_ px: Double, _ py: Double, rect: Rect, radius: Double, sigma: Double) -> Double {
        // Rows exist only inside the rect: integrate over offsets v whose row py - v lies in it, within ±6 sigma,
        // so Simpson's rule never straddles the rect's top or bottom edge.
        let low = max(-6 * sigma, py - rect.maxY), high = min(6 * sigma, py - rect.minY)
        guard high > low else { return 0 }
        let n = 64
        let step = (high - low) / Double(n)
        var sum = 0.0
        for k in 0...n {
            let v = low + Double(k) * step
            let weight = (k == 0 || k == n) ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0)
            let g = exp(-v * v / (2 * sigma * sigma)) / (sigma * (2 * Double.pi).squareRoot())
            sum += weight * g * rowIntegral(px, py - v, rect: rect, radius: radius, sigma: sigma)
        }
        return sum * step / 3
    }

    /// The Gaussian's integral across the mask's row at height `rowY`, seen from x = `px`.
    static func rowIntegral(_ px: Double, _ rowY: Double, rect: Rect, radius: Double, sigma: Double) -> Double {
        guard rowY >= rect.minY, rowY <= rect.maxY else { return 0 }
        let dy = max(rect.minY + radius - rowY, 0, rowY - (rect.maxY - radius))
        let indent = radius - (max(0, radius * radius - dy * dy)).squareRoot()
        let left = rect.minX + indent, right = rect.maxX - indent
        guard right > left else { return 0 }
        let s = sigma * 2.0.squareRoot()
        return 0.5 * (erf((right - px) / s) - erf((left - px) / s))
    }
}
