extension Slider {
    /// True when `point` (surface points) is on the slider's hit region: the 44 pt band around the track or
    /// the 44 pt square around a thumb.
    package func hitRegionContains(_ point: Point) -> Bool {
        let layout = self.layout
        if layout.trackHitRect.contains(point) { return true }
        for thumb in 0..<model.thumbCount
        where layout.thumbHitRect(atPosition: model.position(of: presentationValue(ofThumb: thumb))).contains(point) {
            return true
        }
        return false
    }
}
