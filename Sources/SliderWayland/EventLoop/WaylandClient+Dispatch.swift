extension WaylandClient {
    /// Seconds until a timer fires (a key repeat, or step events a frame loop holds back for the rate
    /// budget), nil when none is pending.
    package var timeUntilNextTimer: Double? {
        var deadline = nextTimerDeadline
        for entry in ownedSurfaces {
            if let due = entry.frameLoop?.stepFeedbackDeadline { deadline = min(deadline ?? due, due) }
        }
        return deadline.map { max(0, $0 - MonotonicTime.seconds(on: presentationClock)) }
    }

    /// One iteration of the event loop: draws what changed since the last one, waits up to `timeout`
    /// seconds (nil: until something happens; 0: not at all) for events or a timer, delivers the events
    /// (listeners → devices → each surface's frame loop), fires due timers, draws every surface that
    /// changed and is ready for a frame, and flushes the requests.
    package func dispatch(timeout: Double?) throws(WaylandError) {
        // What changed since the last call (the application set a value, replayed input) is drawn before
        // waiting: it must not wait for the compositor's next event.
        try drawIfNeeded()
        var wait = timeout
        if let timer = timeUntilNextTimer { wait = min(wait ?? timer, timer) }
        for source in auxiliarySources { source.process() }
        try connection.dispatch(timeout: wait, alsoWaitingFor: auxiliarySources)
        let now = MonotonicTime.seconds(on: presentationClock)
        fireTimers(now: now)
        for entry in ownedSurfaces { entry.frameLoop?.fireTimers(now: now) }
        try drawIfNeeded()
        try connection.flush()
    }

    private func drawIfNeeded() throws(WaylandError) {
        for entry in ownedSurfaces { try entry.frameLoop?.drawIfNeeded() }
    }
}
