extension Scene {
    /// The device-pixel rects that differ between `previous` and this scene, written into `rects`.
    ///
    /// Primitives are compared by index (a slider emits the same primitives in the same order while its
    /// configuration stays the same); for each one that changed, the old and the new bounds are damaged.
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
