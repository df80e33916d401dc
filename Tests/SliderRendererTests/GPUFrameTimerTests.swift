import CGLES2
@_spi(Internals) @testable import SliderRenderer
import Testing

/// GPUFrameTimer times frames without waiting: each frame's query is read once the GPU has finished it, in
/// the order the frames were drawn, and a frame begun while too many queries are unanswered is not timed.
/// On llvmpipe (CI) it exists only when asked to include software renderers, whose times mean nothing but
/// whose queries answer as a GPU's do.
@Suite struct GPUFrameTimerTests {
    func clear(_ level: Float) {
        glClearColor(level, 0.3, 0.4, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    @Test func framesAreTimedOnceTheGPUHasFinishedThemAndOnlyOnce() throws {
        let target = try OffscreenTarget(width: 256, height: 256)
        #expect(GLDriver.isSoftware == GLDriver.rendererName.contains("llvmpipe"), "\(GLDriver.rendererName)")
        if GLDriver.isSoftware { #expect(GPUFrameTimer() == nil, "no frame timer on a software renderer unless asked") }
        let timer = try #require(GPUFrameTimer(includingSoftware: true), "llvmpipe offers GL_EXT_disjoint_timer_query")
        for frame in 0..<10 {
            timer.begin()
            clear(Float(frame) / 10)
            timer.end()
        }
        target.finish()
        let times = timer.collect()
        #expect(times.count == 10 && times.allSatisfy { $0 >= 0 && $0 < 1 }, "\(times)")
        #expect(timer.collect().isEmpty, "each frame is reported once")
        // An end without a begin, and a second begin before the end, time nothing extra.
        timer.end()
        timer.begin()
        timer.begin()
        clear(0.5)
        timer.end()
        target.finish()
        #expect(timer.collect().count == 1)
        #expect(glGetError() == GLenum(GL_NO_ERROR))
    }

    @Test func framesBeyondTheQueriesInFlightAreNotTimed() throws {
        let target = try OffscreenTarget(width: 64, height: 64)
        let timer = try #require(GPUFrameTimer(includingSoftware: true))
        for frame in 0..<(GPUFrameTimer.maximumPending + 6) {
            timer.begin()
            clear(Float(frame % 10) / 10)
            timer.end()
        }
        target.finish()
        #expect(timer.collect().count == GPUFrameTimer.maximumPending)
        timer.begin()
        clear(0.1)
        timer.end()
        target.finish()
        #expect(timer.collect().count == 1, "once read, its queries time frames again")
        #expect(glGetError() == GLenum(GL_NO_ERROR))
    }
}
