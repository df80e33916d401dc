import SliderCore

/// The loop a window or an embedded surface runs on: one `dispatch` draws what changed, waits for the
/// compositor, the other sources and the next timer, delivers what arrived, fires due timers and draws
/// again. Single-threaded.
///
/// The dispatch order:
/// 1. the auxiliary sources (the accessibility bus) handle what they hold: a call there may change a slider;
/// 2. every frame loop draws what changed since the last call (the application or such a call set a value,
///    replayed input), and the loop waits up to the timeout, or the next timer, for the compositor's socket
///    or the sources'; nothing a source changed waits behind that wait;
/// 3. what arrived is read and dispatched: listeners → devices → `InputDelivery` → each frame loop's
///    router, so the frame after an input shows it;
/// 4. due timers fire: key repeats, then the other timed sources' (a replay's key repeats), then each frame
///    loop's (held-back step events, a planned frame's deadline);
/// 5. every frame loop that changed and is ready for a frame draws and commits it;
/// 6. the requests are flushed; events read by the flush (a frame callback that came meanwhile) are
///    handled, and steps 5 and 6 repeat, so nothing waits for a poll of a socket whose data was read.
///
/// Frame loops and sources are held weakly: one that goes stops being dispatched.
package final class EventLoop {
    private let connection: WaylandConnection
    private let input: InputDelivery
    private let globals: Globals
    private var frameLoops: [WeakFrameLoop] = []
    private var sources: [WeakSource] = []
    private var timedSources: [WeakTimedSource] = []

    private struct WeakFrameLoop { weak var frameLoop: FrameLoop? }
    private struct WeakSource { weak var source: AuxiliaryEventSource? }
    private struct WeakTimedSource { weak var source: TimedEventSource? }

    init(connection: WaylandConnection, input: InputDelivery, globals: Globals) {
        self.connection = connection
        self.input = input
        self.globals = globals
    }

    /// Dispatches `frameLoop` (held weakly) from now on.
    func add(_ frameLoop: FrameLoop) {
        frameLoops.removeAll { $0.frameLoop == nil }
        frameLoops.append(WeakFrameLoop(frameLoop: frameLoop))
    }

    /// Fires `source`'s timers (held weakly) from now on.
    func add(_ source: TimedEventSource) {
        timedSources.removeAll { $0.source == nil }
        timedSources.append(WeakTimedSource(source: source))
    }

    /// Waits on `source`'s socket (held weakly) beside the compositor's from now on.
    package func add(_ source: AuxiliaryEventSource) {
        sources.removeAll { $0.source == nil }
        sources.append(WeakSource(source: source))
    }

    /// Seconds until a timer fires (a key repeat, or step events a frame loop holds back for the rate
    /// budget), nil when none is pending.
    package var timeUntilNextTimer: Double? {
        // Events another reader of the socket queued for us are due now: no poll would wake for them.
        if connection.hasQueuedEvents { return 0 }
        var deadline = input.nextKeyRepeat
        for entry in timedSources {
            if let due = entry.source?.nextTimerDeadline { deadline = min(deadline ?? due, due) }
        }
        for entry in frameLoops {
            if let due = entry.frameLoop?.nextTimerDeadline { deadline = min(deadline ?? due, due) }
        }
        return deadline.map { max(0, $0 - globals.now) }
    }

    /// One iteration (see the type's description): waits up to `timeout` seconds (nil: until something
    /// happens; 0: not at all).
    package func dispatch(timeout: Double?) throws(WaylandError) {
        let live = sources.compactMap(\.source)
        for source in live { source.process() }
        try drawIfNeeded()
        var wait = timeout
        if let timer = timeUntilNextTimer { wait = min(wait ?? timer, timer) }
        try connection.dispatch(timeout: wait, alsoWaitingFor: live)
        var eventsRead = true
        while eventsRead {
            let now = globals.now
            input.fireKeyRepeats(now: now)
            for entry in timedSources { entry.source?.fireTimers(now: now) }
            for entry in frameLoops { entry.frameLoop?.fireTimers(now: now) }
            try drawIfNeeded()
            eventsRead = try connection.flushReportingEvents().eventsRead
        }
    }

    private func drawIfNeeded() throws(WaylandError) {
        for entry in frameLoops { try entry.frameLoop?.drawIfNeeded() }
    }
}

/// What has timers the event loop waits for and fires, beside the frame loops' (a replay's key repeats).
protocol TimedEventSource: AnyObject {
    /// When the next timer is due (presentation clock), nil when none is pending.
    var nextTimerDeadline: Double? { get }
    /// Fires the timers due at `now` (presentation clock).
    func fireTimers(now: Double)
}
