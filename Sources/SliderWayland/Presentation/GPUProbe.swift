import Glibc

/// Whether this machine has a GPU a GL driver could use, found without initializing EGL (which would load
/// the driver, and on a machine without a GPU Mesa's llvmpipe with LLVM: about 100 MiB).
///
/// A GPU is there when the kernel offers a DRM render node (`/dev/dri/renderD*`: Mesa's drivers and
/// NVIDIA's with nvidia-drm) or NVIDIA's control device (`/dev/nvidiactl`), unless `LIBGL_ALWAYS_SOFTWARE`
/// asks Mesa for software rendering anyway. A render node without 3D (vgem, a display-only driver) still
/// counts: `WAYLAND_SLIDER_RENDERER=cpu` overrides.
package enum GPUProbe {
    package static var hasGPU: Bool {
        if let software = getenv("LIBGL_ALWAYS_SOFTWARE"), !["", "0", "false"].contains(String(cString: software)) { return false }
        if access("/dev/nvidiactl", F_OK) == 0 { return true }
        guard let directory = opendir("/dev/dri") else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("renderD") { return true }
        }
        return false
    }
}
