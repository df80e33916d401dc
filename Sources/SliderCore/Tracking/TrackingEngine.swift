/// The gesture state machine of one slider: press, move, release and cancel for pointer and touch.
///
/// Each gesture goes `pending` (under the drag threshold) → `dragging` or `tapping` → ended; the engine
/// knows geometry, not values: it answers with the normalized position a thumb should move to, and the
/// slider applies it to its model. Up to two gestures run at once, one per thumb (two fingers on a range
/// slider). Fixed storage: no allocation per event.
struct TrackingEngine: Sendable {
    enum Phase: Sendable { case pending, dragging, tapping }

    struct Gesture: Sendable {
        var source: TrackingSource
        /// The thumb moved; -1 while stacked thumbs wait for the first motion to pick one.
        var thumb: Int
        var phase: Phase
        var pressPoint: Point
        var pressedThumb: Bool
        /// The layout the positions along the track below are measured in.
        var layout: SliderLayout
        /// The last point the gesture was at, and its position along the track.
        var lastPoint: Point
        var lastAlong: Double
        /// Unclamped position the drag has reached; the thumb shows it clamped to 0...1.
        var virtualPosition: Double
        /// Where the current stretch of constant rate began: the position is computed from these in one
        /// expression, not summed per event, so a finger that comes back comes back to the same value.
        var anchorAlong: Double = 0
        var anchorPosition: Double = 0
        var rate: Double
        var history = MotionHistory()

        var hasBegun: Bool { phase != .pending }
    }

    /// What one event asks the slider to do.
    struct Update: Sendable {
        /// The engine used the event (the router keeps a grab only for handled presses).
        var handled = false
        /// The gesture started editing with this event.
        var began = false
        /// The gesture ended (released) with this event.
        var ended = false
        var thumb = 0
        /// The unsnapped normalized position the thumb should take, if it moves.
        var position: Double?
        /// The fine-scrubbing rate, when it changed.
        var scrubbingRate: Double?
    }

    /// The geometry and state one event is judged against.
    struct Context {
        var layout: SliderLayout
        var positions: (Double, Double)
        var thumbCount: Int
        var configuration: TrackingConfiguration

        func position(ofThumb i: Int) -> Double { i == 0 ? positions.0 : positions.1 }
    }

    private var slots = ThumbPair<Gesture?>(repeating: nil)

    /// True while any gesture has begun editing.
    var isTracking: Bool { slots[0]?.hasBegun == true || slots[1]?.hasBegun == true }

    /// True when a gesture holds `thumb` and began with a press on a thumb (not on the track).
    func holdsThumbPressedOnThumb(_ thumb: Int) -> Bool {
        for i in 0..<2 { if let g = slots[i], g.pressedThumb, g.thumb == thumb { return true } }
        return false
    }

    /// True while a gesture from `source` is pressed, begun or not.
    func hasGesture(from source: TrackingSource) -> Bool { slot(of: source) != nil }

    /// The fine-scrubbing rate of the newest dragging gesture (1 when none scrubs).
    var scrubbingRate: Double {
        for i in 0..<2 { if let g = slots[i], g.phase == .dragging { return g.rate } }
        return 1
    }

    private func slot(of source: TrackingSource) -> Int? {
        for i in 0..<2 where slots[i]?.source == source { return i }
        return nil
    }

    private func owner(ofThumb thumb: Int) -> Int? {
        for i in 0..<2 where slots[i]?.thumb == thumb { return i }
        return nil
    }

    // MARK: Press

