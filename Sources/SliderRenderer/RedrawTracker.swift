@_spi(Internals) import SliderCore

/// What both renderers remember between frames to redraw only what a buffer lacks: the last scene drawn and
/// the damage of the frames before it (`DamageHistory`). No allocation once its storage has room.
struct RedrawTracker {
    private var lastScene = Scene(capacity: 64)
    private var hasLastScene = false
    private var rects: [PixelRect] = []
    private var history = DamageHistory()

    init() { rects.reserveCapacity(16) }

    /// Forgets what the buffers hold: the next frame is redrawn in full.
    mutating func invalidate() {
        hasLastScene = false
        history.removeAll()
    }

    /// How a frame of `scene` into a buffer `bufferAge` frames old starts, in either renderer: the target's sides
    /// checked (1 to `maximumWidth` x `maximumHeight` pixels), the primitives checked (`PrimitiveBatch.validate`),
    /// the glyphs and images the scene names made ready in `textures`, and the region to redraw found
    /// (`region(for:bufferAge:)`): the frame's result so far, no draw call yet. Throws before it records anything.
    mutating func beginFrame<Atlas>(of scene: Scene, bufferAge: Int, maximumWidth: Int, maximumHeight: Int,
                                    textures: TextureResources<Atlas>) throws(RendererError) -> FrameResult {
        let width = scene.pixelWidth, height = scene.pixelHeight
        guard width > 0, height > 0, width <= maximumWidth, height <= maximumHeight else { throw .invalidTargetSize(width: width, height: height) }
        try PrimitiveBatch.validate(scene)
        try textures.prepare(scene)
        let region = region(for: scene, bufferAge: bufferAge)
        return FrameResult(redrawn: region, isFullRedraw: region == PixelRect(x: 0, y: 0, width: width, height: height), drawCalls: 0, quads: 0)
    }

    /// The rect to redraw of `scene` into a buffer `bufferAge` frames old (0: unknown contents, drawn in
    /// full), and this frame recorded as drawn. Empty when nothing changed and the contents are known: such a
    /// frame is not presented, however old the buffer (it is brought up to date with the next frame that
    /// shows something new), so it is no frame of the buffers' ages either.
    mutating func region(for scene: Scene, bufferAge: Int) -> PixelRect {
        let full = PixelRect(x: 0, y: 0, width: scene.pixelWidth, height: scene.pixelHeight)
        var frameDamage = full
        if hasLastScene, lastScene.pixelWidth == scene.pixelWidth, lastScene.pixelHeight == scene.pixelHeight {
            scene.damage(since: lastScene, into: &rects)
            frameDamage = rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        }
        let unchanged = frameDamage.isEmpty && bufferAge >= 1
        let region = !hasLastScene ? full : unchanged ? frameDamage : (history.region(forBufferAge: bufferAge, current: frameDamage) ?? full)
        if !region.isEmpty { history.record(frameDamage) }
        lastScene.copyContents(of: scene)
        hasLastScene = true
        return region
    }
}
