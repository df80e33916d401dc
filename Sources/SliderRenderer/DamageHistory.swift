import SliderCore

/// The damage of the last few frames, for buffer age: a buffer `n` frames old must be repaired by the damage
/// of the last `n` frames together (EGL_EXT_buffer_age).
package struct DamageHistory {
    private typealias Frames = (PixelRect, PixelRect, PixelRect, PixelRect)
    package static let depth = InlineElements<Frames, PixelRect>.count
    private var frames: InlineElements<Frames, PixelRect> = {
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        return InlineElements((empty, empty, empty, empty))
    }()
    private var count = 0
    private var next = 0

    package init() {}

    package mutating func removeAll() { count = 0; next = 0 }

    package mutating func record(_ damage: PixelRect) {
        frames[next] = damage
        next = (next + 1) % DamageHistory.depth
        count = min(count + 1, DamageHistory.depth)
    }

    /// The region to redraw into a buffer `age` frames old given this frame's `damage`; nil means everything
    /// (unknown contents, or older than the history).
    package func region(forBufferAge age: Int, current damage: PixelRect) -> PixelRect? {
        guard age >= 1, age - 1 <= count else { return nil }
        var region = damage
        for i in 0..<(age - 1) {
            region = region.union(frames[(next - 1 - i + 2 * DamageHistory.depth) % DamageHistory.depth])
        }
        return region
    }
}
