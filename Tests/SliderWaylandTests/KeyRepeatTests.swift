import Testing
@testable import SliderWayland

@Suite struct KeyRepeatTests {
    @Test func repeatsStartAfterTheDelayAndFollowTheRate() {
        var r = KeyRepeat()
        r.configure(rate: 40, delay: 400)
        r.press(key: 106, keysym: 0xFF53, time: 1000, now: 10)
        #expect(r.nextDeadline == 10.4)
        #expect(r.nextRepeat(dueAt: 10.39) == nil)
        var times: [UInt32] = []
        while let t = r.nextRepeat(dueAt: 10.5) { times.append(t) }
        #expect(times == [1400, 1425, 1450, 1475, 1500], "compositor times continue from the press")
        r.release(key: 106)
        #expect(r.nextDeadline == nil)
    }

    @Test func releasingAnotherKeyDoesNotStopTheRepeat() {
        var r = KeyRepeat()
        r.press(key: 106, keysym: 0xFF53, time: 0, now: 0)
        r.release(key: 105)
        #expect(r.nextDeadline != nil)
    }

    @Test func rateZeroMeansNoRepeat() {
        var r = KeyRepeat()
        r.configure(rate: 0, delay: 100)
        r.press(key: 106, keysym: 0xFF53, time: 0, now: 0)
        #expect(r.nextDeadline == nil)
        r.configure(rate: -5, delay: -1)
        #expect(r.rate == 0 && r.delay == 0)
    }
}
