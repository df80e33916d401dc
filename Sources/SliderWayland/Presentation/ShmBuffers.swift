import CWaylandClient
import Glibc
import SliderCore

/// The wl_shm buffers a software-rendered surface presents from, owned by the client: each in a shared-memory
/// file of its own, in premultiplied ARGB8888, with the number of the frame it last received (its age) and
/// whether the compositor still holds it (between commit and wl_buffer.release).
final class ShmBuffers {
    struct Buffer {
        let proxy: OpaquePointer
        let pool: OpaquePointer
        let fd: Int32
        let pixels: UnsafeMutableRawPointer
        /// Committed and not released yet: the compositor may read it, so it must not be written.
        var isBusy = false
        /// The frame number whose contents it holds; nil when it holds none yet.
        var frame: Int?
    }

    private let shm: OpaquePointer
    private(set) var buffers: [Buffer] = []
    private(set) var width = 0, height = 0
    var stride: Int { width * 4 }
    /// Buffers made at most: beyond this a frame waits (the compositor holds them all).
    static let maximumCount = 4

    init(shm: OpaquePointer) { self.shm = shm }

    deinit { removeAll() }

    /// Destroys every buffer (the compositor keeps what it shows until replaced).
    func removeAll() {
        for buffer in buffers {
            wl_buffer_destroy(buffer.proxy)
            wl_shm_pool_destroy(buffer.pool)
            munmap(buffer.pixels, stride * height)
            close(buffer.fd)
        }
        buffers.removeAll()
    }

    /// A buffer of `width` x `height` the compositor does not hold, made when none is free (up to
    /// `maximumCount`); all are remade when the size changed. Returns its index, nil when every one is busy.
    func freeBuffer(width: Int, height: Int) throws(WaylandError) -> Int? {
        if width != self.width || height != self.height {
            removeAll()
            self.width = width
            self.height = height
        }
        if let free = buffers.firstIndex(where: { !$0.isBusy }) { return free }
        guard buffers.count < ShmBuffers.maximumCount else { return nil }
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
        let fd = ShmBuffers.anonymousFile(size: size)
        guard fd >= 0 else { throw .renderer("cannot create a shared-memory file of \(size) bytes (errno \(errno))") }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            close(fd)
            throw .renderer("cannot map a shared-memory file of \(size) bytes (errno \(errno))")
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(size)),
              let proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue) else {
            munmap(mapped, size)
            close(fd)
            throw .connectionLost(errno: 0)
        }
        // Destroyed in removeAll (deinit at the latest), so the listener can hold this object unretained.
        wl_buffer_add_listener(proxy, ShmBuffers.listener, Unmanaged.passUnretained(self).toOpaque())
        return Buffer(proxy: proxy, pool: pool, fd: fd, pixels: mapped)
    }

    /// A close-on-exec shared-memory file of `size` bytes with no name left in the file system; -1 on failure.
    private static func anonymousFile(size: Int) -> Int32 {
        for _ in 0..<16 {
            let name = "/wayland-slider-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return -1
            }
            shm_unlink(name)
            var result: Int32 = 0
            repeat { result = ftruncate(fd, off_t(size)) } while result < 0 && errno == EINTR
            guard result == 0 else {
                close(fd)
                return -1
            }
            return fd
        }
        return -1
    }

    private func released(_ proxy: OpaquePointer) {
        if let i = buffers.firstIndex(where: { $0.proxy == proxy }) { buffers[i].isBusy = false }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_buffer_listener> = {
        let table = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        table.initialize(to: wl_buffer_listener(release: { data, buffer in
            guard let data, let buffer else { return }
            Unmanaged<ShmBuffers>.fromOpaque(data).takeUnretainedValue().released(buffer)
        }))
        return UnsafePointer(table)
    }()
}
