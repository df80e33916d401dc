import CWaylandClient
import Glibc
import SliderCore

/// The wl_shm buffers a software-rendered surface presents from, owned by the client (foot's buffer chain
/// is the model): each a `SharedMemoryBuffer`, with the number of the frame it last received (its age) and
/// whether the compositor holds it (between commit and wl_buffer.release).
///
/// A buffer is taken only when the compositor holds none of it: a free one, or a new one while the chain
/// is shorter than `maximumCount`. When all `maximumCount` are held, there is none, and the frame waits:
/// `onRelease` says when one comes back. Nothing here waits or reads the socket.
final class ShmBufferChain {
    struct Buffer {
        let memory: SharedMemoryBuffer
        var proxy: OpaquePointer { memory.proxy }
        var pixels: UnsafeMutableRawPointer { memory.pixels }
        /// The pixels with their length.
        var bytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: memory.pixels, count: memory.byteCount) }
        /// Committed and not released yet: the compositor may read it, so it must not be written.
        var isBusy = false
        /// The frame number whose contents it holds; nil when it holds none yet.
        var frame: Int?
    }

    /// Buffers made at most: with one shown, one queued and one drawn, a fourth covers a compositor that
    /// holds a buffer for direct scanout a frame longer. Beyond it a frame waits for a release.
    static let maximumCount = 4

    private let shm: OpaquePointer
    private(set) var buffers: [Buffer] = []
    private(set) var width = 0, height = 0
    var stride: Int { width * 4 }
    /// Called when the compositor releases a buffer (a frame that waited for one can be drawn).
    var onRelease: (() -> Void)?

    init(shm: OpaquePointer) { self.shm = shm }

    deinit { removeAll() }

    /// Destroys every buffer (the compositor keeps what it shows until replaced).
    func removeAll() {
        for buffer in buffers { buffer.memory.destroy() }
        buffers.removeAll()
    }

    /// True when a buffer of `width` x `height` can be taken now: one is free, the chain can grow, or the
    /// size changed (the chain is then made anew).
    func hasFreeBuffer(width: Int, height: Int) -> Bool {
        width != self.width || height != self.height || buffers.count < ShmBufferChain.maximumCount || buffers.contains { !$0.isBusy }
    }

    /// A buffer of `width` x `height` the compositor does not hold, made when none is free (up to
    /// `maximumCount`); all are remade when the size changed. Returns its index, nil when all are held.
    func takeFreeBuffer(width: Int, height: Int) throws(WaylandError) -> Int? {
        if width != self.width || height != self.height {
            removeAll()
            self.width = width
            self.height = height
        }
        if let free = buffers.firstIndex(where: { !$0.isBusy }) { return free }
        guard buffers.count < ShmBufferChain.maximumCount else { return nil }
        buffers.append(try makeBuffer())
        return buffers.count - 1
    }

    /// Marks buffer `index` committed with the contents of frame `frame`.
    func commit(_ index: Int, frame: Int) {
        buffers[index].isBusy = true
        buffers[index].frame = frame
    }

    /// Makes buffer `index` a copy of the buffer holding the newest frame, when it holds none itself and
    /// another does: copying memory costs a small part of drawing the whole frame anew. Returns the frame
    /// it holds afterwards (nil: none).
    func fillFromNewest(_ index: Int) -> Int? {
        if let held = buffers[index].frame { return held }
        guard let newest = buffers.indices.filter({ buffers[$0].frame != nil }).max(by: { buffers[$0].frame! < buffers[$1].frame! }) else {
            return nil
        }
        buffers[index].pixels.copyMemory(from: buffers[newest].pixels, byteCount: stride * height)
        buffers[index].frame = buffers[newest].frame
        return buffers[index].frame
    }

    /// Forgets what every buffer holds: each is copied in full when next used.
    func forgetContents() {
        for i in buffers.indices { buffers[i].frame = nil }
    }

    private func makeBuffer() throws(WaylandError) -> Buffer {
        let buffer = try SharedMemoryBuffer(shm: shm, width: width, height: height, name: "wayland-slider-buffer")
        // Destroyed in removeAll (deinit at the latest), so the listener can hold this object unretained.
        wl_buffer_add_listener(buffer.proxy, ShmBufferChain.listener, Unmanaged.passUnretained(self).toOpaque())
        return Buffer(memory: buffer)
    }

    private func released(_ proxy: OpaquePointer) {
        guard let i = buffers.firstIndex(where: { $0.proxy == proxy }) else { return }
        buffers[i].isBusy = false
        onRelease?()
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_buffer_listener> = {
        let table = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        table.initialize(to: wl_buffer_listener(release: { data, buffer in
            guard let data, let buffer else { return }
            Unmanaged<ShmBufferChain>.fromOpaque(data).takeUnretainedValue().released(buffer)
        }))
        return UnsafePointer(table)
    }()
}
