import CLibcExtensions
import CWaylandClient
import Glibc

/// One wl_shm buffer in a sealed anonymous file of its own (memfd, closed once sent), premultiplied
/// ARGB8888, mapped for writing: what the buffer chain presents from and what a window icon is made of.
struct SharedMemoryBuffer {
    let proxy: OpaquePointer
    let pool: OpaquePointer
    let pixels: UnsafeMutableRawPointer
    let byteCount: Int

    /// A `width` x `height` buffer from `shm`, its file named `name` (seen in /proc/PID/fd).
    init(shm: OpaquePointer, width: Int, height: Int, name: String) throws(WaylandError) {
        let stride = width * 4
        let size = stride * height
        let fd = slider_shared_memory_file(name, size)
        guard fd >= 0 else { throw .sharedMemory(bytes: size, errno: errno) }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let failure = errno
            close(fd)
            throw .sharedMemory(bytes: size, errno: failure)
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
        self.proxy = proxy
        self.pool = pool
        pixels = mapped
        byteCount = size
    }

    /// Destroys the buffer and its pool and unmaps the memory (the compositor keeps what it shows).
    func destroy() {
        wl_buffer_destroy(proxy)
        wl_shm_pool_destroy(pool)
        munmap(pixels, byteCount)
    }
}
