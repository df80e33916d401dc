extension Scene {
    /// The device-pixel rects that differ between `previous` and this scene, written into `rects`.
    ///
    /// Primitives are compared by index (a slider emits the same primitives in the same order while its
    /// configuration stays the same); for each one that changed, the old and the new bounds are damaged,
    /// except for a rounded rect that only moved one edge (the fill following the thumb): then only the band
    /// the edge swept, widened by the corner radius, is damaged.
    /// Touching rects are merged; past `limit` rects everything becomes one union. A different target size
    /// damages the whole target. `rects` keeps its storage: no allocation once it has room for `limit`.
    public func damage(since previous: Scene, into rects: inout [PixelRect], limit: Int = 8) {
        rects.removeAll(keepingCapacity: true)
        let full = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        guard previous.pixelWidth == pixelWidth, previous.pixelHeight == pixelHeight, previous.scale == scale else {
            if !full.isEmpty { rects.append(full) }
            return
        }
        let n = Swift.max(count, previous.count)
        for i in 0..<n {
            let old = i < previous.count ? previous.primitives[i] : nil
            let new = i < count ? primitives[i] : nil
            guard old != new else { continue }
            if let old, let new, let band = Scene.movedEdgeBand(old, new) {
                add(PixelRect(covering: band, limitWidth: pixelWidth, limitHeight: pixelHeight), to: &rects, limit: limit)
                continue
            }
            if let old { add(PixelRect(covering: old.bounds, limitWidth: pixelWidth, limitHeight: pixelHeight), to: &rects, limit: limit) }
            if let new { add(PixelRect(covering: new.bounds, limitWidth: pixelWidth, limitHeight: pixelHeight), to: &rects, limit: limit) }
        }
    }

    /// The damage as a new array (allocates; for tests and tools).
    public func damage(since previous: Scene, limit: Int = 8) -> [PixelRect] {
        var rects: [PixelRect] = []
        damage(since: previous, into: &rects, limit: limit)
        return rects
    }

    /// The region a rounded rect's change touches when only one of its edges moved, or nil for any other change.
    static func movedEdgeBand(_ a: Primitive, _ b: Primitive) -> Rect? {
        guard a.kind == .roundedRect else { return nil }
        var same = b
        same.rect = a.rect
        guard same == a else { return nil }
        let ra = a.rect, rb = b.rect
        // A rect narrower than its two corners draws with a smaller radius, which changes the whole shape.
        let corners = 2 * a.cornerRadius
        guard min(ra.width, ra.height, rb.width, rb.height) >= corners else { return nil }
        let margin = a.cornerRadius + a.borderWidth + 1
        let span = a.bounds.union(b.bounds)
        if ra.minY == rb.minY && ra.maxY == rb.maxY, let (x0, x1) = sweptInterval(ra.minX, ra.maxX, rb.minX, rb.maxX, margin) {
            return Rect(x: x0, y: span.minY, width: x1 - x0, height: span.height)
        }
        if ra.minX == rb.minX && ra.maxX == rb.maxX, let (y0, y1) = sweptInterval(ra.minY, ra.maxY, rb.minY, rb.maxY, margin) {
            return Rect(x: span.minX, y: y0, width: span.width, height: y1 - y0)
        }
        return nil
    }

    /// When `a0...a1` became `b0...b1` by moving one end, the interval that end swept, widened by `margin`.
    private static func sweptInterval(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double,
                                      _ margin: Double) -> (Double, Double)? {
        if a0 == b0 { return (Swift.min(a1, b1) - margin, Swift.max(a1, b1) + margin) }
        if a1 == b1 { return (Swift.min(a0, b0) - margin, Swift.max(a0, b0) + margin) }
        return nil
    }

    private func add(_ rect: PixelRect, to rects: inout [PixelRect], limit: Int) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var i = 0
        while i < rects.count {
            if rects[i].touches(merged) {
                merged = merged.union(rects[i])
                rects.swapAt(i, rects.count - 1)
                rects.removeLast()
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(merged)
        if rects.count > Swift.max(1, limit) {
            var all = rects[0]
            for r in rects { all = all.union(r) }
            rects.removeAll(keepingCapacity: true)
            rects.append(all)
        }
    }
}
