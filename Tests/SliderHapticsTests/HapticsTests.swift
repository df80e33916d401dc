import Foundation
import Glibc
import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// Haptics behind the step callbacks, against a real feedbackd on a private session bus (`PrivateFeedbackd`:
/// Debian's feedbackd, its calls recorded by `busctl monitor`). Debian 13's feedbackd 0.8.2 has the Haptic
/// interface (exported, with no motor here, by its debug switch) and receives a Vibrate call per step and
/// limit event; Debian 12's 0.0.3 has none, and the window then plays nothing (asked for by name, it is
/// refused). Each of those tests runs on the release it describes and is reported skipped on the other. An evdev vibrator cannot be made here: the kernel
/// of the machines the suite runs on has no uinput (none in /proc/misc), so the evdev path is tested for its
/// refusals only.
@Suite(.serialized) struct HapticsTests {
    static let appID = "org.waylandslider.HapticsTest"
    static let detent = HapticPulse(strength: 0.4, milliseconds: 9)
    static let limit = HapticPulse(strength: 0.9, milliseconds: 25)

    static func configuration(_ feedbackd: PrivateFeedbackd, device: HapticsDevice? = nil) -> HapticsConfiguration {
        HapticsConfiguration(device: device, detent: detent, limit: limit, sessionBusAddress: feedbackd.sessionAddress)
    }

