/// Where a slider's parts lie inside its bounds, in points, snapped to device pixels at `scale`.
///
/// Positions are normalized (0: minimum, 1: maximum). Which end holds the minimum follows the orientation,
/// the layout direction and `isInverted`: horizontal left-to-right puts it on the left, right-to-left on the
/// right, vertical at the bottom; `isInverted` swaps the ends. The thumb's centre travels from one end of the
/// track to the other less the thumb's radius, so the thumb never overhangs the track (as UISlider draws it).
public struct SliderLayout: Equatable, Sendable {
    public let bounds: Rect
    package let orientation: Orientation
    /// Device pixels per point; rects are snapped to this grid.
    package let scale: Double
    /// True when position 0 is at the right (horizontal) or the bottom (vertical).
    package let isFlipped: Bool
    package let metrics: SliderMetrics
    /// The whole track, from the minimum end to the maximum end.
    public let trackRect: Rect
    /// The rect of the minimum value image, when the slider has one.
    public let minimumImageRect: Rect?
    /// The rect of the maximum value image, when the slider has one.
    public let maximumImageRect: Rect?
    /// The room of the label, when the slider shows one: at the leading edge of a horizontal slider (left,
    /// or right right-to-left), at the top of a vertical one. The label's text sits in it, vertically
    /// centred, against its leading edge.
    public let labelRect: Rect?
    /// Along-axis coordinates of the thumb centre at the low and high coordinate ends of its travel.
    private let travelLow: Double
    private let travelHigh: Double

    /// Lays out a slider in `bounds` (points). Non-finite bounds are treated as empty.
    package init(bounds: Rect, metrics: SliderMetrics, orientation: Orientation = .horizontal,
                layoutDirection: LayoutDirection = .leftToRight, isInverted: Bool = false,
                hasMinimumImage: Bool = false, hasMaximumImage: Bool = false, hasLabel: Bool = false, scale: Double = 1) {
        let bounds = bounds.isFinite ? bounds : .zero
        let scale = scale.isFinite && scale > 0 ? scale : 1
        self.bounds = bounds
        self.orientation = orientation
        self.scale = scale
        self.metrics = metrics
        let flipped: Bool
        switch orientation {
        case .horizontal: flipped = (layoutDirection == .rightToLeft) != isInverted
        case .vertical: flipped = !isInverted
        }
        isFlipped = flipped

        let horizontal = orientation == .horizontal
        var alongLow = horizontal ? bounds.minX : bounds.minY
        var alongHigh = horizontal ? bounds.maxX : bounds.maxY
        if hasLabel {
            let reach = Swift.min(horizontal ? metrics.labelWidth : metrics.labelHeight, alongHigh - alongLow)
            if horizontal && layoutDirection == .rightToLeft {
                labelRect = Rect(x: alongHigh - reach, y: bounds.minY, width: reach, height: bounds.height)
                alongHigh -= reach
            } else {
                labelRect = horizontal ? Rect(x: alongLow, y: bounds.minY, width: reach, height: bounds.height)
                                       : Rect(x: bounds.minX, y: alongLow, width: bounds.width, height: reach)
                alongLow += reach
            }
        } else {
            labelRect = nil
        }
        let acrossMid = horizontal ? bounds.midY : bounds.midX
        let imageReach = metrics.imageSize + metrics.imageSpacing
        // The image at the low coordinate end is the minimum image unless flipped.
        let lowHasImage = flipped ? hasMaximumImage : hasMinimumImage
        let highHasImage = flipped ? hasMinimumImage : hasMaximumImage
        var trackLow = alongLow + (lowHasImage ? imageReach : 0)
        var trackHigh = alongHigh - (highHasImage ? imageReach : 0)
        if trackHigh < trackLow { let mid = (trackLow + trackHigh) / 2; trackLow = mid; trackHigh = mid }

        func rect(along a0: Double, _ a1: Double, acrossCenter c: Double, thickness t: Double) -> Rect {
            horizontal ? Rect(x: a0, y: c - t / 2, width: a1 - a0, height: t)
                       : Rect(x: c - t / 2, y: a0, width: t, height: a1 - a0)
        }
        trackRect = rect(along: trackLow, trackHigh, acrossCenter: acrossMid, thickness: metrics.trackThickness)
            .snappedEdges(toScale: scale)
        let size = metrics.imageSize
        let lowImage = lowHasImage ? rect(along: alongLow, alongLow + size, acrossCenter: acrossMid, thickness: size).snappedOrigin(toScale: scale) : nil
        let highImage = highHasImage ? rect(along: alongHigh - size, alongHigh, acrossCenter: acrossMid, thickness: size).snappedOrigin(toScale: scale) : nil
        minimumImageRect = flipped ? highImage : lowImage
        maximumImageRect = flipped ? lowImage : highImage

        let radius = metrics.thumbDiameter / 2
        let snappedLow = horizontal ? trackRect.minX : trackRect.minY
        let snappedHigh = horizontal ? trackRect.maxX : trackRect.maxY
        if snappedHigh - snappedLow >= 2 * radius {
            travelLow = snappedLow + radius
            travelHigh = snappedHigh - radius
        } else {
            travelLow = (snappedLow + snappedHigh) / 2
            travelHigh = travelLow
        }
    }

