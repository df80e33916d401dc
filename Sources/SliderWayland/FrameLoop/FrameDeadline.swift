/// When to draw so that a frame still makes the compositor's next repaint, as late as it can: learned from
/// wp_presentation feedback, as weston-presentation-shm's presentation mode and foot time their commits.
///
/// A compositor latches what was committed some time before each refresh (weston's `repaint-window`, sway's
/// `max_render_time`, mutter's and KWin's estimates): the *lead*. A frame drawn right after the previous
/// latch waits a whole refresh before it is used, and the input it shows ages with it. So while frames
/// follow each other, the next is drawn at `target - lead - render`, the input coalesced until then.
///
/// The refresh grid is the last presentation time plus whole periods; the period is the one observed
/// between presentations where it is within a tenth of the reported refresh (an output's timer may run
/// slower than its mode says). Where the feedback gives no refresh, the output's mode does (sway's headless
/// output); where neither does (wlroots 0.18's Wayland backend, a compositor nested in weston, passes its
/// host's presentation times on with none), the refresh is the period the last presentations are whole
/// multiples of, once half of them are one period apart.
///
/// The lead is learned, not configured. It starts at three quarters of a refresh and shrinks with every frame
/// that made its target, by `step` after a miss and twice as much with each frame made in a row, up to an
/// eighth of a refresh (so a lead of 0.5 ms is found in 8 frames at 60 Hz, not 48, and the first second of
/// a drag is not drawn a refresh early); a frame that missed its target says the lead is more than
/// `target - commit`, which becomes a floor kept
/// `floorLifetime` seconds (then lowered a step, so a compositor that got faster is followed), and the lead
/// stays `margin` above the floor. A frame that missed though committed a refresh or more before its target,
/// or that was shown more than a refresh and a quarter late, met refreshes the compositor skipped (mutter
/// around a resize), not its latch, and teaches nothing. A
/// frame shown a refresh or more before its target says the compositor latched after its commit: the floor
/// goes, the lead is cut to `present - commit`, and the planned targets move back by those refreshes.
///
/// A compositor answers a commit's frame callback once a repaint has taken that commit, or later: so
/// `present - frame callback` is a lead the compositor is seen to need. Where it is the same frame after
/// frame (`callbackLead`), the lead stays `margin` above it, even above a refresh. Without it, weston 10's
/// lead is never learned: its headless output stops when a repaint finds nothing new, and a frame that
/// comes after that repaint restarts it and is shown a millisecond or two after its target, not a refresh
/// late, so it counts as made (docs/latency.md has the run). Where the callback comes after the presentation
/// (wlroots, mutter), or at times that vary (KWin, weston 14), this teaches nothing.
/// Times are seconds on the presentation clock.
package struct FrameDeadline: Sendable {
    /// The output's refresh interval from the last feedback; nil until one came (no deadline then).
    package private(set) var refresh: Double?
    /// The last presentation time: the refresh grid's phase.
    private var lastPresent: Double?
    /// The interval the output presents at, as observed between presentations a refresh or two apart (an
    /// average): the grid's period; an output's timer may run slower than its mode says (weston's headless
    /// output).
    package private(set) var observedPeriod: Double?
    /// Seconds before a refresh a commit must reach the compositor, as learned; nil until a refresh is known.
    package private(set) var lead: Double?
    /// The greatest `target - commit` of a missed frame, and when it was learned.
    private var floor: (lead: Double, learned: Double)?
    /// Seconds from starting a frame to its commit, as planned for: the second longest of the last
    /// `renderSamples` frames drawn for a deadline (one slow frame, the first at a new size or with new
    /// glyphs, is not taken to be the next one), at least 0.5 ms; 1 ms before the first. A decaying maximum
    /// would keep one such frame for a hundred, and every frame after a resize would start that much early.
    package var renderTime: Double { renderDurations.isEmpty ? 0.001 : max(Self.secondLongest(renderDurations), 0.000_5) }
    /// The drawing times of the last `renderSamples` frames drawn for a deadline, oldest first.
    private var renderDurations: [Double] = []
    /// The lead the compositor's frame callbacks show it needs: the upper quartile of `present - frame
    /// callback` over the last `renderSamples` frames whose callback came before their presentation (at least
    /// half as many), where their middle half agree within a 32nd of a refresh; else nil.
    package var callbackLead: Double? {
        guard let refresh, callbackLeads.count >= Self.renderSamples / 2 else { return nil }
        let sorted = callbackLeads.sorted(), quartile = sorted.count / 4, upper = sorted[sorted.count - 1 - quartile]
        return upper - sorted[quartile] < refresh / 32 ? upper : nil
    }
    /// `present - frame callback` of the last `renderSamples` frames whose callback came first, oldest first.
    private var callbackLeads: [Double] = []
    /// The refresh the last committed frame was drawn for.
    package private(set) var lastTarget: Double?
    /// The intervals between the last `renderSamples` presentations 1 to 100 ms apart, oldest first, and the
    /// last presentation seen: what `presentationPeriod` reads a refresh from.
    private var presentIntervals: [Double] = []
    private var lastPresentSeen: Double?
    /// The period the last presentations are whole multiples of (each within a tenth of one), where at least
    /// half of the last `renderSamples / 2` or more intervals are one period (within 5 % of the shortest); nil
    /// otherwise. Presentation times are refreshes, so a window that draws every refresh, or every other one
    /// now and then, shows its output's period.
    package var presentationPeriod: Double? {
        guard presentIntervals.count >= Self.renderSamples / 2, let shortest = presentIntervals.min() else { return nil }
        let single = presentIntervals.filter { $0 < shortest * 1.05 }
        guard single.count * 2 >= presentIntervals.count else { return nil }
        let period = single.reduce(0, +) / Double(single.count)
        guard presentIntervals.allSatisfy({ abs($0 / period - ($0 / period).rounded()) < 0.1 }) else { return nil }
        return period
    }
    /// Frames that made their target since the last that did not: the lead's next step is `step` doubled
    /// this many times.
    private var madeInARow = 0

    package static let step = 0.000_25
    package static let margin = 0.000_5
    package static let floorLifetime = 4.0
    package static let renderSamples = 16

    package init() {}

    /// The refresh a frame drawn now, or as late as still possible, would be shown at, and when to draw it;
    /// nil when the compositor's refresh cycle is not known to be running (nothing presented within the
    /// last refresh and a half, as after idle): then a frame is drawn at once and teaches nothing.
    package func schedule(now: Double) -> (drawAt: Double, target: Double)? {
        guard let refresh, let lastPresent, let lead, now - lastPresent < refresh * 1.5 else { return nil }
        let period = observedPeriod ?? refresh
        // The first refresh whose latch is still ahead once the frame is drawn, never one a frame was
        // already drawn for.
        let render = renderTime, ready = now + render + lead
        var target = lastPresent + max(1, ((ready - lastPresent) / period).rounded(.up)) * period
        if let lastTarget, target < lastTarget + period / 2 { target = lastTarget + period }
        return (target - lead - render, target)
    }

    /// The second longest of `samples` (the longest when there is one): one slow sample is not the next.
    private static func secondLongest(_ samples: [Double]) -> Double {
        var longest = -Double.infinity, second = -Double.infinity
        for sample in samples {
            if sample > longest { (longest, second) = (sample, longest) } else { second = max(second, sample) }
        }
        return samples.count > 1 ? second : longest
    }

    /// Keeps the last `renderSamples` of `samples`, `sample` the newest.
    private static func append(_ sample: Double, to samples: inout [Double]) {
        samples.append(sample)
        if samples.count > renderSamples { samples.removeFirst() }
    }

    /// A frame drawn for `target` (nil: drawn at once, no deadline known; its drawing time is not kept) was
    /// committed after `duration` seconds of drawing.
    package mutating func committed(target: Double?, duration: Double) {
        lastTarget = target
        guard target != nil else { return }
        Self.append(duration, to: &renderDurations)
    }

    /// The compositor presented a frame committed at `commit`, drawn for `target` (nil: drawn at once), at
    /// `time`, on an output of `refresh` seconds (0: unknown). Where the feedback gives no refresh (sway's
    /// headless output), `modeRefresh`, the interval of the output's current mode (wl_output), is taken:
    /// such an output still repaints on that interval; without either, `presentationPeriod`. `frameDone`:
    /// when the frame callback requested with the commit arrived (nil: not before this answer).
    package mutating func presented(commit: Double, target: Double?, at time: Double, refresh reported: Double, modeRefresh: Double? = nil,
                                    frameDone: Double? = nil) {
        // Presented before its commit was dated: the time is not on the clock the compositor named (KWin 6.3 inside
        // weston passed weston's CLOCK_MONOTONIC_RAW times on as CLOCK_MONOTONIC), or the commit was dated late
        // (an EGL swap that returned after the presentation, on a busy machine). Either way it says nothing of
        // the compositor's latch.
        guard time >= commit else { return }
        if let last = lastPresentSeen, time - last > 0.001, time - last < 0.1 { Self.append(time - last, to: &presentIntervals) }
        lastPresentSeen = time
        let newRefresh = reported > 0 ? reported : modeRefresh ?? presentationPeriod ?? 0
        guard newRefresh > 0.001, newRefresh < 1 else { return }
        if refresh.map({ abs($0 - newRefresh) > 0.0005 }) ?? true {
            (lead, floor, observedPeriod, madeInARow, callbackLeads) = (newRefresh * 0.75, nil, nil, 0, [])
        }
        // A callback two refreshes or more before its frame's presentation met a stall, not the latch.
        if let frameDone, frameDone >= commit, time > frameDone, time - frameDone < 2 * newRefresh {
            Self.append(time - frameDone, to: &callbackLeads)
        }
        defer { self.lead = self.lead.map { bounded($0, refresh: newRefresh) } }
        refresh = newRefresh
        if let lastPresent, time > lastPresent {
            let refreshes = ((time - lastPresent) / newRefresh).rounded()
            let sample = (time - lastPresent) / refreshes
            if (1...2).contains(refreshes), abs(sample - newRefresh) < newRefresh * 0.1 {
                observedPeriod = observedPeriod.map { $0 * 0.9 + sample * 0.1 } ?? sample
            }
        }
        lastPresent = time
        guard var lead else { return }
        if let (floorLead, learned) = floor, time - learned > Self.floorLifetime {
            floor = floorLead - Self.step > 0 ? (floorLead - Self.step, time) : nil
        }
        guard let target else { return }
        if time > target + newRefresh / 2 {
            // Missed: the latch for `target` was before this commit. A frame committed a refresh or more
            // before its target and still late met a refresh the compositor skipped (a resize, a busy
            // moment), not its latch: it teaches nothing. A missed latch shows the frame one refresh late;
            // a frame shown more than a quarter refresh beyond that teaches nothing either: the compositor
            // stalled (mutter around a resize), and such a floor would hold the lead up for its lifetime, or
            // it latches more than a refresh ahead, which no lead under a refresh meets.
            let missedBy = target - commit
            guard missedBy < newRefresh, time < target + newRefresh * 1.25 else { return }
            madeInARow = 0
            if missedBy > (floor?.lead ?? 0) { floor = (missedBy, time) }
            lead = max(lead, min(missedBy + Self.margin, newRefresh - Self.margin))
        } else if time < target - newRefresh / 2 {
            // Shown a refresh or more before its target: the compositor latched after this commit, so the
            // lead (and any floor) was longer than its latch needs, and the frames drawn since were planned
            // that much too late (each target follows the last one).
            floor = nil
            madeInARow = 0
            lead = min(lead - Self.step, time - commit)
            let period = observedPeriod ?? newRefresh, early = ((target - time) / period).rounded() * period
            if let lastTarget, lastTarget >= target { self.lastTarget = lastTarget - early }
        } else {
            lead -= min(Self.step * Double(1 << madeInARow), newRefresh / 8)
            madeInARow = min(madeInARow + 1, 16)
        }
        self.lead = lead
    }

    /// `lead` kept `margin` above the floor and the callbacks' lead, and under a refresh unless the callbacks
    /// show that the compositor needs more.
    private func bounded(_ lead: Double, refresh: Double) -> Double {
        let seen = (callbackLead ?? 0) + Self.margin
        return min(max(lead, (floor?.lead ?? 0) + Self.margin, seen), max(refresh - Self.margin, seen))
    }
}
