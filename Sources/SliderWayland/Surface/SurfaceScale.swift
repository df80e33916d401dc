import SliderCore

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

    /// The largest scale taken: a compositor that asks for more (wl_output.scale 1000, a preferred scale of
    /// 2^24 / 120) gets buffers drawn at 16, not ones of hundreds of megabytes.
    static let maximumFactor: Int32 = 16

    /// The most device pixels a buffer of a surface that follows its outputs is drawn with: 8192 x 4096
    /// (128 MiB at 4 bytes a pixel; an 8K output's 7680 x 4320 fits). A compositor's size past it is not
    /// taken, and its scale is taken only up to what keeps the surface within it.
    package static let maximumPixelArea = 8192.0 * 4096

    /// The scale to use: the compositor's fractional preference when it sent one (and a viewport can show
    /// it), else the largest integer scale of the outputs the surface is on (or of all outputs before it is
    /// on any), at least 1; at most `maximumFactor` either way, and at most what keeps a surface of
    /// `fitting` points within `maximumPixelArea` (to a fractional scale's rounding; never below 1). A
    /// preferred scale of 0 is no preference.
    static func choose(preferred120: UInt32?, canUseViewport: Bool, enteredOutputScales: [Int32], allOutputScales: [Int32],
                       fitting size: Size? = nil) -> SurfaceScale {
        // The largest factor whose buffer fits, in 120ths; a size that does not fit even at 1 is drawn at 1.
        let fits = size.map { maximumPixelArea / max($0.width * $0.height, 1) } ?? .infinity
        let largest120 = max(120, UInt32(min((fits.squareRoot() * 120).rounded(.down), Double(maximumFactor) * 120)))
        if let preferred120, preferred120 > 0, canUseViewport {
            let taken = min(preferred120, largest120)
            return taken % 120 == 0 ? .integer(Int32(taken / 120)) : .fractional(numerator120: taken)
        }
        let scales = enteredOutputScales.isEmpty ? allOutputScales : enteredOutputScales
        return .integer(min(max(scales.max() ?? 1, 1), Int32(largest120 / 120)))
    }

    /// True when a surface of `size` points fits `maximumPixelArea` at scale 1.
    static func fitsAtOne(_ size: Size) -> Bool { size.width * size.height <= maximumPixelArea }

    /// The buffer size for a logical size: rounded half up as wp_fractional_scale_v1 specifies.
    package func pixelSize(for width: Double, _ height: Double) -> (width: Int, height: Int) {
        ((width * factor).rounded(.toNearestOrAwayFromZero).clampedPixels, (height * factor).rounded(.toNearestOrAwayFromZero).clampedPixels)
    }
}

extension Double {
    /// A pixel count from a rounded value, at least 1 and at most 16384.
    fileprivate var clampedPixels: Int { Int(Swift.min(Swift.max(self, 1), 16384)) }
}
