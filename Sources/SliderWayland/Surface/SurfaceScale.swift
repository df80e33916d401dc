/// How a surface's content is scaled: an integer wl_surface.buffer_scale, or a fractional scale from
/// wp_fractional_scale_v1 drawn into a buffer of `round(size * scale)` pixels and shown at the logical size
/// through a wp_viewport.
public enum SurfaceScale: Equatable, Sendable {
    case integer(Int32)
    /// The compositor's preferred scale in 120ths (wp_fractional_scale_v1.preferred_scale).
    case fractional(numerator120: UInt32)

    /// Device pixels per point.
    public var factor: Double {
        switch self {
        case .integer(let scale): Double(scale)
        case .fractional(let n): Double(n) / 120
        }
    }

    /// The scale to use: the compositor's fractional preference when it sent one (and a viewport can show
    /// it), else the largest integer scale of the outputs the surface is on (or of all outputs before it is
    /// on any), at least 1.
    static func choose(preferred120: UInt32?, canUseViewport: Bool, enteredOutputScales: [Int32], allOutputScales: [Int32]) -> SurfaceScale {
        if let preferred120, preferred120 > 0, canUseViewport {
            return preferred120 % 120 == 0 ? .integer(Int32(preferred120 / 120)) : .fractional(numerator120: preferred120)
        }
        let scales = enteredOutputScales.isEmpty ? allOutputScales : enteredOutputScales
        return .integer(max(scales.max() ?? 1, 1))
    }

    /// The buffer size for a logical size: rounded half up as wp_fractional_scale_v1 specifies.
    package func pixelSize(for width: Double, _ height: Double) -> (width: Int, height: Int) {
        ((width * factor).rounded(.toNearestOrAwayFromZero).clampedPixels, (height * factor).rounded(.toNearestOrAwayFromZero).clampedPixels)
    }
}

extension Double {
    /// A pixel count from a rounded value, at least 1 and at most 16384.
    fileprivate var clampedPixels: Int { Int(Swift.min(Swift.max(self, 1), 16384)) }
}
