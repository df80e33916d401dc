/// A cubic Bézier timing curve from (0, 0) to (1, 1), as CSS and Core Animation define them.
package struct TimingCurve: Equatable, Sendable {
    package let x1: Double, y1: Double, x2: Double, y2: Double

    /// Control points; x values are clamped to 0...1 so the curve is a function of time.
    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = Swift.min(Swift.max(x1, 0), 1)
        self.y1 = y1
        self.x2 = Swift.min(Swift.max(x2, 0), 1)
        self.y2 = y2
    }

    /// Core Animation's ease-in-out (0.42, 0, 0.58, 1): UISlider's animated value change.
    package static let easeInOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's ease-out (0, 0, 0.58, 1): the snap to a step.
    package static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    package static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// The eased progress at time fraction `t` (clamped to 0...1).
    package func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        let s = parameter(forX: t)
        return bezier(s, y1, y2)
    }

    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Solves x(s) = x by Newton's method, falling back to bisection where the slope is flat.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - x
            if abs(error) < 1e-9 { return s }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = bezier(s, x1, x2)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
