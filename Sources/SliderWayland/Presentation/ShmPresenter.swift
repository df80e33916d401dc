import CWaylandClient
import SliderCore
import SliderRenderer

/// Presents frames rendered in software through wl_shm buffers the client owns. The renderer draws only the
/// damage into a retained framebuffer in an offscreen (surfaceless) context; each buffer remembers which
/// frame it holds, and before it is committed only what changed since then is read back into it
/// (glReadPixels of one rectangle); the commit's wl_surface.damage_buffer is exactly the frame's damage.
/// Nothing of the window is copied that did not change, unlike Mesa's own software path on Wayland, which
/// copies the whole window into its wl_shm buffer on every swap.
final class ShmPresenter: FramePresenter {
    private let context: OffscreenTarget
    private let retained: RetainedFramebuffer
    private let buffers: ShmBuffers
    private let connection: WaylandConnection
    /// The damage of the last frames, for buffers several frames old.
    private var history = DamageHistory()
    /// The number of the last frame presented.
    private var frame = 0

    /// Takes `context` (current) for rendering and `shm` for buffers on `connection`.
    init(context: OffscreenTarget, shm: OpaquePointer, connection: WaylandConnection) throws(WaylandError) {
        self.context = context
        self.connection = connection
        buffers = ShmBuffers(shm: shm)
        do { retained = try RetainedFramebuffer() } catch { throw .renderer("\(error)") }
    }

    var path: PresentationPath { .sharedMemory }
    var drawsThroughRetainedFramebuffer: Bool { true }
    var swapsWithDamage: Bool { false }

    func makeCurrent(width: Int, height: Int) throws(WaylandError) {
        do { try context.makeCurrent() } catch { throw .renderer("\(error)") }
    }

    func invalidate() {
        retained.invalidate()
        history.removeAll()
        buffers.forgetContents()
    }

    func render(_ scene: Scene, with renderer: SliderRenderer) throws(WaylandError) -> FrameResult {
        do {
            let age = try retained.bind(width: scene.pixelWidth, height: scene.pixelHeight)
            let result = try renderer.render(scene, bufferAge: age)
            retained.didRender()
            return result
        } catch {
            throw .renderer("\(error)")
        }
    }

    func present(damage: PixelRect, on role: SurfaceRole) throws(WaylandError) {
        let width = retained.width, height = retained.height
        var index = try buffers.freeBuffer(width: width, height: height)
        // Every buffer is still the compositor's (it has not released them yet): ask it, a few times.
        for _ in 0..<8 where index == nil {
            try connection.roundtrip()
            index = try buffers.freeBuffer(width: width, height: height)
        }
        guard let index else { throw .renderer("the compositor holds all \(ShmBuffers.maximumCount) wl_shm buffers and releases none") }
        let next = frame + 1
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        let held = buffers.buffers[index].frame
        let copy = held.flatMap { history.region(forBufferAge: next - $0, current: damage) } ?? full
        do { try retained.copyPixels(in: copy, to: buffers.buffers[index].pixels, stride: buffers.stride) } catch {
            throw .renderer("\(error)")
        }
        history.record(damage)
        frame = next
        buffers.commit(index, frame: next)
        wl_surface_attach(role.surface, buffers.buffers[index].proxy, 0, 0)
        role.damageBuffer(damage)
        wl_surface_commit(role.surface)
    }
}
