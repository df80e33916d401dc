import Testing
@_spi(Internals) @testable import SliderCore

/// The editing bookkeeping alone, without a slider: sessions open and close with their gestures, reports
/// are held and taken, cancels say what to restore. (#expect cannot call mutating methods, so each result
/// is taken first.)
@Suite struct EditingSessionTests {
    @Test func theFirstGestureOpensAndTheLastClosesTheSession() {
        var s = EditingSession()
        let first = s.begin(values: ThumbPair(0.2, 0.8)), second = s.begin(values: ThumbPair(0.3, 0.8))
        #expect(first && !second, "the first gesture opens, a second joins")
        #expect(s.valuesAtBegin[0] == 0.2, "the values are the first gesture's")
        let endsOne = s.end(), endsLast = s.end(), endsNone = s.end()
        #expect(!endsOne && endsLast, "the last gesture closes")
        #expect(!endsNone && !s.isEditing, "an end without a gesture changes nothing")
    }

    @Test func theKeyboardGestureLastsFromPressToThatKeysRelease() {
        var s = EditingSession()
        let opens = s.pressKey(Keysym.right, values: ThumbPair(0, 1)), takesOver = s.pressKey(Keysym.left, values: ThumbPair(0.1, 1))
        #expect(opens && !takesOver, "a second key takes the gesture over without opening another")
        let stale = s.releaseKey(Keysym.right), holder = s.releaseKey(Keysym.left)
        #expect(stale == nil, "the first key no longer holds it")
        #expect(holder == true && s.keyboardKeysym == nil && !s.isEditing)
    }

    @Test func reportsAreHeldWhenNotContinuousOrInsideTheInterval() {
        var s = EditingSession()
        _ = s.begin(values: ThumbPair(0, 1))
        let first = s.decide(thumb: 0, time: 1, isContinuous: true, interval: 0.1)
        let taken = s.take(0.5, ofThumb: 0), again = s.take(0.5, ofThumb: 0)
        #expect(first == .now && taken && !again, "the same value is not reported twice")
        let early = s.decide(thumb: 0, time: 1.05, isContinuous: true, interval: 0.1)
        #expect(early == .later && s.isPending(thumb: 0))
        let later = s.decide(thumb: 0, time: 1.2, isContinuous: true, interval: 0.1)
        let released = s.decide(thumb: 1, time: 2, isContinuous: false, interval: 0)
        #expect(later == .now && released == .later)
        let upper = s.take(0.9, ofThumb: 1)
        #expect(upper && !s.isPending(thumb: 1))
    }

    @Test func anAdjustmentAloneReportsAtOnceAndAnnouncesNothing() {
        var s = EditingSession()
        let opens = s.beginAdjustment(values: ThumbPair(0.4, 1))
        #expect(opens && s.isAdjustmentOnly)
        let report = s.decide(thumb: 0, time: 0, isContinuous: false, interval: 10)
        #expect(report == .now, "reported at once, continuous or not")
        let closes = s.endAdjustment()
        #expect(closes && !s.isEditing)
    }

    @Test func anAdjustmentDuringAGestureJoinsIt() {
        var s = EditingSession()
        _ = s.begin(values: ThumbPair(0.4, 1))
        let opens = s.beginAdjustment(values: ThumbPair(0.5, 1))
        let report = s.decide(thumb: 0, time: 0, isContinuous: false, interval: 0)
        let closes = s.endAdjustment()
        #expect(!opens && report == .later && !closes && s.isEditing, "the gesture's rules apply")
        #expect(s.valuesAtBegin[0] == 0.4, "a cancel would undo the adjustment too")
    }

    @Test func aCancelSaysWhatToRestoreAndWhetherTheSessionEnds() {
        var s = EditingSession()
        _ = s.begin(values: ThumbPair(0.2, 0.8))
        _ = s.pressKey(Keysym.up, values: ThumbPair(0.2, 0.8))
        let keyboard = s.cancel(trackingGestures: 0, trackingThumbs: 0, includesKeyboard: true, keyboardThumb: 1, thumbCount: 2)
        #expect(keyboard == EditingSession.Cancellation(thumbs: 0b10, endsSession: false), "only the keyboard's thumb")
        let nothing = s.cancel(trackingGestures: 0, trackingThumbs: 0, includesKeyboard: true, keyboardThumb: 1, thumbCount: 2)
        #expect(nothing == nil, "nothing left to cancel on the keyboard")
        let last = s.cancel(trackingGestures: 1, trackingThumbs: 0b01, includesKeyboard: false, keyboardThumb: 0, thumbCount: 2)
        #expect(last == EditingSession.Cancellation(thumbs: 0b11, endsSession: true), "the session ended: every thumb goes back")
        #expect(!s.isEditing)
    }
}
