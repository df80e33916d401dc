import CWaylandClient
import CWaylandCursor
import CWaylandProtocols
import Glibc

/// The pointer image over our windows: the compositor's own arrow through wp_cursor_shape_v1 where it is
/// offered (sway 1.9+, labwc, KWin 6, mutter: nothing is loaded, and the arrow follows the desktop's theme,
/// size and scale), else the theme's arrow (libwayland-cursor: XCURSOR_THEME / XCURSOR_SIZE, or its built-in
/// arrow when no theme is installed), or no image at all for kiosks that hide it.
final class Cursor {
    /// Where the image set on the last enter came from.
    enum Source: Equatable {
        /// None: `isHidden`.
        case hidden
        /// The compositor's default shape (wp_cursor_shape_v1).
        case shape
        /// The arrow of a theme loaded here.
        case theme
        /// Nothing could be loaded; the compositor's image stays.
        case unchanged
    }

    /// True: the pointer shows no image over our surfaces.
    let isHidden: Bool
    /// The image set on the last enter; nil before the first.
    private(set) var lastSource: Source?
    private let compositor: OpaquePointer
    private let shm: OpaquePointer?
    private let shapeManager: OpaquePointer?
    private let size: Int32
    private var isLoaded = false
    private var theme: OpaquePointer?
    private var surface: OpaquePointer?
    private var hotspot: (x: Int32, y: Int32) = (0, 0)

    /// The compositor's shape when `shapeManager` is given; else the arrow from the theme at `size` pixels,
    /// loaded when the pointer first enters one of our surfaces: libwayland-cursor loads every cursor of the
    /// theme (about 15 ms), which the first frame need not wait for, and a touch-only kiosk never does.
    /// Without wl_shm or a loadable image the compositor's cursor stays (nothing is set).
    init(compositor: OpaquePointer, shm: OpaquePointer?, shapeManager: OpaquePointer?, isHidden: Bool, size: Int32 = 24) {
        self.isHidden = isHidden
        self.compositor = compositor
        self.shm = shm
        self.shapeManager = shapeManager
        self.size = size
    }

    /// True once a theme was loaded (never where the compositor offers shapes).
    var isThemeLoaded: Bool { theme != nil }

    private func load() {
        isLoaded = true
        let themeName = getenv("XCURSOR_THEME")
        let themeSize = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) } ?? size
        guard let shm, let theme = wl_cursor_theme_load(themeName, themeSize, shm) else { return }
        self.theme = theme
        let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr") ?? wl_cursor_theme_get_cursor(theme, "default")
        guard let cursor, cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image), let surface = wl_compositor_create_surface(compositor) else { return }
        self.surface = surface
        hotspot = (Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
    }

    deinit {
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
    }

    /// Sets this cursor for `pointer` after an enter with `serial`.
    func apply(to pointer: PointerDevice, serial: UInt32) {
        if isHidden {
            wl_pointer_set_cursor(pointer.proxy, serial, nil, 0, 0)
            lastSource = .hidden
        } else if let shapeManager {
            guard let device = pointer.shapeDevice(from: shapeManager) else {
                lastSource = .unchanged
                return
            }
            wp_cursor_shape_device_v1_set_shape(device, serial, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue)
            lastSource = .shape
        } else {
            if !isLoaded { load() }
            if let surface {
                wl_pointer_set_cursor(pointer.proxy, serial, surface, hotspot.x, hotspot.y)
                lastSource = .theme
            } else {
                lastSource = .unchanged
            }
        }
    }
}