    mutating func press(_ source: TrackingSource, at point: Point, time: Double, context: Context) -> Update {
        guard slot(of: source) == nil, let free = (0..<2).first(where: { slots[$0] == nil }) else { return Update() }
        let layout = context.layout
        let config = context.configuration
        var hitThumbs = 0, hitFirst = -1
        for t in 0..<context.thumbCount where owner(ofThumb: t) == nil
            && layout.thumbHitRect(atPosition: context.position(ofThumb: t)).contains(point) {
            hitThumbs += 1
            if hitFirst < 0 { hitFirst = t }
        }
        guard hitThumbs > 0 || layout.trackHitRect.contains(point) else { return Update() }
        let pressedThumb = hitThumbs > 0
        if config.policy == .slideThumb && !pressedThumb { return Update() }
        let pressPosition = layout.position(at: point)
        guard let thumb = pickThumb(hits: hitThumbs, first: hitFirst, pressPosition: pressPosition, context: context) else {
            return Update()
        }
        let along = layout.along(point)
        var gesture = Gesture(source: source, thumb: thumb, phase: .pending, pressPoint: point, pressedThumb: pressedThumb,
                              layout: layout, lastPoint: point, lastAlong: along,
                              virtualPosition: thumb >= 0 ? context.position(ofThumb: thumb) : pressPosition, rate: 1)
        var update = Update(handled: true)
        if config.dragThreshold(for: source) == 0 {
            update = begin(&gesture, at: point, context: context)
            gesture.history.append(.init(time: time, along: along, position: gesture.virtualPosition))
        } else {
            // Where a press that never drags would leave the thumb: where a finger held still and then
            // jumped past the drag threshold just before lifting goes back to.
            let rest = config.policy == .tapAndSlide && !pressedThumb ? pressPosition : gesture.virtualPosition
            gesture.history.append(.init(time: time, along: along, position: rest))
        }
        slots[free] = gesture
        return update
    }

    /// The thumb a press picks: the one hit, else the nearer one; for stacked thumbs (less than half a point
    /// apart) the one that can move toward the press, or -1 to let the first motion choose; nil when none is free.
    private func pickThumb(hits: Int, first: Int, pressPosition p: Double, context: Context) -> Int? {
        guard context.thumbCount == 2 else { return owner(ofThumb: 0) == nil ? 0 : nil }
        let lowerFree = owner(ofThumb: 0) == nil, upperFree = owner(ofThumb: 1) == nil
        if lowerFree != upperFree { return lowerFree ? 0 : 1 }
        guard lowerFree else { return nil }
        let p0 = context.positions.0, p1 = context.positions.1
        let eps = 0.5 * context.layout.positionPerPoint
        let stacked = abs(p1 - p0) <= eps
        if !stacked {
            if hits == 1 { return first }
            let d0 = abs(p - p0), d1 = abs(p - p1)
            return d0 < d1 ? 0 : (d1 < d0 ? 1 : (p > p1 ? 1 : 0))
        }
        if p > p1 + eps { return 1 }
        if p < p0 - eps { return 0 }
        if p1 >= 1 { return 0 }
        if p0 <= 0 { return 1 }
        return -1
    }

    /// Starts editing: the thumb jumps to the press (tap policies on the track) or keeps its offset.
    private func begin(_ g: inout Gesture, at point: Point, context: Context) -> Update {
        let layout = context.layout
        var update = Update(handled: true, began: true, thumb: g.thumb)
        switch context.configuration.policy {
        case .tapOnly:
            g.phase = .tapping
            g.virtualPosition = layout.position(at: g.pressPoint)
            update.position = g.virtualPosition
        case .tapAndSlide where !g.pressedThumb:
            g.phase = .dragging
            g.virtualPosition = layout.position(at: point)
            update.position = g.virtualPosition
        default:
            g.phase = .dragging
            // Keep the offset between the press and the thumb: the thumb moves by the finger's travel.
            let moved = layout.positionChange(forAlongDistance: layout.along(point) - layout.along(g.pressPoint))
            if moved != 0 { g.virtualPosition += moved; update.position = min(max(g.virtualPosition, 0), 1) }
        }
        if g.thumb < 0, let position = update.position {
            g.thumb = position >= context.positions.1 ? 1 : 0
        }
        update.thumb = g.thumb
        g.layout = layout
        g.lastPoint = point
        g.lastAlong = layout.along(point)
        g.anchorAlong = g.lastAlong
        g.anchorPosition = g.virtualPosition
        return update
    }

    // MARK: Move

