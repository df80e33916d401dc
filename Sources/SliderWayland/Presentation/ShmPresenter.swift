@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// Presents frames the GLES2 renderer drew through wl_shm buffers the client owns (`CPUPresenter` is the
/// path without GL). The renderer draws only the damage into a retained framebuffer in an offscreen (surfaceless) context; each buffer remembers which
/// frame it holds, and before it is committed only what changed since then is read back into it
/// (glReadPixels of one rectangle); the commit's wl_surface.damage_buffer is exactly the frame's damage.
/// Nothing of the window is copied that did not change, unlike Mesa's own software path on Wayland, which
/// copies the whole window into its wl_shm buffer on every swap.
final class ShmPresenter: GLESPresenter {
    private let context: OffscreenTarget
    private let retained: RetainedFramebuffer
    private let buffers: ShmBufferChain
    /// The damage of the last frames, for buffers several frames old.
    private var history = DamageHistory()
    /// The number of the last frame presented.
    private var frame = 0

    /// Takes `context` (current) for rendering and `shm` for buffers.
    init(context: OffscreenTarget, shm: OpaquePointer) throws(WaylandError) {
        self.context = context
        buffers = ShmBufferChain(shm: shm)
        do throws(RendererError) { retained = try RetainedFramebuffer() } catch { throw .renderer(error) }
    }

    var glesRenderer: SliderRenderer?

    var path: PresentationPath { .sharedMemory }
    var drawsThroughRetainedFramebuffer: Bool { true }
    var swapsWithDamage: Bool { false }

    var onBufferReleased: (() -> Void)? {
        get { buffers.onRelease }
        set { buffers.onRelease = newValue }
    }

    func canPresent(width: Int, height: Int) -> Bool { buffers.hasFreeBuffer(width: width, height: height) }

    func makeCurrent(width: Int, height: Int) throws(WaylandError) {
        do throws(RendererError) { try context.makeCurrent() } catch { throw .renderer(error) }
    }

    func invalidate() {
        retained.invalidate()
        history.removeAll()
        buffers.forgetContents()
    }

    func render(_ scene: Scene) throws(WaylandError) -> FrameResult {
        let renderer = try madeGLESRenderer()
        do throws(RendererError) {
            let age = try retained.bind(width: scene.pixelWidth, height: scene.pixelHeight)
            let result = try renderer.render(scene, bufferAge: age)
            retained.didRender()
            return result
        } catch {
            throw .renderer(error)
        }
    }

    /// Brings a free buffer up to date (only what it lacks is read back) and hands it over. The frame loop
    /// asked `canPresent` first, so a buffer is free.
    func content(damage: PixelRect) throws(WaylandError) -> SurfaceContent {
        let width = retained.width, height = retained.height
        guard let index = try buffers.takeFreeBuffer(width: width, height: height) else {
            throw .outOfOrder("no free wl_shm buffer: the frame loop presents only when `canPresent` says one is free")
        }
        let next = frame + 1
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        let held = buffers.buffers[index].frame
        let copy = held.flatMap { history.region(forBufferAge: next - $0, current: damage) } ?? full
        do throws(RendererError) { try retained.copyPixels(in: copy, to: buffers.buffers[index].pixels, stride: buffers.stride) } catch {
            throw .renderer(error)
        }
        history.record(damage)
        frame = next
        buffers.commit(index, frame: next)
        return .sharedMemoryBuffer(buffers.buffers[index].proxy, damage: damage)
    }
}
