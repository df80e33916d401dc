/// Where a value popup goes: a bubble centred over the thumb, its arrow's tip `gap` from the thumb, moved
/// sideways to stay inside `bounds` (the window) while the arrow keeps pointing at the thumb's centre, and
/// put below the thumb when there is no room above. All rects in points, edges on device pixels.
package struct ValuePopupLayout: Equatable, Sendable {
    package var bubble: Rect
    package var arrow: Rect
    /// The arrow's tip points down (popup above the thumb); false when the popup had to go below.
    package var pointsDown: Bool
    /// The box the text is centred in (the bubble less its padding).
    package var textBox: Rect

    /// Places a popup for a thumb `thumbRect` with text `textWidth` points wide.
    package init(thumbRect: Rect, textWidth: Double, style: ValuePopupStyle, bounds: Rect, scale: Double) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let snap = { (v: Double) in (v * scale).rounded() / scale }
        let height = snap(Swift.max(style.height, 1))
        let arrowHeight = snap(Swift.max(style.arrowHeight, 0))
        let arrowWidth = snap(Swift.max(style.arrowWidth, 0))
        let corner = Swift.min(Swift.max(style.cornerRadius, 0), height / 2)
        // Wide enough for the text, and for the arrow's whole base on the straight edge between the rounded
        // corners, with a device pixel to spare for snapping: a short value ("5") in a round bubble would
        // otherwise put the base under a corner, sticking out past the curve.
        let width = snap(Swift.max(textWidth + 2 * style.horizontalPadding, height, 2 * corner + arrowWidth + 1 / scale))
        let cx = thumbRect.midX
        let above = thumbRect.minY - style.gap - arrowHeight - height
        pointsDown = above >= bounds.minY || thumbRect.maxY + style.gap + arrowHeight + height > bounds.maxY
        let bubbleY = snap(pointsDown ? above : thumbRect.maxY + style.gap + arrowHeight)
        // Centred over the thumb, then moved inside the bounds (a bubble wider than the window keeps its left edge in).
        var x = snap(cx - width / 2)
        x = Swift.min(x, snap(bounds.maxX - width))
        x = Swift.max(x, snap(bounds.minX))
        bubble = Rect(x: x, y: bubbleY, width: width, height: height)
        // The arrow follows the thumb but stays on the bubble's straight edge, clear of its rounded corners:
        // its limits are rounded inward to device pixels, so snapping never moves its base under a corner.
        let lowest = ((bubble.minX + corner) * scale).rounded(.up) / scale
        let highest = ((bubble.maxX - corner - arrowWidth) * scale).rounded(.down) / scale
        let arrowX = Swift.min(Swift.max(snap(cx - arrowWidth / 2), lowest), Swift.max(lowest, highest))
        arrow = Rect(x: arrowX, y: pointsDown ? bubble.maxY : bubble.minY - arrowHeight, width: arrowWidth, height: arrowHeight)
        textBox = bubble.insetBy(dx: style.horizontalPadding, dy: 0)
    }
}
