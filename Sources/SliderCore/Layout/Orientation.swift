/// The axis a slider's track runs along.
public enum Orientation: Equatable, Sendable, CaseIterable {
    /// Minimum at the leading end (left in left-to-right, right in right-to-left).
    case horizontal
    /// Minimum at the bottom, as Qt and GTK place it.
    case vertical
}

/// The reading direction of the surrounding interface; it decides which end is "leading".
public enum LayoutDirection: Equatable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}
