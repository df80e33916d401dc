/// What a key does to a slider (WAI-ARIA's slider pattern, GTK's bindings).
enum KeyboardCommand: Equatable {
    /// Move by `n` small steps (arrows).
    case step(Int)
    /// Move by `n` page steps (Page Up / Page Down).
    case page(Int)
    case toMinimum
    case toMaximum

    /// The command for `keysym`, or nil for keys a slider leaves alone. Up and Right increase, Down and Left
    /// decrease, except that Left and Right swap on a horizontal slider whose minimum is on the right (RTL).
    init?(keysym: UInt32, layout: SliderLayout) {
        let rightIncreases = !(layout.orientation == .horizontal && layout.isFlipped)
        switch keysym {
        case Keysym.up, Keysym.keypadUp: self = .step(1)
        case Keysym.down, Keysym.keypadDown: self = .step(-1)
        case Keysym.right, Keysym.keypadRight: self = .step(rightIncreases ? 1 : -1)
        case Keysym.left, Keysym.keypadLeft: self = .step(rightIncreases ? -1 : 1)
        case Keysym.pageUp, Keysym.keypadPageUp: self = .page(1)
        case Keysym.pageDown, Keysym.keypadPageDown: self = .page(-1)
        case Keysym.home, Keysym.keypadHome: self = .toMinimum
        case Keysym.end, Keysym.keypadEnd: self = .toMaximum
        default: return nil
        }
    }
}
