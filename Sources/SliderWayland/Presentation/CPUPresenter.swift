@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// Presents frames the CPU renderer draws straight into wl_shm buffers the client owns: no EGL, no GL
/// driver, no read-back. Each buffer remembers which frame it holds; the renderer draws into a free one only
/// what changed since then (its buffer age), and the commit's wl_surface.damage_buffer is what was drawn. A
/// new buffer starts as a copy of the newest one, so growing the chain costs a copy, not a full redraw.
final class CPUPresenter: FramePresenter {
    private let renderer: CPURenderer
    private let buffers: ShmBufferChain
    /// The number of the last frame presented.
    private var frame = 0
    /// The buffer the last `render` drew into, until it is committed.
    private var drawn: Int?

    init(shm: OpaquePointer) {
        buffers = ShmBufferChain(shm: shm)
        renderer = CPURenderer()
    }

    var path: PresentationPath { .sharedMemory }
    var rendererKind: RendererKind { .cpu }
    var drawsThroughRetainedFramebuffer: Bool { false }
    var swapsWithDamage: Bool { false }

    var onBufferReleased: (() -> Void)? {
        get { buffers.onRelease }
        set { buffers.onRelease = newValue }
    }

    func canPresent(width: Int, height: Int) -> Bool { buffers.hasFreeBuffer(width: width, height: height) }

    /// There is no context: nothing to make current.
    func makeCurrent(width: Int, height: Int) throws(WaylandError) {}

    func makeRenderer() throws(WaylandError) -> SceneRenderer { renderer }

    func invalidate() { buffers.forgetContents() }

    /// Draws into a free buffer what it lacks of `scene`. The frame loop asked `canPresent` first, so a
    /// buffer is free.
    func render(_ scene: Scene) throws(WaylandError) -> FrameResult {
        guard let index = try buffers.takeFreeBuffer(width: scene.pixelWidth, height: scene.pixelHeight) else {
            throw .outOfOrder("no free wl_shm buffer: the frame loop renders only when `canPresent` says one is free")
        }
        let age = buffers.fillFromNewest(index).map { frame + 1 - $0 } ?? 0
        do throws(RendererError) {
            let result = try renderer.render(scene, into: buffers.buffers[index].bytes, stride: buffers.stride, bufferAge: age)
            drawn = result.redrawn.isEmpty ? nil : index
            return result
        } catch {
            throw .renderer(error)
        }
    }

    /// The buffer just drawn, to be committed with `damage`.
    func content(damage: PixelRect) throws(WaylandError) -> SurfaceContent {
        guard let index = drawn else { throw .outOfOrder("no frame was drawn to present") }
        drawn = nil
        frame += 1
        buffers.commit(index, frame: frame)
        return .sharedMemoryBuffer(buffers.buffers[index].proxy, damage: damage)
    }
}
