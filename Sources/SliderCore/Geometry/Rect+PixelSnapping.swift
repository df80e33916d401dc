extension Rect {
    /// The rectangle with both edges on each axis moved to the nearest device-pixel boundary at `scale`.
    ///
    /// Use for shapes that must cover whole pixels (a track): the size may change by up to one pixel.
    package func snappedEdges(toScale scale: Double) -> Rect {
        let x0 = (minX * scale).rounded() / scale, y0 = (minY * scale).rounded() / scale
        let x1 = (maxX * scale).rounded() / scale, y1 = (maxY * scale).rounded() / scale
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved so its origin lies on a device-pixel boundary at `scale`, its size rounded to whole pixels.
    ///
    /// Use for shapes that move (a thumb): the size stays the same wherever the shape is.
    package func snappedOrigin(toScale scale: Double) -> Rect {
        let w = (width * scale).rounded() / scale, h = (height * scale).rounded() / scale
        let x0 = ((midX - w / 2) * scale).rounded() / scale, y0 = ((midY - h / 2) * scale).rounded() / scale
        return Rect(x: x0, y: y0, width: w, height: h)
    }
}
