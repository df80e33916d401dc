import CWaylandClient
import CWaylandProtocols

/// Requests wp_presentation feedback for each commit and hands the answer to `onAnswer`: the frame loop
/// learns its deadline from it (`FrameDeadline`) and tells its observer, if any (`FrameObserver`).
///
/// The listener's data is a slot in a fixed pool (one per frame in flight), so no object is allocated per
/// frame on our side; each feedback proxy is destroyed when its answer arrives.
package final class PresentationFeedback {
    /// What a commit asked feedback for: when it was committed (`FrameCommit.commitTime`), the refresh it was
    /// drawn for (nil: drawn at once), and when the frame callback requested with it arrived (nil until it did).
    package struct Request: Sendable {
        package var commitTime: Double
        package var target: Double?
        package var frameDoneTime: Double? = nil
    }

    /// The answer for a frame: presented at a time with the output's refresh (seconds; 0 when unknown), or
    /// discarded.
    package enum Answer: Sendable {
        case presented(time: Double, refresh: Double)
        case discarded
    }

    private struct Slot {
        var proxy: OpaquePointer?
        var request = Request(commitTime: 0, target: nil)
        var owner: Unmanaged<PresentationFeedback>?
    }

    private let presentation: OpaquePointer
    /// Held so the connection outlives the feedback proxies destroyed in deinit.
    private let client: WaylandClient
    /// Called with each answer, in the order the compositor sends them.
    package var onAnswer: ((Request, Answer) -> Void)?
    private let slots: UnsafeMutablePointer<Slot>
    private let slotCount = 32
    /// The slot of the last request, until `committed(at:)` has dated it.
    private var lastRequested: Int?
    /// The slot of the last commit dated, until `frameDone(at:)` has dated its frame callback.
    private var lastCommitted: Int?

    package init?(client: WaylandClient) {
        guard let presentation = client.globals.presentation else { return nil }
        self.client = client
        self.presentation = presentation
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
    }

    deinit {
        for i in 0..<slotCount { if let proxy = slots[i].proxy { wp_presentation_feedback_destroy(proxy) } }
        slots.deinitialize(count: slotCount)
        slots.deallocate()
    }

    /// Asks for feedback on the next commit of `surface`. When every slot is waiting (the compositor is not
    /// presenting), the frame goes without feedback.
    package func request(_ request: Request, for surface: OpaquePointer) {
        guard let i = (0..<slotCount).first(where: { slots[$0].proxy == nil }),
              let proxy = wp_presentation_feedback(presentation, surface) else { return }
        slots[i] = Slot(proxy: proxy, request: request, owner: Unmanaged.passUnretained(self))
        wp_presentation_feedback_add_listener(proxy, PresentationFeedback.listener, UnsafeMutableRawPointer(slots + i))
        lastRequested = i
    }

    /// The commit the last request was for went out at `time`: its request is dated so. An EGL swap commits
    /// at its end, after the renderer's work that it flushes (llvmpipe rasterizes there), so the time before
    /// the swap put each commit that much earlier than it was, and a frame that missed for a slow swap
    /// taught a lead longer by the swap.
    package func committed(at time: Double) {
        // A commit without feedback asked for its own frame callback: no earlier request's is to come.
        lastCommitted = nil
        guard let i = lastRequested else { return }
        lastRequested = nil
        if slots[i].proxy != nil {
            slots[i].request.commitTime = time
            lastCommitted = i
        }
    }

    /// The frame callback requested with the last commit arrived at `time`. A compositor answers it once it
    /// has taken that commit into a repaint (weston, after compositing it) or later, never before: so the
    /// frame's presentation minus this time is at most how long before a refresh the compositor latches.
    package func frameDone(at time: Double) {
        guard let i = lastCommitted else { return }
        lastCommitted = nil
        if slots[i].proxy != nil { slots[i].request.frameDoneTime = time }
    }

    private static func finish(_ data: UnsafeMutableRawPointer?, _ answer: Answer) {
        guard let slot = data?.assumingMemoryBound(to: Slot.self), let proxy = slot.pointee.proxy,
              let owner = slot.pointee.owner?.takeUnretainedValue() else { return }
        wp_presentation_feedback_destroy(proxy)
        slot.pointee.proxy = nil
        owner.onAnswer?(slot.pointee.request, answer)
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wp_presentation_feedback_listener> = {
        let table = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        table.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
                let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
                finish(data, .presented(time: seconds, refresh: Double(refresh) / 1e9))
            },
            discarded: { data, _ in finish(data, .discarded) }))
        return UnsafePointer(table)
    }()
}
