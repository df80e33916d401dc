/// A fixed number of elements stored inline in a homogeneous tuple (`Tuple` is `(Element, Element, ...)`): no
/// allocation, as the fixed rings of the input path and the renderer's damage history need. InlineArray would do
/// this, but it is Swift 6.2's, and the distributions' Swift (Debian 13: 6.0.3) does not have it.
package struct InlineElements<Tuple, Element> {
    private var tuple: Tuple

    /// How many elements `Tuple` holds.
    package static var count: Int {
        (MemoryLayout<Tuple>.size - MemoryLayout<Element>.size) / MemoryLayout<Element>.stride + 1
    }

    /// Storage holding `tuple`; traps unless `Tuple` is a tuple of `Element`s, which a homogeneous tuple is laid
    /// out as (its elements at multiples of `Element`'s stride, each bound to `Element`).
    package init(_ tuple: Tuple) {
        precondition(MemoryLayout<Tuple>.size >= MemoryLayout<Element>.size
                     && (MemoryLayout<Tuple>.size - MemoryLayout<Element>.size) % MemoryLayout<Element>.stride == 0
                     && MemoryLayout<Tuple>.alignment == MemoryLayout<Element>.alignment,
                     "InlineElements holds a homogeneous tuple of its element type")
        self.tuple = tuple
    }

    package subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < Self.count, "index \(index) outside 0..<\(Self.count)")
            return withUnsafePointer(to: tuple) { UnsafeRawPointer($0).assumingMemoryBound(to: Element.self)[index] }
        }
        set {
            precondition(index >= 0 && index < Self.count, "index \(index) outside 0..<\(Self.count)")
            withUnsafeMutablePointer(to: &tuple) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Element.self)[index] = newValue }
        }
    }
}

extension InlineElements: Sendable where Tuple: Sendable, Element: Sendable {}
