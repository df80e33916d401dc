import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing

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

    @Test func anEventTakesTheRepeatsTimedUpToItWhateverTheClockSays() {
        var r = KeyRepeat()
        r.configure(rate: 40, delay: 400)
        r.press(key: 106, keysym: 0xFF53, time: 1000, now: 10)
        // The client was busy: the release at compositor time 1460 is read before the clock's first deadline.
        var times: [UInt32] = []
        while let t = r.nextRepeat(upTo: 1460) { times.append(t) }
        #expect(times == [1400, 1425, 1450], "every repeat the compositor saw the key held for, none past 1460")
        #expect(r.nextRepeat(upTo: 1474) == nil)
        #expect(r.nextRepeat(upTo: 1475) == 1475, "a release in the millisecond of a repeat comes after it")
    }

    @Test func aHorizonHoldsBackTheClocksRepeatsFromItsTimeOn() {
        var r = KeyRepeat()
        r.configure(rate: 40, delay: 400)
        r.press(key: 106, keysym: 0xFF53, time: UInt32.max - 410, now: 10)
        // A replay that fell behind: its next event is at press + 420 ms (past 2^32: the line wraps).
        let horizon = UInt32.max &- 410 &+ 420
        #expect(r.nextDeadline(upTo: horizon) == 10.4)
        #expect(r.nextRepeat(dueAt: 20, upTo: horizon) == UInt32.max &- 10)
        #expect(r.nextRepeat(dueAt: 20, upTo: horizon) == nil, "the repeat at press + 425 waits for the event at + 420")
        #expect(r.nextDeadline(upTo: horizon) == nil, "no deadline to wake for while held back")
        #expect(r.nextDeadline != nil)
    }
}
