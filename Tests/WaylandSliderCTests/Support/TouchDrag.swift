import PrivateCompositors
import SliderCore

extension InjectedInput {
    /// A finger put down at `point`, moved right by 20 points `steps` times (a frame and a round trip each,
    /// so the host sees every move), and lifted.
    func dragFinger(from point: Point, steps: Int) throws {
        touchDown(0, at: point)
        touchFrame()
        for i in 1...steps {
            touchMotion(0, to: Point(x: point.x + Double(i) * 20, y: point.y))
            touchFrame()
            try roundtrip()
        }
        touchUp(0)
        touchFrame()
        try roundtrip()
    }
}
