/// What one frame shows: the primitives of every slider on a surface, in device pixels, in draw order.
///
/// A scene is rebuilt in place each frame (`removeAll()` keeps its storage), so once its capacity is
/// reached building one allocates nothing. To keep the last frame for damage, `swap(&previous, &scene)`
/// before rebuilding: `previous = scene` shares the storage, and the next rebuild must then allocate.
@_spi(Internals) public struct Scene: Equatable, Sendable {
    public private(set) var primitives: [Primitive] = []
    /// The target's size in device pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Device pixels per point.
    public var scale: Double

    /// An empty scene for a `pixelWidth` x `pixelHeight` target, with room for `capacity` primitives.
    public init(pixelWidth: Int = 0, pixelHeight: Int = 0, scale: Double = 1, capacity: Int = 64) {
        self.pixelWidth = Swift.max(0, pixelWidth)
        self.pixelHeight = Swift.max(0, pixelHeight)
        self.scale = scale
        primitives.reserveCapacity(capacity)
    }

    public var count: Int { primitives.count }

    /// Empties the scene, keeping its storage.
    public mutating func removeAll() { primitives.removeAll(keepingCapacity: true) }

    public mutating func append(_ primitive: Primitive) { primitives.append(primitive) }

    /// Dims the primitives from `index` on as one group at `opacity` over the opaque `background`: each
    /// colour is mixed toward the background by `opacity`, its alpha kept. Over a uniform opaque
    /// background that is exactly the group drawn at `opacity` (compositing is affine in the colours and
    /// the alphas do not change), so a shape over another hides it as it does undimmed. A user image's tint
    /// cannot mix (the image multiplies it): its alpha is multiplied instead.
    public mutating func dimAsGroup(from index: Int, opacity: Double, over background: Color) {
        func mixed(_ c: Color) -> Color {
            Color(red: c.red * opacity + background.red * (1 - opacity), green: c.green * opacity + background.green * (1 - opacity),
                  blue: c.blue * opacity + background.blue * (1 - opacity), alpha: c.alpha)
        }
        for i in index..<primitives.count {
            if case .image(.user) = primitives[i].slot {
                primitives[i].fillColor = primitives[i].fillColor.withAlpha(multipliedBy: opacity)
                continue
            }
            primitives[i].fillColor = mixed(primitives[i].fillColor)
            primitives[i].borderColor = mixed(primitives[i].borderColor)
        }
    }

    /// Every pixel the scene's primitives touch (their `bounds`, device pixels), nil for an empty scene.
    public var drawnBounds: Rect? {
        guard var bounds = primitives.first?.bounds else { return nil }
        for primitive in primitives.dropFirst() { bounds = bounds.union(primitive.bounds) }
        return bounds
    }

    /// Makes the scene that of a `pixelWidth` x `pixelHeight` target whose top-left pixel is (`x`, `y`) of
    /// this one: every primitive moves by (-`x`, -`y`).
    public mutating func crop(x: Double, y: Double, pixelWidth: Int, pixelHeight: Int) {
        for i in primitives.indices { primitives[i].rect = primitives[i].rect.offsetBy(dx: -x, dy: -y) }
        self.pixelWidth = Swift.max(0, pixelWidth)
        self.pixelHeight = Swift.max(0, pixelHeight)
    }

    /// Makes this scene a copy of `other` in its own storage: no allocation once the capacity suffices
    /// (plain assignment would share `other`'s storage and force a copy at the next rebuild).
    public mutating func copyContents(of other: Scene) {
        primitives.removeAll(keepingCapacity: true)
        primitives.append(contentsOf: other.primitives)
        pixelWidth = other.pixelWidth
        pixelHeight = other.pixelHeight
        scale = other.scale
    }
}
