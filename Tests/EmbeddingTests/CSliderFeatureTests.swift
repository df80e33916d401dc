import Foundation
import HeadlessWeston
import Testing

/// CPrograms/slider-features.c: the slider features of the C API used from C, one check per feature
/// (discrete values, snapping, the anchor, a range's separation, animated values, on-release reporting, the
/// change interval, orientation, layout direction and inversion driven by pointer drags through a canvas,
/// ticks, the popup and sizes, the formatter and the value text, limit and cancel callbacks, and their bad
/// input, end images and symbols and a state's colours drawn by the canvas into a framebuffer and read back,
/// where step feedback fires), compiled against the
/// staged library with `cc $(pkg-config --cflags --libs waylandslider egl glesv2)`.
@Suite struct CSliderFeatureTests {
    static let features = ["discrete values", "snap mode", "anchor value", "minimum separation", "animated value and reduced motion",
                           "value change interval", "orientation, layout direction and inversion",
                           "ticks, popup, track thickness and thumb diameter", "formatter, value text and hint", "limit callback",
                           "continuous off", "cancel callback", "NULL sliders refused", "end images and symbols",
                           "colours per state", "step feedback"]

    @Test func everyFeatureWorksFromC() throws {
        let prefix = try CExamples.stagedPrefix()
        let source = CExamples.packageRoot.appendingPathComponent("Tests/EmbeddingTests/CPrograms/slider-features.c").path
        let program = prefix.deletingLastPathComponent().appendingPathComponent("slider-features-\(UUID().uuidString.prefix(8))").path
        _ = try ChildProcess.run("/bin/bash", ["-c", """
            PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" cc -std=c11 -Wall -Wextra -Wno-unused-parameter -Werror "\(source)" -o "\(program)" \
                $(PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" pkg-config --cflags --libs waylandslider egl glesv2) -lm
            """])
        let output: String
        do { output = try ChildProcess.run(program, []) } catch { Issue.record("\(error)"); return }
        for feature in Self.features {
            #expect(output.contains("ok \(feature)\n"), "\(feature): \(output)")
        }
        #expect(output.hasSuffix("all passed\n"), "\(output)")
    }

    /// include/waylandslider.hpp from C++ (g++ -std=c++17, LeakSanitizer): owning handles, moves, errors.
    @Test func cppHandlesDestroyWhatTheyOwnAndThrowTheStatus() throws {
        let prefix = try CExamples.stagedPrefix()
        let source = CExamples.packageRoot.appendingPathComponent("Tests/EmbeddingTests/CPrograms/owning-handles.cpp").path
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
