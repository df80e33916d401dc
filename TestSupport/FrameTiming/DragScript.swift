import SliderCore

/// A pointer held on a slider's thumb and moved back and forth across its track (5 % to 95 %), 7 pt per
/// frame: the benchmarks' drag.
package struct DragScript: Sendable {
    private let left: Point, right: Point
    /// Where the press goes: the thumb's centre at the slider's value when the script was made.
    package let start: Point
    private var step = 0

    package init(slider: Slider) {
        left = slider.layout.thumbCenter(atPosition: 0.05)
        right = slider.layout.thumbCenter(atPosition: 0.95)
        start = slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value))
    }

    /// The pointer's next position.
    package mutating func nextPoint() -> Point {
        step += 1
        let span = right.x - left.x, travel = Double(step * 7).truncatingRemainder(dividingBy: 2 * span)
        return Point(x: left.x + (travel < span ? travel : 2 * span - travel), y: left.y)
    }
}

/// The drag as the input events a seat would deliver, for `SliderWindow.replay(_:nextEventTime:)`: enter and press on the
/// thumb on the first frame, one motion per frame after it, 16 ms apart. Where the compositor has a pointer of
/// its own (KWin 6's X11-windowed output) its enter or leave ends the replayed drag; the thumb is then
/// pressed again where it is.
package struct ReplayedDrag: Sendable {
    private var script: DragScript
    private var time: UInt32 = 1

    package init(slider: Slider) { script = DragScript(slider: slider) }

    /// The events of the next frame for `slider`, the slider the script was made for.
    package mutating func nextFrame(of slider: Slider) -> [InputEvent] {
        time &+= 16
        guard slider.isTracking else {
            let thumb = slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value))
            return [InputEvent(time: time, .pointerEnter(thumb)), InputEvent(time: time, .pointerMotion(thumb)), InputEvent(time: time, .pointerFrame),
                    InputEvent(time: time, .pointerButton(button: PointerButton.left, state: .pressed)), InputEvent(time: time, .pointerFrame)]
        }
        return [InputEvent(time: time, .pointerMotion(script.nextPoint())), InputEvent(time: time, .pointerFrame)]
    }
}