    /// CLOCK_REALTIME in microseconds: the clock of the monitor's timestamps.
    static func realtimeMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }

    /// Drags the temperature thumb (16 to 28 in steps of 1, at 20) past its maximum, then back past its
    /// minimum: detents on the way and a limit at each end. Returns the step and limit events in order, each
    /// with the time it fired.
    func dragAcrossTemperature(_ f: WindowFixture) throws -> [(event: SliderEvent, time: UInt64)] {
        let temperature = f.panel.temperature
        var fired: [(event: SliderEvent, time: UInt64)] = []
        let logged = temperature.onEvent
        temperature.onEvent = { event in
            switch event {
            case .step, .limit: fired.append((event, HapticsTests.realtimeMicroseconds()))
            default: break
            }
            logged?(event)
        }
        let start = temperature.layout.thumbCenter(atPosition: temperature.model.position(of: 20))
        let right = Point(x: temperature.frame.maxX + 40, y: start.y), left = Point(x: temperature.frame.minX - 40, y: start.y)
        try f.input.drag(from: start, to: right, steps: 12)
        try f.input.drag(from: temperature.layout.thumbCenter(atPosition: 1), to: left, steps: 24)
        return fired
    }

    /// Debian 12's feedbackd 0.0.3 runs without the Haptic interface: asked for by name it is refused; the
    /// automatic choice finds no device, and a drag's step and limit events play nothing.
    @Test(.enabled(if: !PrivateFeedbackd.offersHaptics, "Debian 13's feedbackd has the Haptic interface"),
          arguments: [PresentationPath.sharedMemory, .eglWindow])
    func withoutFeedbackdsHapticInterfaceNothingPlays(_ path: PresentationPath) throws {
        let feedbackd = try PrivateFeedbackd()
        #expect(throws: WaylandError.self, "feedbackd \(PrivateFeedbackd.version) asked for by name") {
            try WindowFixture(presentation: path, haptics: Self.configuration(feedbackd, device: .feedbackd))
        }
        let f = try WindowFixture(presentation: path, haptics: Self.configuration(feedbackd))
        #expect(f.window.hapticsDevice == nil)
        let fired = try dragAcrossTemperature(f)
        #expect(fired.count >= 3, "the drag fired step and limit events: \(fired.count)")
        #expect(feedbackd.vibrateCalls.isEmpty)
    }

    @Test(.enabled(if: PrivateFeedbackd.offersHaptics, "Debian 12's feedbackd 0.0.3 has no Haptic interface"),
          arguments: [PresentationPath.sharedMemory, .eglWindow])
    func eachStepAndLimitEventIsOneVibrateCallToFeedbackd(_ path: PresentationPath) throws {
        let feedbackd = try PrivateFeedbackd()
        let f = try WindowFixture(presentation: path, haptics: Self.configuration(feedbackd))
        #expect(f.window.hapticsDevice == .feedbackd)
        let fired = try dragAcrossTemperature(f)
        let steps = fired.filter { if case .step = $0.event { true } else { false } }
        #expect(steps.count >= 2 && fired.count - steps.count == 2, "detents and both limits: \(fired.map(\.event))")
        let calls = feedbackd.waitForVibrateCalls(fired.count)
        #expect(calls.count == fired.count, "one call per event: \(calls.count) calls for \(fired.count) events")
        for (call, (event, _)) in zip(calls, fired) {
            let pulse = if case .limit = event { Self.limit } else { Self.detent }
            #expect(call.appID == "org.waylandslider.Sliders", "the window's app id")
            #expect(call.pattern == [PrivateFeedbackd.Pulse(strength: pulse.strength, milliseconds: pulse.milliseconds)], "\(event): \(call)")
        }
        // feedbackd handled every call (its debug log; with no motor here it answers false to each).
        let handled = feedbackd.waitForHandledCalls(calls.count)
        #expect(handled == calls.count, "feedbackd's log: \(handled) calls handled")
        // From the event to the call on the bus (the monitor's receive time): measured, not asserted.
        let latencies = zip(calls, fired).map { Double(Int64($0.realtimeMicroseconds) - Int64($1.time)) }.sorted()
        #expect(latencies.allSatisfy { $0 >= 0 }, "a call is on the bus after its event: \(latencies)")
        if !latencies.isEmpty {
            print("haptics \(path): \(calls.count) Vibrate calls; event to call on the bus p50 \(latencies[latencies.count / 2]) µs, max \(latencies.last!) µs")
        }

        // Off again: the next drag plays nothing.
        try f.window.setHaptics(nil, appID: Self.appID)
        #expect(f.window.hapticsDevice == nil && f.window.haptics == nil)
        let quiet = try dragAcrossTemperature(f)
        #expect(!quiet.isEmpty)
        #expect(feedbackd.waitForVibrateCalls(calls.count + 1, timeout: 1).count == calls.count)
    }

    /// A device asked for by name that cannot play is refused with the reason; the automatic choice that finds
    /// nothing plays nothing, silently; after a refusal nothing plays.
    @Test func devicesThatCannotPlayAreRefusedWithTheReason() throws {
        let f = try WindowFixture()
        let deadBus = "unix:path=\(NSTemporaryDirectory())no-bus-\(UUID().uuidString)"
        let cases: [(HapticsDevice?, String)] = [
            (.evdev(path: "/dev/null"), "/dev/null cannot be used: not an event device"),
            (.evdev(path: "/nonexistent/event7"), "/nonexistent/event7 cannot be used: No such file or directory"),
            (.feedbackd, "feedbackd's Haptic interface is not available"),
        ]
        for (device, message) in cases {
            let configuration = HapticsConfiguration(device: device, sessionBusAddress: deadBus)
            do {
                try f.window.setHaptics(configuration, appID: Self.appID)
                Issue.record("\(String(describing: device)) was accepted")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
            #expect(f.window.haptics == nil && f.window.hapticsDevice == nil)
        }
        let nothing = HapticsConfiguration(sessionBusAddress: deadBus)
        try f.window.setHaptics(nothing, appID: Self.appID)
        #expect(f.window.haptics == nothing && f.window.hapticsDevice == nil)
        #expect(throws: WaylandError.haptics(.deviceUnusable(path: "/nonexistent/event7", reason: "No such file or directory"))) {
            try SliderWindow(WindowConfiguration(haptics: HapticsConfiguration(device: .evdev(path: "/nonexistent/event7"))),
                             sliders: [], socket: f.weston.socketPath)
        }
    }

    /// feedbackd without a vibration motor (as here, unforced) offers no Haptic interface: the automatic choice
    /// plays nothing, and feedbackd asked for by name is refused with the reason.
    @Test func aFeedbackdWithoutAMotorPlaysNothing() throws {
        let feedbackd = try PrivateFeedbackd(forcesHapticInterface: false)
        let f = try WindowFixture(haptics: Self.configuration(feedbackd))
        #expect(f.window.haptics != nil && f.window.hapticsDevice == nil)
        do {
            try f.window.setHaptics(Self.configuration(feedbackd, device: .feedbackd), appID: Self.appID)
            Issue.record("feedbackd without the Haptic interface was accepted")
        } catch {
            #expect("\(error)".contains("has no org.sigxcpu.Feedback.Haptic interface"), "\(error)")
        }
        let fired = try dragAcrossTemperature(f)
        #expect(!fired.isEmpty)
        #expect(feedbackd.vibrateCalls.isEmpty)
    }

    /// Pulses are clamped as feedbackd clamps them.
    @Test func pulsesAreClampedToWhatFeedbackdTakes() {
        #expect(HapticPulse(strength: 2, milliseconds: 0) == HapticPulse(strength: 1, milliseconds: 1))
        #expect(HapticPulse(strength: -1, milliseconds: 20_000) == HapticPulse(strength: 0, milliseconds: HapticPulse.maximumMilliseconds))
        #expect(HapticPulse(strength: .nan, milliseconds: 5).strength == 0)
        var pulse = HapticPulse.detent
        pulse.strength = .infinity
        #expect(pulse.strength == 0)
    }

    /// A window with haptics, opened and released 50 times, keeps no connection to the bus.
    @Test func aWindowWithHapticsReleasedKeepsNothing() throws {
        let feedbackd = try PrivateFeedbackd()
        let weston = try HeadlessWeston()
        let cycles = try ResourceCycles(jsonLines: ResourceCycles.run(ResourceCycles.lifetimeCyclesProgram,
                                                                      ["window", "50", "--socket", weston.socketPath, "--presentation", "shm",
                                                                       "--haptics", feedbackd.sessionAddress]))
        #expect(cycles.count == 50)
        #expect(cycles.unreleased.isEmpty, "\(cycles)")
        #expect(cycles.descriptors.last <= cycles.descriptors.first + 2, "\(cycles)")
        print("window lifetime with haptics (feedbackd \(PrivateFeedbackd.version)): \(cycles)")
    }
}
