/// One row of the redrawn region in premultiplied Float, one plane per channel, where the CPU renderer
/// composites items ("over", in draw order) eight pixels at a time, then writes the row as ARGB8888. The
/// coverage of each pixel is the fragment shader's (`Shaders/slider.frag`) evaluated at its centre with
/// one device pixel per scene unit, in Float as the shader's highp; `ReferenceComparisonTests` hold the
/// two to each other.
struct RowCompositor {
    typealias Lanes = SIMD8<Float>
    static let lanes = 8
    /// Lane offsets of pixel centres: 0.5, 1.5, ... 7.5.
    static let centres = Lanes(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
    static let laneIndices = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)

    /// The row's planes: red, green, blue, alpha, each `capacity` floats: the widest row rounded up to
    /// whole lane groups, and one group more, since an item's lane groups start at its own first column.
    private var storage: UnsafeMutablePointer<Float>
    private var capacity: Int
    /// The row's first pixel column and width.
    private(set) var x = 0, width = 0

    init() {
        capacity = 0
        storage = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    }

    func deallocate() { storage.deallocate() }

    /// Starts a row of `width` pixels from column `x`, cleared to `clear` (premultiplied). Grows the planes
    /// only when a wider row than ever comes (no allocation in a steady frame).
    mutating func begin(x: Int, width: Int, clear: SIMD4<Float>) {
        let needed = (width + RowCompositor.lanes - 1) / RowCompositor.lanes * RowCompositor.lanes + RowCompositor.lanes
        if needed > capacity {
            storage.deallocate()
            storage = UnsafeMutablePointer<Float>.allocate(capacity: needed * 4)
            capacity = needed
        }
        self.x = x
        self.width = width
        for c in 0..<4 { (storage + c * capacity).update(repeating: clear[c], count: needed) }
    }

    @inline(__always) private func load(_ plane: Int, _ i: Int) -> Lanes {
        UnsafeRawPointer(storage + plane * capacity + i).loadUnaligned(as: Lanes.self)
    }

    @inline(__always) private func store(_ value: Lanes, _ plane: Int, _ i: Int) {
        UnsafeMutableRawPointer(storage + plane * capacity + i).storeBytes(of: value, as: Lanes.self)
    }

    /// Composites `item` over its pixels in row `y` (those in the row's columns).
    mutating func composite(_ item: RasterItem, row y: Int, atlas: PixelAtlas?) {
        let start = max(item.x0, x), end = min(item.x1, x + width)
        guard end > start else { return }
        switch item.kind {
        case .shape, .shadow: compositeShape(item, y: y, from: start, to: end)
        case .distanceField, .image:
            if let atlas { compositeTextured(item, y: y, from: start, to: end, atlas: atlas) }
        }
    }

    /// Blends premultiplied `r, g, b, a` over lanes `i..<i+8` of the row, lanes at or past `count` left alone.
    @inline(__always)
    private func blend(_ r: Lanes, _ g: Lanes, _ b: Lanes, _ a: Lanes, at i: Int, count: Int) {
        guard count < RowCompositor.lanes else {
            let keep = 1 - a
            store(r + load(0, i) * keep, 0, i)
            store(g + load(1, i) * keep, 1, i)
            store(b + load(2, i) * keep, 2, i)
            store(a + load(3, i) * keep, 3, i)
            return
        }
        let mask = RowCompositor.laneIndices .< Int32(count)
        let zero = Lanes()
        let a = zero.replacing(with: a, where: mask)
        let keep = 1 - a
        store(zero.replacing(with: r, where: mask) + load(0, i) * keep, 0, i)
        store(zero.replacing(with: g, where: mask) + load(1, i) * keep, 1, i)
        store(zero.replacing(with: b, where: mask) + load(2, i) * keep, 2, i)
        store(a + load(3, i) * keep, 3, i)
    }

    private mutating func compositeShape(_ item: RasterItem, y: Int, from start: Int, to end: Int) {
        let py = Float(y) + 0.5
        let radius = item.radius
        let qy = max(item.lower.y - py, py - item.upper.y) + radius
        let clampedQy = max(qy, 0)
        let arcBias = 1 / (24 * max(radius, 0.5))
        var column = start
        while column < end {
            let px = Lanes(repeating: Float(column)) + RowCompositor.centres
            let qx = RowCompositor.maximum(Lanes(repeating: item.lower.x) - px, px - item.upper.x) + radius
            let clampedQx = RowCompositor.maximum(qx, Lanes())
            let d = (clampedQx * clampedQx + clampedQy * clampedQy).squareRoot() + RowCompositor.minimum(RowCompositor.maximum(qx, Lanes(repeating: qy)), Lanes()) - radius
            let onArc = (qx .>= 0) .& (qy >= 0)
            if item.kind == .shadow {
                let alpha = RowCompositor.shadow(px: px, py: py, item: item, d: d, onArc: onArc)
                blend(alpha * item.fill.x, alpha * item.fill.y, alpha * item.fill.z, alpha * item.fill.w, at: column - x, count: end - column)
            } else {
                let bias = Lanes().replacing(with: arcBias, where: onArc)
                let outer = RowCompositor.clamp01(0.5 - d - bias)
                let inner = item.borderWidth > 0 ? RowCompositor.clamp01(0.5 - (d + item.borderWidth)) : outer
                let ring = outer - inner
                blend(item.fill.x * inner + item.border.x * ring, item.fill.y * inner + item.border.y * ring,
                      item.fill.z * inner + item.border.z * ring, item.fill.w * inner + item.border.w * ring,
                      at: column - x, count: end - column)
            }
            column += RowCompositor.lanes
        }
    }

