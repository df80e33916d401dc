import CLibcExtensions
import CWaylandClient
import Glibc
import SliderCore

/// The wl_shm buffers a software-rendered surface presents from, owned by the client (foot's buffer chain
/// is the model): each in a sealed anonymous file of its own (memfd, closed once sent), premultiplied ARGB8888, with the
/// number of the frame it last received (its age) and whether the compositor holds it (between commit and
/// wl_buffer.release).
///
/// A buffer is taken only when the compositor holds none of it: a free one, or a new one while the chain
/// is shorter than `maximumCount`. When all `maximumCount` are held, there is none, and the frame waits:
/// `onRelease` says when one comes back. Nothing here waits or reads the socket.
final class ShmBufferChain {
    struct Buffer {
        let proxy: OpaquePointer
        let pool: OpaquePointer
        let pixels: UnsafeMutableRawPointer
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
        for buffer in buffers {
            wl_buffer_destroy(buffer.proxy)
            wl_shm_pool_destroy(buffer.pool)
            munmap(buffer.pixels, stride * height)
        }
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

    /// Forgets what every buffer holds: each is copied in full when next used.
    func forgetContents() {
        for i in buffers.indices { buffers[i].frame = nil }
    }

    private func makeBuffer() throws(WaylandError) -> Buffer {
        let size = stride * height
        let fd = slider_shared_memory_file("wayland-slider-buffer", size)
        guard fd >= 0 else { throw .renderer("cannot create a shared-memory file of \(size) bytes (\(errnoDescription(errno)))") }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let failure = errno
            close(fd)
            throw .renderer("cannot map a shared-memory file of \(size) bytes (\(errnoDescription(failure)))")
        }
        // libwayland sends a duplicate of the descriptor, and the mapping outlives it: ours is closed now.
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        close(fd)
        guard let pool else {
            munmap(mapped, size)
            throw .connectionLost(errno: 0)
        }
        guard let proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue) else {
            wl_shm_pool_destroy(pool)
            munmap(mapped, size)
            throw .connectionLost(errno: 0)
        }
        // Destroyed in removeAll (deinit at the latest), so the listener can hold this object unretained.
        wl_buffer_add_listener(proxy, ShmBufferChain.listener, Unmanaged.passUnretained(self).toOpaque())
        return Buffer(proxy: proxy, pool: pool, pixels: mapped)
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
