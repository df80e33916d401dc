import CScriptedCompositor
import Foundation
import SliderRenderer

/// A small compositor of the tests' own (TestSupport/CScriptedCompositor, on libwayland-server) that plays one
/// `Scenario`: well-behaved, holding every buffer until the test releases it, or sending what a compositor
/// may send wrong. Runs on a thread of its own; stopped when released.
package final class ScriptedCompositor {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    /// What the compositor does (TestSupport/CScriptedCompositor/include/scripted-compositor.h says exactly).
    package enum Scenario: CaseIterable, Sendable {
        case wellBehaved, holdBuffers
        case configureOne, configureHuge, configureNegative, configurePastPixelArea
        case outputScaleZero, outputScaleHuge
        case fractionalScaleZero, fractionalScaleHuge
        case keymapPastItsFile, keymapNotMappable, keymapUnterminated, keymapEmpty
        case frameCallbacksWithheld, callbacksHeldForConfigure, releasesUnasked, pingStorm, closeMidCommit, outputRemoved, outputReturns, seatToggled
        case timedCommitsHeld

        var value: slider_scenario {
            switch self {
            case .wellBehaved: SLIDER_SCENARIO_WELL_BEHAVED
            case .holdBuffers: SLIDER_SCENARIO_HOLD_BUFFERS
            case .configureOne: SLIDER_SCENARIO_CONFIGURE_ONE
            case .configureHuge: SLIDER_SCENARIO_CONFIGURE_HUGE
            case .configureNegative: SLIDER_SCENARIO_CONFIGURE_NEGATIVE
            case .configurePastPixelArea: SLIDER_SCENARIO_CONFIGURE_PAST_PIXEL_AREA
            case .outputScaleZero: SLIDER_SCENARIO_OUTPUT_SCALE_ZERO
            case .outputScaleHuge: SLIDER_SCENARIO_OUTPUT_SCALE_HUGE
            case .fractionalScaleZero: SLIDER_SCENARIO_FRACTIONAL_SCALE_ZERO
            case .fractionalScaleHuge: SLIDER_SCENARIO_FRACTIONAL_SCALE_HUGE
            case .keymapPastItsFile: SLIDER_SCENARIO_KEYMAP_PAST_ITS_FILE
            case .keymapNotMappable: SLIDER_SCENARIO_KEYMAP_NOT_MAPPABLE
            case .keymapUnterminated: SLIDER_SCENARIO_KEYMAP_UNTERMINATED
            case .keymapEmpty: SLIDER_SCENARIO_KEYMAP_EMPTY
            case .frameCallbacksWithheld: SLIDER_SCENARIO_FRAME_CALLBACKS_WITHHELD
            case .callbacksHeldForConfigure: SLIDER_SCENARIO_CALLBACKS_HELD_FOR_CONFIGURE
            case .releasesUnasked: SLIDER_SCENARIO_RELEASES_UNASKED
            case .pingStorm: SLIDER_SCENARIO_PING_STORM
            case .closeMidCommit: SLIDER_SCENARIO_CLOSE_MID_COMMIT
            case .outputRemoved: SLIDER_SCENARIO_OUTPUT_REMOVED
            case .outputReturns: SLIDER_SCENARIO_OUTPUT_RETURNS
            case .seatToggled: SLIDER_SCENARIO_SEAT_TOGGLED
            case .timedCommitsHeld: SLIDER_SCENARIO_TIMED_COMMITS_HELD
            }
        }
    }

    /// What a window did against a scenario: a line of `slider-lifetime-cycles scenario`, as it writes it and
    /// the tests read it.
    package struct Play: Codable {
        package var scenario: String
        package var presentation: String
        package var frames = 0
        package var width = 0.0
        package var height = 0.0
        package var error: String?
        package var errorSeconds: Double?
        /// The longest dispatch that drew nothing: a wait, which its timeout bounds (drawing a frame takes
        /// what the renderer takes, which no timeout bounds).
        package var longestWaitSeconds = 0.0
        /// The last buffer the compositor was given, in pixels (0 when none).
        package var bufferWidth = 0
        package var bufferHeight = 0
        /// Commits of a buffer the compositor applied (`bufferCommits`), and the window's commits of only a
        /// target time (`FrameLoop.nudgedCommits`).
        package var appliedFrames = 0
        package var nudges = 0

        package init(scenario: String, presentation: String) {
            self.scenario = scenario
            self.presentation = presentation
        }
    }

    /// The absolute path of the Wayland socket: pass it as `socket:` to a client.
    package let socketPath: String
    package let scenario: Scenario
    private let runtimeDirectory: URL
    private let compositor: OpaquePointer

    package init(_ scenario: Scenario = .wellBehaved) throws {
        self.scenario = scenario
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-scripted-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socketPath = runtimeDirectory.appendingPathComponent("wayland-scripted").path
        guard let compositor = slider_scripted_compositor_start(socketPath, scenario.value) else {
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw StartError(description: "the scripted compositor could not listen at \(socketPath) (errno \(errno))")
        }
        self.compositor = compositor
    }

    deinit {
        slider_scripted_compositor_stop(compositor)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// Buffers committed and not yet released (`.holdBuffers`).
    package var heldBuffers: Int { Int(slider_scripted_compositor_held_buffers(compositor)) }

    /// Commits that attached a buffer, so far (a held one, `.timedCommitsHeld`, once it is applied).
    package var bufferCommits: Int { Int(slider_scripted_compositor_buffer_commits(compositor)) }

    /// Clients that connected, and those whose connection has ended, so far.
    package var clients: Int { Int(slider_scripted_compositor_clients(compositor)) }
    package var clientsGone: Int { Int(slider_scripted_compositor_clients_gone(compositor)) }

    /// The serial of the last configure sent (0: none), and the last acknowledged serial a commit of the
    /// surface applied (0: none): equal once the client has committed what it acknowledged.
    package var configureSent: Int { Int(slider_scripted_compositor_configure_sent(compositor)) }
    package var configureCommitted: Int { Int(slider_scripted_compositor_configure_committed(compositor)) }

    /// Releases the buffer held longest; false when none is held.
    @discardableResult
    package func releaseOldestBuffer() -> Bool { slider_scripted_compositor_release_oldest(compositor) == 0 }

    /// Sends the clients events made from `bytes` (each an event of a live object's interface, its arguments
    /// drawn from the bytes: `slider_scripted_compositor_send_events`); returns once they are sent, with how many.
    @discardableResult
    package func sendEvents(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { Int(slider_scripted_compositor_send_events(compositor, $0.baseAddress, $0.count)) }
    }

    /// The last committed wl_shm buffer (premultiplied, as the client drew it); nil when none was committed.
    package func lastFrame() -> RGBAImage? {
        var argb: [UInt8] = []
        var width: Int32 = 0, height: Int32 = 0
        // Its size first, then its pixels in a buffer of that size; asked again when a larger frame came between.
        while slider_scripted_compositor_last_frame(compositor, &argb, argb.count, &width, &height) != 0 {
            guard width > 0 else { return nil }
            argb = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        }
        return argb.withUnsafeBufferPointer { RGBAImage(argb8888: $0.baseAddress!, width: Int(width), height: Int(height)) }
    }
}