    @inline(__always) static func clamp01(_ v: Lanes) -> Lanes { minimum(maximum(v, Lanes()), Lanes(repeating: 1)) }

    /// Lane-wise maximum and minimum as a compare and a select, which vectorize: the standard library's
    /// `pointwiseMax` and `pointwiseMin` went lane by lane and were 45 % of a frame's instructions.
    @inline(__always) static func maximum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: a .< b) }
    @inline(__always) static func minimum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }

    /// erf by Abramowitz and Stegun 7.1.27, as the shader's `erf2`.
    @inline(__always) static func erf(_ x: Lanes) -> Lanes {
        let s = Lanes(repeating: 1).replacing(with: -1, where: x .< 0).replacing(with: 0, where: x .== 0)
        let a = x * s
        // Horner's steps one by one: Swift 6.0 cannot type-check the nested SIMD expression in reasonable time.
        let c3: Lanes = 0.000972 + 0.078108 * a
        let c2: Lanes = 0.230389 + c3 * a
        let c1: Lanes = 0.278393 + c2 * a
        var t: Lanes = 1 + c1 * a
        t *= t
        return s - s / (t * t)
    }

    @inline(__always) static func erf(_ x: Float) -> Float {
        let s: Float = x < 0 ? -1 : (x > 0 ? 1 : 0)
        let a = abs(x)
        var t = 1 + (0.278393 + (0.230389 + (0.000972 + 0.078108 * a) * a) * a) * a
        t *= t
        return s - s / (t * t)
    }

    /// The shader's `roundedBoxShadow`: the exact box blur mixed with the curvature-shifted erf by how round
    /// the corners are against the blur.
    @inline(__always)
    static func shadow(px: Lanes, py: Float, item: RasterItem, d: Lanes, onArc: SIMDMask<SIMD8<Int32>>) -> Lanes {
        let sigma = item.sigma
        let k = 0.7071067812 / sigma
        let t = min(max(item.radius / (2 * sigma), 0), 1)
        // A thumb's shadow (corners of radius 2 sigma and more) is the curvature-shifted erf alone, a sharp
        // box's the box blur alone: the shader's mix computes the other term only to weigh it by 0.
        var round = Lanes()
        if t > 0 {
            let curvature = Lanes().replacing(with: 1 / max(item.radius, 1e-3), where: onArc)
            round = 0.5 - 0.5 * erf((d + 0.5 * sigma * sigma * curvature) * k)
            if t == 1 { return round }
        }
        let acrossX = 0.5 * (erf((px - item.lower.x) * k) - erf((px - item.upper.x) * k))
        let acrossY = 0.5 * (erf((py - item.lower.y) * k) - erf((py - item.upper.y) * k))
        let box = acrossX * acrossY
        return box + (round - box) * t
    }

    /// Textured quads, a pixel at a time (the atlas is sampled per pixel): the shader's kind 4.
    private mutating func compositeTextured(_ item: RasterItem, y: Int, from start: Int, to end: Int, atlas: PixelAtlas) {
        let py = Float(y) + 0.5
        let size = pointwiseMax(item.upper - item.lower, SIMD2(repeating: 1e-6))
        let ty = min(max((py - item.lower.y) / size.y, 0), 1)
        let v = item.uv.y + (item.uv.w - item.uv.y) * ty
        let edge = Float(DistanceFieldEncoding.edge)
        for column in start..<end {
            let px = Float(column) + 0.5
            let tx = min(max((px - item.lower.x) / size.x, 0), 1)
            let texel = atlas.sample(u: item.uv.x + (item.uv.z - item.uv.x) * tx, v: v)
            let source: SIMD4<Float>
            if item.kind == .distanceField {
                source = item.fill * min(max(0.5 + (texel.w - edge) * item.fieldScale, 0), 1)
            } else {
                source = texel * item.fill
            }
            let i = column - x, keep = 1 - source.w
            for c in 0..<4 { storage[c * capacity + i] = source[c] + storage[c * capacity + i] * keep }
        }
    }

    /// Writes the row as ARGB8888 words (premultiplied, rounded to nearest) at `destination`, the row's
    /// first pixel.
    func write(to destination: UnsafeMutableRawPointer) {
        var i = 0
        while i < width {
            let r = RowCompositor.quantize(load(0, i)), g = RowCompositor.quantize(load(1, i))
            let b = RowCompositor.quantize(load(2, i)), a = RowCompositor.quantize(load(3, i))
            let words = (a &<< 24) | (r &<< 16) | (g &<< 8) | b
            if width - i >= RowCompositor.lanes {
                destination.storeBytes(of: words, toByteOffset: i * 4, as: SIMD8<UInt32>.self)
            } else {
                for lane in 0..<(width - i) { destination.storeBytes(of: words[lane], toByteOffset: (i + lane) * 4, as: UInt32.self) }
            }
            i += RowCompositor.lanes
        }
    }

    /// `v` in 0...1 as 0...255, rounded to nearest: 2^23 added to a Float below 2^23 leaves the integer
    /// rounded into the low mantissa bits (the standard library's Float to integer conversion of a vector
    /// goes lane by lane, checked, and cost more than everything else in a frame).
    @inline(__always) static func quantize(_ v: Lanes) -> SIMD8<UInt32> {
        unsafeBitCast(clamp01(v) * 255 + 8_388_608, to: SIMD8<UInt32>.self) & 0xFF
    }

    /// A premultiplied colour as an ARGB8888 word, rounded as `write` rounds.
    static func word(_ c: SIMD4<Float>) -> UInt32 {
        let q = quantize(Lanes(c.x, c.y, c.z, c.w, 0, 0, 0, 0))
        return (q[3] << 24) | (q[0] << 16) | (q[1] << 8) | q[2]
    }
}
