/// The AT-SPI 2 numbers the bridge sends (at-spi2-core 2.46, atspi-constants.h), and its names.
enum Atspi {
    static let objectPrefix = "/org/a11y/atspi/accessible"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let cachePath = "/org/a11y/atspi/cache"
    static let registry = "org.a11y.atspi.Registry"

    enum Interface {
        static let accessible = "org.a11y.atspi.Accessible"
        static let application = "org.a11y.atspi.Application"
        static let component = "org.a11y.atspi.Component"
        static let value = "org.a11y.atspi.Value"
        static let action = "org.a11y.atspi.Action"
        static let cache = "org.a11y.atspi.Cache"
        static let socket = "org.a11y.atspi.Socket"
        static let objectEvents = "org.a11y.atspi.Event.Object"
        static let windowEvents = "org.a11y.atspi.Event.Window"
        static let properties = "org.freedesktop.DBus.Properties"
    }

    /// AtspiRole.
    enum Role: UInt32 {
        case frame = 23, slider = 51, application = 75

        var name: String {
            switch self {
            case .frame: "frame"
            case .slider: "slider"
            case .application: "application"
            }
        }
    }

    /// AtspiStateType: a state n is bit n % 32 of word n / 32 of GetState's two words.
    enum State: UInt32 {
        case active = 1, enabled = 8, focusable = 11, focused = 12, horizontal = 14, sensitive = 24, showing = 25, vertical = 29, visible = 30
    }

    /// AtspiCoordType.
    enum CoordinateType: UInt32 { case screen = 0, window = 1, parent = 2 }

    /// AtspiComponentLayer: widgets.
    static let widgetLayer: UInt32 = 3
}

/// A set of AT-SPI states packed as GetState sends them.
struct AtspiStateSet: Equatable {
    private(set) var words: (UInt32, UInt32) = (0, 0)

    init(_ states: [Atspi.State] = []) { for state in states { insert(state) } }

    mutating func insert(_ state: Atspi.State) {
        let bit = UInt32(1) << (state.rawValue % 32)
        if state.rawValue < 32 { words.0 |= bit } else { words.1 |= bit }
    }

    func contains(_ state: Atspi.State) -> Bool {
        let bit = UInt32(1) << (state.rawValue % 32)
        return (state.rawValue < 32 ? words.0 : words.1) & bit != 0
    }

    static func == (a: AtspiStateSet, b: AtspiStateSet) -> Bool { a.words == b.words }
}
