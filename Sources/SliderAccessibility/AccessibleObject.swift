import SliderDBus
import SliderCore

/// One object of the published tree: the application (the root), its window (a frame), a slider, or one
/// thumb of a range slider (WAI-ARIA's multi-thumb slider: each thumb is a slider of its own).
enum AccessibleObject: Equatable {
    case application
    case window
    /// A slider by the bridge's id for it (stable while the slider is in the window).
    case slider(Int)
    /// Thumb 0 ("minimum") or 1 ("maximum") of a range slider.
    case thumb(Int, Int)

    var path: String {
        switch self {
        case .application: Atspi.rootPath
        case .window: Atspi.objectPrefix + "/window"
        case .slider(let id): Atspi.objectPrefix + "/slider\(id)"
        case .thumb(let id, let thumb): Atspi.objectPrefix + "/slider\(id)/thumb\(thumb)"
        }
    }

    init?(path: String) {
        if path == Atspi.rootPath { self = .application; return }
        guard path.hasPrefix(Atspi.objectPrefix + "/") else { return nil }
        let rest = path.dropFirst(Atspi.objectPrefix.count + 1)
        if rest == "window" { self = .window; return }
        let parts = rest.split(separator: "/")
        guard let first = parts.first, first.hasPrefix("slider"), let id = Int(first.dropFirst(6)) else { return nil }
        if parts.count == 1 { self = .slider(id); return }
        guard parts.count == 2, parts[1].hasPrefix("thumb"), let thumb = Int(parts[1].dropFirst(5)), thumb == 0 || thumb == 1 else { return nil }
        self = .thumb(id, thumb)
    }

    var role: Atspi.Role {
        switch self {
        case .application: .application
        case .window: .frame
        case .slider, .thumb: .slider
        }
    }

    /// The D-Bus interfaces it answers, in GetInterfaces' order.
    var interfaces: [String] {
        switch self {
        case .application: [Atspi.Interface.accessible, Atspi.Interface.application]
        case .window: [Atspi.Interface.accessible, Atspi.Interface.component]
        case .slider, .thumb: [Atspi.Interface.accessible, Atspi.Interface.component, Atspi.Interface.value, Atspi.Interface.action]
        }
    }
}
