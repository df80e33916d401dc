import CWaylandClient
import CWaylandProtocols

/// Requests wp_presentation feedback for each commit and records the answer in `FrameStatistics`.
///
/// The listener's data is a slot in a fixed pool (one per frame in flight), so no object is allocated per
/// frame on our side; each feedback proxy is destroyed when its answer arrives.
package final class PresentationFeedback {
    private struct Slot {
        var proxy: OpaquePointer?
        var sequence = 0
        var owner: Unmanaged<PresentationFeedback>?
    }

    private let presentation: OpaquePointer
    /// Held so the connection outlives the feedback proxies destroyed in deinit.
    private let client: WaylandClient
    private let statistics: FrameStatistics
    private let slots: UnsafeMutablePointer<Slot>
    private let slotCount = 32

    package init?(client: WaylandClient, statistics: FrameStatistics) {
        guard let presentation = client.globals.presentation else { return nil }
        self.client = client
        self.presentation = presentation
        self.statistics = statistics
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
    }

    deinit {
        for i in 0..<slotCount { if let proxy = slots[i].proxy { wp_presentation_feedback_destroy(proxy) } }
        slots.deinitialize(count: slotCount)
        slots.deallocate()
    }

    /// Asks for feedback on the next commit of `surface`, recorded as frame `sequence`. When every slot is
    /// waiting (the compositor is not presenting), the frame goes without feedback.
    package func request(for surface: OpaquePointer, sequence: Int) {
        guard let i = (0..<slotCount).first(where: { slots[$0].proxy == nil }),
              let proxy = wp_presentation_feedback(presentation, surface) else { return }
        slots[i] = Slot(proxy: proxy, sequence: sequence, owner: Unmanaged.passUnretained(self))
        wp_presentation_feedback_add_listener(proxy, PresentationFeedback.listener, UnsafeMutableRawPointer(slots + i))
    }

    private static func finish(_ data: UnsafeMutableRawPointer?, _ body: (PresentationFeedback, Int) -> Void) {
        guard let slot = data?.assumingMemoryBound(to: Slot.self), let proxy = slot.pointee.proxy,
              let owner = slot.pointee.owner?.takeUnretainedValue() else { return }
        body(owner, slot.pointee.sequence)
        wp_presentation_feedback_destroy(proxy)
        slot.pointee.proxy = nil
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wp_presentation_feedback_listener> = {
        let table = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        table.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
                let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
                finish(data) { owner, sequence in owner.statistics.presented(sequence, at: seconds, refresh: Double(refresh) / 1e9) }
            },
            discarded: { data, _ in finish(data) { owner, sequence in owner.statistics.discarded(sequence) } }))
        return UnsafePointer(table)
    }()
}
