/// Relates the router's input time (the compositor's event milliseconds, in seconds) to a process clock, so
/// step events the rate budget holds back can fire on time when no further input comes: the host's loop
/// waits until `deadline(of:)` on its clock and emits them at `inputTime(at:)`.
package struct InputClock: Equatable, Sendable {
    /// When the last input event arrived, on the process clock, and the router's input time then.
    private var lastArrival = 0.0
    private var inputTimeAtLastArrival = 0.0

    package init() {}

    /// An event was routed at `now` (process clock); the router's input time after it is `inputTime`.
    package mutating func recordArrival(at now: Double, inputTime: Double) {
        lastArrival = now
        inputTimeAtLastArrival = inputTime
    }

    /// The process-clock time of `inputTime` (nil stays nil).
    package func deadline(of inputTime: Double?) -> Double? { inputTime.map { lastArrival + ($0 - inputTimeAtLastArrival) } }

    /// The router's input time at process-clock time `now`.
    package func inputTime(at now: Double) -> Double { inputTimeAtLastArrival + (now - lastArrival) }
}
