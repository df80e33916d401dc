import CWaylandClient
import CWaylandProtocols
import SliderRenderer

/// A window's icon as given to the compositor (xdg_toplevel_icon_v1): its name, and each image in a wl_shm
/// buffer of its own (premultiplied ARGB8888, as the protocol asks). The icon object and its buffers live
/// as long as the window: the protocol wants the buffers kept while the icon object is.
final class ToplevelIcon {
    private let proxy: OpaquePointer
    private var buffers: [SharedMemoryBuffer] = []

    /// Makes the icon from `icon` (validated) and sets it on `toplevel`; it takes effect with the window's
    /// next commit.
    init(_ icon: WindowIcon, manager: OpaquePointer, shm: OpaquePointer?, toplevel: OpaquePointer) throws(WaylandError) {
        guard let proxy = xdg_toplevel_icon_manager_v1_create_icon(manager) else { throw .connectionLost(errno: 0) }
        self.proxy = proxy
        if let name = icon.name { xdg_toplevel_icon_v1_set_name(proxy, name) }
        if let shm {
            for image in icon.images {
                let buffer = try SharedMemoryBuffer(shm: shm, width: image.width, height: image.height, name: "wayland-slider-icon")
                buffers.append(buffer)
                Self.copy(image, to: buffer.pixels)
                xdg_toplevel_icon_v1_add_buffer(proxy, buffer.proxy, 1)
            }
        }
        xdg_toplevel_icon_manager_v1_set_icon(manager, toplevel, proxy)
    }

    deinit {
        xdg_toplevel_icon_v1_destroy(proxy)
        for buffer in buffers { buffer.destroy() }
    }

    /// RGBA bytes to ARGB8888 words in memory order on a little-endian machine: B, G, R, A.
    private static func copy(_ image: RGBAImage, to pixels: UnsafeMutableRawPointer) {
        let out = pixels.bindMemory(to: UInt8.self, capacity: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { rgba in
            for i in stride(from: 0, to: rgba.count, by: 4) {
                out[i] = rgba[i + 2]
                out[i + 1] = rgba[i + 1]
                out[i + 2] = rgba[i]
                out[i + 3] = rgba[i + 3]
            }
        }
    }
}
