import Foundation
import PrivateCompositors
import Testing

/// CPrograms/slider-features.c: the slider features of the C API used from C, one check per feature
/// (discrete values, snapping, the anchor, a range's separation, animated values, on-release reporting, the
/// change interval, orientation, layout direction and inversion driven by pointer drags through a canvas,
/// ticks, the popup and sizes, the formatter and the value text, limit and cancel callbacks, and their bad
/// input, end images and symbols and a state's colours drawn by the canvas into a framebuffer and read back,
/// where step feedback fires, value scales with keyboard and page steps, every setting from a slider description in
/// JSON, haptics), compiled against the
/// staged library with the header's one line, `cc $(pkg-config --cflags --libs waylandslider)`.
@Suite struct CSliderFeatureTests {
    static let features = ["discrete values", "snap mode", "anchor value", "minimum separation", "animated value and reduced motion",
                           "value change interval", "orientation, layout direction and inversion",
                           "ticks, popup, track thickness and thumb diameter", "formatter, value text and hint", "limit callback",
                           "continuous off", "cancel callback", "NULL sliders refused", "end images and symbols",
                           "colours per state", "step feedback", "value scales and keyboard steps", "slider description"]

    /// slider-features.c, compiled once per test run.
    static func program() throws -> String { try compiled.get() }

    private static let compiled: Result<String, Error> = Result {
        let prefix = try CExamples.stagedPrefix()
        let source = CExamples.packageRoot.appendingPathComponent("Tests/WaylandSliderCTests/CPrograms/slider-features.c").path
        let program = prefix.deletingLastPathComponent().appendingPathComponent("slider-features-\(UUID().uuidString.prefix(8))").path
        _ = try ChildProcess.run("/bin/bash", ["-c", """
            PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" ${CC:-cc} -std=c11 -Wall -Wextra -Wno-unused-parameter -Werror "\(source)" -o "\(program)" \
                $(PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" pkg-config --cflags --libs waylandslider) -lm
            """])
        return program
    }

    @Test func everyFeatureWorksFromC() throws {
        let program = try Self.program()
        let output: String
        do { output = try ChildProcess.run(program, []) } catch { Issue.record("\(error)"); return }
        for feature in Self.features {
            #expect(output.contains("ok \(feature)\n"), "\(feature): \(output)")
        }
        #expect(output.hasSuffix("all passed\n"), "\(output)")
    }

    /// Runs slider-features.c's haptics case on `feedbackd`'s bus (bad configurations refused, then a drag
    /// with the automatic choice); returns its output, the device it reports and its step and limit callbacks.
    func hapticsFromC(_ feedbackd: PrivateFeedbackd) throws -> (output: String, device: Int?, events: Int) {
        let output = try ChildProcess.run(try Self.program(), ["haptics", feedbackd.sessionAddress])
        #expect(output.contains("ok haptics\n") && output.hasSuffix("all passed\n"), "\(output)")
        let report = try #require(output.split(separator: "\n").first { $0.hasPrefix("haptics device ") }).split(separator: " ")
        return (output, Int(report[2]), try #require(Int(report[4])))
    }

    /// Haptics from C against a real feedbackd on a private session bus: with the automatic choice each step
    /// and limit callback of a drag is one Vibrate call with the pulses asked for (Debian 13's feedbackd 0.8.2).
    @Test(.enabled(if: PrivateFeedbackd.offersHaptics, "Debian 12's feedbackd 0.0.3 has no Haptic interface"))
    func hapticsFromCPlayEachStepAndLimitThroughFeedbackd() throws {
        let feedbackd = try PrivateFeedbackd()
        let (output, device, events) = try hapticsFromC(feedbackd)
        #expect(device == 1, "WS_HAPTICS_FEEDBACKD: \(output)")
        let calls = feedbackd.waitForVibrateCalls(events)
        #expect(calls.count == events, "\(events) callbacks: \(calls)")
        #expect(calls.allSatisfy { $0.appID == "org.example.Panel" })
        let detent = PrivateFeedbackd.Pulse(strength: 0.3, milliseconds: 10), limit = PrivateFeedbackd.Pulse(strength: 0.8, milliseconds: 30)
        #expect(calls.filter { $0.pattern == [limit] }.count == 1, "one limit: \(calls)")
        #expect(calls.filter { $0.pattern == [detent] }.count == events - 1, "a detent per step callback: \(calls)")
    }

    /// Debian 12's feedbackd 0.0.3 has no Haptic interface: from C the automatic choice finds no device
    /// (WS_HAPTICS_NONE) and a drag plays nothing.
    @Test(.enabled(if: !PrivateFeedbackd.offersHaptics, "Debian 13's feedbackd has the Haptic interface"))
    func hapticsFromCWithoutFeedbackdsHapticInterfacePlayNothing() throws {
        let feedbackd = try PrivateFeedbackd()
        let (output, device, events) = try hapticsFromC(feedbackd)
        #expect(events >= 2 && device == 0 && feedbackd.vibrateCalls.isEmpty, "feedbackd \(PrivateFeedbackd.version): \(output)")
    }

    /// include/waylandslider.hpp from C++ (g++ -std=c++17, LeakSanitizer): owning handles, moves, errors.
    @Test func cppHandlesDestroyWhatTheyOwnAndThrowTheStatus() throws {
        let prefix = try CExamples.stagedPrefix()
        let source = CExamples.packageRoot.appendingPathComponent("Tests/WaylandSliderCTests/CPrograms/owning-handles.cpp").path
        let program = prefix.deletingLastPathComponent().appendingPathComponent("owning-handles-\(UUID().uuidString.prefix(8))").path
        _ = try ChildProcess.run("/bin/bash", ["-c", """
            PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" g++ -std=c++17 -Wall -Wextra -Werror -fsanitize=leak -g "\(source)" -o "\(program)" \
                $(PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" pkg-config --cflags --libs waylandslider)
            """])
        let output: String
        do { output = try ChildProcess.run(program, []) } catch { Issue.record("\(error)"); return }
        #expect(output.hasSuffix("all passed\n") && !output.contains("LeakSanitizer"), "\(output)")
    }
}
