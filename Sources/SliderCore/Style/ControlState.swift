/// The state a slider is drawn in, as UIControl.State names them. The first that applies wins:
/// disabled, then highlighted (a gesture is tracking), then focused, then normal.
public enum ControlState: Equatable, Hashable, Sendable, CaseIterable {
    case normal
    case highlighted
    case focused
    case disabled
}

/// Light or dark appearance.
public enum ColorScheme: Equatable, Sendable, CaseIterable {
    case light
    case dark
}
