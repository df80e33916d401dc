@_spi(Internals) import SliderRenderer

/// A presenter whose frames the GLES2 renderer draws, in the presenter's context.
protocol GLESPresenter: FramePresenter {
    /// The renderer `makeRenderer` made; nil before.
    var glesRenderer: SliderRenderer? { get set }
}

extension GLESPresenter {
    var rendererKind: RendererKind { .gles }

    func makeRenderer() throws(WaylandError) -> SceneRenderer {
        do throws(RendererError) {
            let made = try SliderRenderer()
            glesRenderer = made
            return made
        } catch {
            throw .renderer(error)
        }
    }

    /// The renderer `makeRenderer` made.
    func madeGLESRenderer() throws(WaylandError) -> SliderRenderer {
        guard let glesRenderer else { throw .outOfOrder("a frame was rendered before the presenter's renderer was made") }
        return glesRenderer
    }
}