    /// The length of the thumb centre's travel in points (zero when the track is shorter than the thumb).
    package var travelLength: Double { travelHigh - travelLow }

    /// The along-axis coordinate (x or y) of `point`.
    package func along(_ point: Point) -> Double { orientation == .horizontal ? point.x : point.y }

    /// The signed distance of `point` from the track's centre line, across the track.
    package func across(_ point: Point) -> Double {
        orientation == .horizontal ? point.y - trackRect.midY : point.x - trackRect.midX
    }

    /// The along-axis coordinate of the thumb centre at `position`, not snapped.
    package func alongCoordinate(atPosition position: Double) -> Double {
        let p = Swift.min(Swift.max(position.isFinite ? position : 0, 0), 1)
        return isFlipped ? travelHigh - p * travelLength : travelLow + p * travelLength
    }

    /// The normalized position whose thumb centre is at along-axis coordinate `coordinate`, clamped to 0...1.
    package func position(atAlong coordinate: Double) -> Double {
        guard travelLength > 0, coordinate.isFinite else { return 0 }
        let t = (coordinate - travelLow) / travelLength
        let p = isFlipped ? 1 - t : t
        return Swift.min(Swift.max(p, 0), 1)
    }

    /// The position whose thumb centre is nearest to `point`.
    package func position(at point: Point) -> Double { position(atAlong: along(point)) }

    /// Position change per point of along-axis motion toward the maximum (+1/travel, or 0 for no travel).
    package var positionPerPoint: Double { travelLength > 0 ? 1 / travelLength : 0 }

    /// The sign of along-axis motion that increases the value: +1 or -1.
    package var increasingDirection: Double { isFlipped ? -1 : 1 }

    /// The change of position for `distance` points of along-axis motion (signed: motion toward the maximum
    /// gives a positive change).
    package func positionChange(forAlongDistance distance: Double) -> Double {
        distance * positionPerPoint * increasingDirection
    }

    /// The thumb's centre at `position`, on the device-pixel grid.
    public func thumbCenter(atPosition position: Double) -> Point { thumbRect(atPosition: position).center }

    /// The thumb's rect at `position`, its origin on the device-pixel grid.
    public func thumbRect(atPosition position: Double) -> Rect {
        let a = alongCoordinate(atPosition: position)
        let c = orientation == .horizontal ? Point(x: a, y: trackRect.midY) : Point(x: trackRect.midX, y: a)
        let d = metrics.thumbDiameter
        return Rect(center: c, size: Size(width: d, height: d)).snappedOrigin(toScale: scale)
    }

    /// The square that accepts presses on the thumb at `position`: `thumbHitSize` (44 pt), never smaller than the thumb.
    package func thumbHitRect(atPosition position: Double) -> Rect {
        let side = Swift.max(metrics.thumbHitSize, metrics.thumbDiameter)
        return Rect(center: thumbRect(atPosition: position).center, size: Size(width: side, height: side))
    }

    /// The band around the whole track that accepts presses: `trackHitThickness` (44 pt) thick.
    package var trackHitRect: Rect {
        let t = Swift.max(metrics.trackHitThickness, metrics.thumbDiameter)
        let pad = metrics.thumbDiameter / 2
        return orientation == .horizontal
            ? Rect(x: trackRect.minX - pad, y: trackRect.midY - t / 2, width: trackRect.width + 2 * pad, height: t)
            : Rect(x: trackRect.midX - t / 2, y: trackRect.minY - pad, width: t, height: trackRect.height + 2 * pad)
    }

    /// The part of the track between two positions, as a track-thick rect with snapped ends.
    package func trackSegment(fromPosition a: Double, toPosition b: Double) -> Rect {
        let ca = along(thumbCenter(atPosition: a)), cb = along(thumbCenter(atPosition: b))
        var low = Swift.min(ca, cb), high = Swift.max(ca, cb)
        // The segment that touches a track end runs to the end of the track, as the fill does under the thumb.
        let trackLow = orientation == .horizontal ? trackRect.minX : trackRect.minY
        let trackHigh = orientation == .horizontal ? trackRect.maxX : trackRect.maxY
        if low <= travelLow + 1e-9 { low = trackLow }
        if high >= travelHigh - 1e-9 { high = trackHigh }
        return orientation == .horizontal
            ? Rect(x: low, y: trackRect.minY, width: high - low, height: trackRect.height)
            : Rect(x: trackRect.minX, y: low, width: trackRect.width, height: high - low)
    }

    /// The low and high along-axis coordinates (x, or y when vertical) of `rect`.
    package func alongExtent(of rect: Rect) -> (low: Double, high: Double) {
        orientation == .horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }

    /// The track-thick rect between along-axis coordinates `low` and `high` (empty when `high <= low`).
    package func trackSpan(from low: Double, to high: Double) -> Rect {
        let length = Swift.max(0, high - low)
        return orientation == .horizontal
            ? Rect(x: low, y: trackRect.minY, width: length, height: trackRect.height)
            : Rect(x: trackRect.minX, y: low, width: trackRect.width, height: length)
    }

