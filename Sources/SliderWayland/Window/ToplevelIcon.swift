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
                image.pixels.withUnsafeBufferPointer { rgba in
                    copySwappingRedAndBlue(from: rgba.baseAddress!, to: buffer.pixels.bindMemory(to: UInt8.self, capacity: rgba.count),
                                           byteCount: rgba.count)
                }
                xdg_toplevel_icon_v1_add_buffer(proxy, buffer.proxy, 1)
            }
        }
        xdg_toplevel_icon_manager_v1_set_icon(manager, toplevel, proxy)
    }

    deinit {
        xdg_toplevel_icon_v1_destroy(proxy)
        for buffer in buffers { buffer.destroy() }
    }
}