    mutating func move(_ source: TrackingSource, to point: Point, time: Double, context: Context) -> Update {
        guard let i = slot(of: source), var g = slots[i] else { return Update() }
        let layout = context.layout
        let config = context.configuration
        var update = Update(handled: true, thumb: g.thumb)
        switch g.phase {
        case .tapping:
            break
        case .pending:
            let dAlong = layout.along(point) - layout.along(g.pressPoint)
            let dAcross = layout.across(point) - layout.across(g.pressPoint)
            guard (dAlong * dAlong + dAcross * dAcross).squareRoot() >= config.dragThreshold(for: source) else { break }
            if config.policy == .tapOnly || (source.isTouch && config.yieldsCrossAxisTouchDrags && abs(dAcross) > abs(dAlong)) {
                // Not ours: a tap-only slider ignores drags, and a cross-track swipe belongs to a scroller.
                slots[i] = nil
                return update
            }
            update = begin(&g, at: point, context: context)
            g.history.append(.init(time: time, along: layout.along(point), position: min(max(g.virtualPosition, 0), 1)))
        case .dragging:
            if g.layout != layout { Self.rebase(&g, to: layout) }
            let along = layout.along(point)
            let delta = along - g.lastAlong
            if g.thumb < 0 {
                let direction = delta * layout.increasingDirection
                if direction == 0 { break }
                g.thumb = direction > 0 ? 1 : 0
            }
            let beyondBand = abs(layout.across(point)) - layout.metrics.trackHitThickness / 2
            let rate = config.fineScrubbing.rate(atDistance: beyondBand)
            if rate != g.rate {
                if abs(rate - g.rate) > 1e-3 { update.scrubbingRate = rate }
                // The rate changes from here on: motion so far counts at the old rate.
                g.anchorPosition += layout.positionChange(forAlongDistance: g.lastAlong - g.anchorAlong) * g.rate
                g.anchorAlong = g.lastAlong
                g.rate = rate
            }
            g.virtualPosition = g.anchorPosition + layout.positionChange(forAlongDistance: along - g.anchorAlong) * rate
            g.lastPoint = point
            g.lastAlong = along
            let position = min(max(g.virtualPosition, 0), 1)
            g.history.append(.init(time: time, along: along, position: position))
            update.thumb = g.thumb
            update.position = position
        }
        slots[i] = g
        return update
    }

    /// The slider was laid out anew since the gesture's last event (its window resized, its output turned,
    /// its style changed): the drag goes on from the position it has, and motion from the gesture's last
    /// point is measured in the new layout. The value never jumps for a layout change; the recent motion is
    /// forgotten (its distances were the old layout's).
    private static func rebase(_ g: inout Gesture, to layout: SliderLayout) {
        g.layout = layout
        g.lastAlong = layout.along(g.lastPoint)
        g.anchorAlong = g.lastAlong
        g.anchorPosition = g.virtualPosition
        g.history = MotionHistory()
    }

    // MARK: Release and cancel

    mutating func release(_ source: TrackingSource, time: Double, context: Context) -> Update {
        guard let i = slot(of: source), var g = slots[i] else { return Update() }
        slots[i] = nil
        var update = Update(handled: true, thumb: g.thumb)
        switch g.phase {
        case .pending:
            // A tap: the tap policies move the thumb to it; the slide policies ignore it.
            guard context.configuration.policy == .tapAndSlide || context.configuration.policy == .tapOnly else { return update }
            // A tap on the thumb itself changes nothing; a tap on the track moves the thumb there.
            update = begin(&g, at: g.pressPoint, context: context)
            if g.thumb < 0 { g.thumb = (update.position ?? 0) >= context.positions.1 ? 1 : 0 }
            update.thumb = g.thumb
        case .dragging:
            if g.layout != context.layout { Self.rebase(&g, to: context.layout) }
            let c = context.configuration
            if g.source.isTouch,
               let held = g.history.heldPosition(releasedAt: time, jump: (c.releaseJumpInterval, context.layout.metrics.thumbDiameter / 2),
                                                 hold: (c.releaseHoldDuration, c.releaseHoldSpeed)) {
                update.position = held
            }
        case .tapping:
            break
        }
        if g.thumb < 0 { update.thumb = 0; update.position = nil }
        update.ended = true
        return update
    }

    /// Drops every gesture matching `shouldCancel`; returns how many of them had begun editing and a bit per
    /// thumb they were moving.
    mutating func cancel(where shouldCancel: (TrackingSource) -> Bool) -> (begun: Int, thumbs: UInt8) {
        var begun = 0
        var thumbs: UInt8 = 0
        for i in 0..<2 {
            guard let g = slots[i], shouldCancel(g.source) else { continue }
            if g.hasBegun {
                begun += 1
                if g.thumb >= 0 { thumbs |= 1 << g.thumb }
            }
            slots[i] = nil
        }
        return (begun, thumbs)
    }
}
