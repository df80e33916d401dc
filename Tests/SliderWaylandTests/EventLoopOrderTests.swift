import Foundation
import Glibc
import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// What an auxiliary source changes (the accessibility bridge answering a screen reader: a focus grabbed, a
/// value set) is drawn before the loop waits. The loop once drew before letting the sources handle their
/// calls, so such a change stayed undrawn and unannounced until something else woke it: Orca heard a focus
/// 90 s late, when the next client call came.
@Suite struct EventLoopOrderTests {
    /// A source that changes a slider when it is processed, on a pipe nothing is written to.
    final class ChangingSource: AuxiliaryEventSource {
        let change: () -> Void
        let pipe: (read: Int32, write: Int32)
        var processed = 0
        init(change: @escaping () -> Void) throws {
            var fds: [Int32] = [0, 0]
            guard Glibc.pipe(&fds) == 0 else { throw ChildProcess.SpawnError(description: "pipe failed: errno \(errno)") }
            pipe = (fds[0], fds[1])
            self.change = change
        }
        deinit {
            close(pipe.read)
            close(pipe.write)
        }
        var fileDescriptor: Int32 { pipe.read }
        var pollEvents: Int16 { Int16(POLLIN) }
        func process() {
            processed += 1
            if processed == 1 { change() }
        }
    }

    @Test func aChangeASourceMakesIsDrawnBeforeTheLoopWaits() throws {
        let weston = try HeadlessWeston()
        let panel = try Panel()
        let window = try SliderWindow(WindowConfiguration(title: "order", size: Panel.size, hidesCursor: true, accessibility: .off),
                                      sliders: panel.sliders, background: Panel.background, socket: weston.socketPath)
        try window.waitUntilShown(timeout: 5)
        let source = try ChangingSource { try? panel.volume.setValue(0.9, animated: false) }
        window.client.eventLoop.add(source)
        let committed = window.frameLoop.committedFrames
        // Nothing else will wake the loop: only the frame this change draws (its callback) ends the wait.
        let start = Date()
        try window.dispatch(timeout: 30)
        let waited = Date().timeIntervalSince(start)
        #expect(source.processed == 1)
        #expect(window.frameLoop.committedFrames == committed + 1, "the change was drawn in the dispatch that made it")
        #expect(waited < 30, "the loop waited its whole timeout with the change undrawn")
    }
}