    /// The centre of a tick at `position`, on the track's centre line, on the device-pixel grid.
    package func tickCenter(atPosition position: Double) -> Point {
        let a = (alongCoordinate(atPosition: position) * scale).rounded() / scale
        return orientation == .horizontal ? Point(x: a, y: trackRect.midY) : Point(x: trackRect.midX, y: a)
    }

    /// The positions of the ticks drawn for `model`'s grid (`forEachTick`). Allocates; the scene builder
    /// walks the ticks itself.
    package func tickPositions(for model: SliderModel) -> [Double] {
        var positions: [Double] = []
        forEachTick(of: model) { positions.append(model.position(of: $0)) }
        return positions
    }

    /// True when `model` is stepped and its track is long enough for ticks at both ends to be
    /// `minimumTickSpacing` apart.
    package func showsTicks(for model: SliderModel) -> Bool { tickStride(for: model) != nil }

    /// Every how many steps of `model`'s grid a tick is drawn: 1 where the steps are at least
    /// `minimumTickSpacing` apart, else the smallest of 2, 5, 10, 20, 50, … that spreads the ticks so far
    /// (a 0 to 100 slider stepped by 1 on a 300 pt track gets a tick every 10). Nil for a continuous slider,
    /// and where the whole track is shorter than the spacing.
    package func tickStride(for model: SliderModel) -> Int? {
        guard let grid = model.grid, grid.count >= 2, model.span > 0, travelLength >= metrics.minimumTickSpacing else { return nil }
        let spacing = travelLength * grid.step / model.span
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] {
                let stride = factor * magnitude
                if Double(stride) * spacing >= metrics.minimumTickSpacing || stride >= grid.count - 1 { return stride }
            }
            magnitude *= 10
        }
    }

    /// Calls `body` with the value of each tick drawn for `model`, lowest first: every `tickStride`-th grid
    /// value, and always the last (the one before it left out where it would be closer than
    /// `minimumTickSpacing`), so both ends show. On a scale other than linear, where the steps' spacing varies
    /// along the track, the stride varies with it (`forEachRoundTick`).
    package func forEachTick(of model: SliderModel, _ body: (Double) -> Void) {
        guard let stride = tickStride(for: model), let grid = model.grid else { return }
        guard model.valueScale == .linear else { return forEachRoundTick(of: model, grid, body) }
        let last = grid.count - 1
        let top = grid.value(at: last), topPosition = model.position(of: top)
        var k = 0
        while k < last {
            let value = grid.value(at: k), position = model.position(of: value)
            k += stride
            guard (topPosition - position) * travelLength >= metrics.minimumTickSpacing || stride == 1 else { break }
            body(value)
        }
        body(top)
    }

    /// The ticks of a non-linear scale: at round values (multiples of 1, 2 or 5 × 10ⁿ steps from 0), each the
    /// next multiple of the finest stride that is at least `minimumTickSpacing` long there; of two ticks closer
    /// than that, the rounder stays (100 rather than 90). 20 Hz to 20 kHz by 1 Hz on a logarithmic track: 20,
    /// 25, 30, 40, 50 ... 100, 120 ... 1000 ... 20000. Bounded work: a few positions per candidate, for a grid
    /// of any size.
    private func forEachRoundTick(of model: SliderModel, _ grid: DecimalGrid, _ body: (Double) -> Void) {
        let last = Double(grid.count - 1), base = grid.lowerInSteps ?? 0
        let topPosition = model.position(of: grid.value(at: grid.count - 1))
        let position = { (k: Double) in model.position(of: grid.value(at: Int(k))) }
        let apart = { (from: Double, to: Double) in (to - from) * self.travelLength >= self.metrics.minimumTickSpacing }
        var strides: [Double] = []
        var magnitude = 1.0
        while magnitude < last {
            strides += [magnitude, 2 * magnitude, 5 * magnitude]
            magnitude *= 10
        }
        /// The next multiple after index `k` of the finest stride that is long enough there.
        func candidate(after k: Double) -> Double? {
            for stride in strides {
                let next = ((base + k) / stride).rounded(.down) * stride + stride - base
                if next < last, apart(position(Swift.max(next - stride, 0)), position(next)) { return next }
            }
            return nil
        }
        /// The largest stride `k` is a multiple of.
        func roundness(_ k: Double) -> Double { strides.last { (base + k).truncatingRemainder(dividingBy: $0) == 0 } ?? 1 }
        body(grid.value(at: 0))
        var drawn = position(0), pending: Double?, k = 0.0
        while let next = candidate(after: k), apart(position(next), topPosition) {
            k = next
            guard let held = pending else {
                if apart(drawn, position(next)) { pending = next }
                continue
            }
            if apart(position(held), position(next)) {
                body(grid.value(at: Int(held)))
                (drawn, pending) = (position(held), next)
            } else if roundness(next) > roundness(held), apart(drawn, position(next)) {
                pending = next
            }
        }
        if let pending { body(grid.value(at: Int(pending))) }
        body(grid.value(at: grid.count - 1))
    }
}
