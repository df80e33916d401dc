/// The last few motion samples of a gesture, in a fixed ring: no allocation per event.
struct MotionHistory: Sendable {
    struct Sample: Sendable {
        var time: Double
        var along: Double
        var position: Double
    }

    /// Enough for a hold and a jump at a 240 Hz touchscreen's rate.
    static let capacity = InlineElements<Samples, Sample>.count
    private typealias Samples = (Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
                                 Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
                                 Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
                                 Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample)
    private var samples: InlineElements<Samples, Sample> = {
        let s = Sample(time: 0, along: 0, position: 0)
        return InlineElements((s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s))
    }()
    private var count = 0
    private var next = 0

    mutating func removeAll() {
        count = 0
        next = 0
    }

    mutating func append(_ sample: Sample) {
        samples[next] = sample
        next = (next + 1) % MotionHistory.capacity
        count = Swift.min(count + 1, MotionHistory.capacity)
    }

    /// The `i`-th newest sample (0 is the newest).
    func newest(_ i: Int) -> Sample? {
        guard i < count else { return nil }
        return samples[(next - 1 - i + 2 * MotionHistory.capacity) % MotionHistory.capacity]
    }

    /// The position to keep when a finger is lifted at `time` after holding still and then jumping (the
    /// contact's centroid rolls as it leaves a capacitive screen): the position where it rested, when
    /// - it moved in the last `jump.interval` seconds before lift-off (the jump), by at most `jump.distance`
    ///   points (a thumb's radius) from where it rested;
    /// - and it had rested there, moving slower than `hold.speed` points per second, for at least
    ///   `hold.duration` seconds before the jump began. A time without motion events counts as held:
    ///   touchscreens send none while a finger is still.
    ///
    /// Nil when the last motion was deliberate (a drag that was moving, a jump farther than a radius, a move
    /// longer than the jump interval) or there is nothing to undo.
    func heldPosition(releasedAt time: Double, jump: (interval: Double, distance: Double), hold: (duration: Double, speed: Double)) -> Double? {
        guard jump.interval > 0 else { return nil }
        var i = 0
        var jumpStart = time, farthest = 0.0
        while let sample = newest(i), sample.time > time - jump.interval {
            jumpStart = sample.time
            i += 1
        }
        guard i > 0, let rest = newest(i) else { return nil }
        for j in 0..<i { farthest = Swift.max(farthest, abs(newest(j)!.along - rest.along)) }
        guard farthest <= jump.distance else { return nil }
        var holdStart = rest.time
        var j = i + 1
        while let sample = newest(j), abs(rest.along - sample.along) <= hold.speed * (rest.time - sample.time) {
            holdStart = sample.time
            j += 1
        }
        return jumpStart - holdStart >= hold.duration ? rest.position : nil
    }

    /// Along-axis speed in points per second over the newest samples (0 with fewer than two).
    func speed() -> Double {
        guard let a = newest(0), let b = newest(Swift.min(count - 1, 3)), a.time > b.time else { return 0 }
        return abs(a.along - b.along) / (a.time - b.time)
    }
}
