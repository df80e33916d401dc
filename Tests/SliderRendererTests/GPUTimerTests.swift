import CGLES2
@_spi(Internals) @testable import SliderRenderer
import Testing

/// GPUTimer calls the extension's entry points it looked up: a query around GL work gives a time, an error
/// thrown inside ends the query, and the next one still works. (llvmpipe offers GL_EXT_disjoint_timer_query,
/// though its times do not include its rasterization; render-frames --gpu-timer refuses it.)
@Suite struct GPUTimerTests {
    struct Failure: Error {}

    @Test func aQueryAroundGLWorkGivesATimeAndSurvivesAnError() throws {
        let target = try OffscreenTarget(width: 64, height: 64)
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        let offered = extensions.split(separator: " ").contains("GL_EXT_disjoint_timer_query")
        let timer = GPUTimer()
        #expect((timer != nil) == offered, "a timer exactly when the extension is offered")
        try #require(offered, "Mesa 22.3's llvmpipe (CI) offers GL_EXT_disjoint_timer_query")
        let gpu = try #require(timer)
        let seconds = gpu.measure {
            glClearColor(0.2, 0.3, 0.4, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        #expect(seconds.map { $0 >= 0 && $0 < 1 } ?? true, "\(String(describing: seconds))")
        #expect(throws: Failure.self) { try gpu.measure { throw Failure() } }
        #expect(glGetError() == GLenum(GL_NO_ERROR), "the failed query was ended")
        #expect(gpu.measure { glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }.map { $0 >= 0 } ?? true)
        #expect(glGetError() == GLenum(GL_NO_ERROR))
        target.finish()
    }
}
