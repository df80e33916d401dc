@_spi(Internals) import SliderCore

/// One frame's region shared out among threads: stripes of `RowStripes.rows` rows, thread t of n drawing
/// stripes t, t + n, t + 2n, ... (a slider across a few rows of a tall region is shared out too), each
/// with its own row buffer.
///
/// Unchecked Sendable: while the threads run, the items and the atlas are only read, each thread writes
/// only its own row buffer and its own rows of the target, and `CPURenderer` waits for all of them before
/// anything is touched again.
struct RowStripes: @unchecked Sendable {
    /// Rows per stripe: enough that a thread works on neighbouring rows, few enough to balance the work.
    static let rows = 16

    let region: PixelRect
    let pixels: UnsafeMutableRawPointer
    let stride: Int
    let clear: SIMD4<Float>
    let items: UnsafeBufferPointer<RasterItem>
    let atlas: PixelAtlas?
    let rowBuffers: UnsafeMutableBufferPointer<RowCompositor>
    let threads: Int

    init(region: PixelRect, pixels: UnsafeMutableRawPointer, stride: Int, clear: SIMD4<Float>, items: UnsafeBufferPointer<RasterItem>,
         atlas: PixelAtlas?, rows: UnsafeMutableBufferPointer<RowCompositor>, threads: Int) {
        self.region = region
        self.pixels = pixels
        self.stride = stride
        self.clear = clear
        self.items = items
        self.atlas = atlas
        self.rowBuffers = rows
        self.threads = threads
    }

    /// The stripes in `region`.
    static func count(in region: PixelRect) -> Int {
        (region.height + rows - 1) / rows
    }

    /// Draws the stripes of thread `thread`.
    func draw(thread: Int) {
        let clearWord = RowCompositor.word(clear)
        for start in Swift.stride(from: region.y + thread * RowStripes.rows, to: region.maxY, by: threads * RowStripes.rows) {
            for y in start..<min(start + RowStripes.rows, region.maxY) {
                draw(row: y, clearWord: clearWord, using: &rowBuffers[thread])
            }
        }
    }

    /// Writes row `y` of the region. Only the columns some item of the row reaches go through the
    /// compositor; the rest of the row is the clear colour, written as words.
    private func draw(row y: Int, clearWord: UInt32, using row: inout RowCompositor) {
        let rowStart = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        var low = region.maxX, high = region.x
        for item in items where y >= item.y0 && y < item.y1 {
            low = min(low, max(item.x0, region.x))
            high = max(high, min(item.x1, region.maxX))
        }
        guard high > low else {
            fill(rowStart + region.x, count: region.width, with: clearWord)
            return
        }
        fill(rowStart + region.x, count: low - region.x, with: clearWord)
        fill(rowStart + high, count: region.maxX - high, with: clearWord)
        row.begin(x: low, width: high - low, clear: clear)
        for item in items where y >= item.y0 && y < item.y1 {
            row.composite(item, row: y, atlas: atlas)
        }
        row.write(to: UnsafeMutableRawPointer(rowStart + low))
    }

    private func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with word: UInt32) {
        guard count > 0 else { return }
        start.update(repeating: word, count: count)
    }
}
