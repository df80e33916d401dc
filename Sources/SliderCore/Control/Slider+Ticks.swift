extension Slider {
    /// What a non-linear scale's ticks depend on: the bounds, grid and scale, the track's length and the
    /// spacing asked for. Not the value, which changes with every frame of a drag.
    struct TickKey: Equatable {
        var minimum: Double, maximum: Double, grid: DecimalGrid?, valueScale: ValueScale
        var travelLength: Double, minimumSpacing: Double

        init(_ model: SliderModel, _ layout: SliderLayout) {
            (minimum, maximum, grid, valueScale) = (model.minimumValue, model.maximumValue, model.grid, model.valueScale)
            (travelLength, minimumSpacing) = (layout.travelLength, layout.metrics.minimumTickSpacing)
        }
    }

    /// Calls `body` with the value of each tick drawn in `layout` (`SliderLayout.forEachTick`). A linear
    /// scale's ticks are a stride through the grid, walked each time; a non-linear scale's are searched for
    /// round values (tens of microseconds), so they are kept from one frame to the next until what they
    /// depend on (`TickKey`) changes.
    package func forEachTick(in layout: SliderLayout, _ body: (Double) -> Void) {
        guard model.valueScale != .linear else { return layout.forEachTick(of: model, body) }
        let key = TickKey(model, layout)
        if roundTicks?.key != key {
            var values: [Double] = []
            layout.forEachTick(of: model) { values.append($0) }
            roundTicks = (key, values)
        }
        roundTicks?.values.forEach(body)
    }
}
