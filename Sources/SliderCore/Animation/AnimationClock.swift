/// A monotonic source of time in seconds. Inject `ManualClock` in tests and replays, `SystemClock` in programs.
public protocol AnimationClock: AnyObject {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var now: Double { get }
}

/// The system's monotonic clock (`ContinuousClock`).
public final class SystemClock: AnimationClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = origin.duration(to: ContinuousClock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}

/// A clock that moves only when told to: for tests, replays and deterministic benchmarks.
public final class ManualClock: AnimationClock {
    public private(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves time forward by `seconds` (negative or non-finite amounts are ignored: time never runs back).
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }
}
