/// The wl_pointer events of one frame, gathered until `frame` arrives and then applied together.
struct PointerFrame: Sendable {
    struct ButtonChange: Sendable {
        var button: UInt32
        var state: ButtonState
    }

    var entered: Point?
    var left = false
    var motion: Point?
    var buttons = InlineElements<(ButtonChange, ButtonChange, ButtonChange, ButtonChange), ButtonChange>(
        (PointerFrame.unused, PointerFrame.unused, PointerFrame.unused, PointerFrame.unused))
    private static let unused = ButtonChange(button: 0, state: .released)
    var buttonCount = 0
    var value120 = (vertical: Int32(0), horizontal: Int32(0))
    var discrete = (vertical: Int32(0), horizontal: Int32(0))
    var continuous = (vertical: 0.0, horizontal: 0.0)
    var hasAxis = false
    var stopped = false
    var source: ScrollSource?

    mutating func addButton(_ button: UInt32, _ state: ButtonState) {
        // A frame holds one or two button changes in practice; keep the newest four.
        if buttonCount == 4 {
            for i in 0..<3 { buttons[i] = buttons[i + 1] }
            buttonCount = 3
        }
        buttons[buttonCount] = ButtonChange(button: button, state: state)
        buttonCount += 1
    }

    mutating func addAxis(_ axis: ScrollAxis, value120 v: Int32 = 0, discrete d: Int32 = 0, continuous c: Double = 0) {
        hasAxis = true
        switch axis {
        case .vertical:
            value120.vertical &+= v; discrete.vertical &+= d; continuous.vertical += c
        case .horizontal:
            value120.horizontal &+= v; discrete.horizontal &+= d; continuous.horizontal += c
        }
    }

    /// Wheel notches on `axis` in the compositor's sign (positive: down or right). High-resolution value120
    /// wins over discrete steps, which win over continuous distance (10 surface units per notch, weston's
    /// and libinput's wheel click).
    func notches(_ axis: ScrollAxis) -> Double {
        let v = axis == .vertical ? value120.vertical : value120.horizontal
        if v != 0 { return Double(v) / 120 }
        let d = axis == .vertical ? discrete.vertical : discrete.horizontal
        if d != 0 { return Double(d) }
        let c = axis == .vertical ? continuous.vertical : continuous.horizontal
        return c.isFinite ? c / 10 : 0
    }
}
