/// One value per thumb (0: the lower or only thumb, 1: the upper), stored inline: no allocation.
package struct ThumbPair<Element> {
    package var lower: Element
    package var upper: Element

    package init(_ lower: Element, _ upper: Element) {
        self.lower = lower
        self.upper = upper
    }

    package init(repeating element: Element) {
        self.init(element, element)
    }

    /// The value of thumb 0 or 1.
    package subscript(thumb: Int) -> Element {
        get {
            precondition(thumb == 0 || thumb == 1, "a slider has thumbs 0 and 1")
            return thumb == 0 ? lower : upper
        }
        set {
            precondition(thumb == 0 || thumb == 1, "a slider has thumbs 0 and 1")
            if thumb == 0 { lower = newValue } else { upper = newValue }
        }
    }
}

extension ThumbPair: Sendable where Element: Sendable {}
extension ThumbPair: Equatable where Element: Equatable {}
