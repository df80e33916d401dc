import SliderRenderer

/// Per-channel differences between a rendered image and a reference, in 1/255 units.
struct ImageDifference: CustomStringConvertible {
    var meanAbsolute: Double
    var maximum: Double
    var worstPixel: (x: Int, y: Int)

    /// Compares an 8-bit premultiplied image with a Double premultiplied reference (0...1).
    init(_ image: RGBAImage, reference: [Double]) {
        var sum = 0.0, worst = 0.0, at = (0, 0)
        for i in 0..<(image.width * image.height * 4) {
            let d = abs(Double(image.pixels[i]) - reference[i] * 255)
            sum += d
            if d > worst { worst = d; at = ((i / 4) % image.width, (i / 4) / image.width) }
        }
        meanAbsolute = sum / Double(max(1, image.pixels.count))
        maximum = worst
        worstPixel = at
    }

    /// Compares two 8-bit images.
    init(_ a: RGBAImage, _ b: RGBAImage) {
        self.init(a, reference: b.pixels.map { Double($0) / 255 })
    }

    var description: String {
        "mean \(format(meanAbsolute))/255, max \(format(maximum))/255 at (\(worstPixel.x), \(worstPixel.y))"
    }

    private func format(_ x: Double) -> String { ValueFormatterShim.format(x) }
}

/// Two decimals without Foundation's formatters.
enum ValueFormatterShim {
    static func format(_ x: Double) -> String {
        let scaled = Int((x * 100).rounded())
        let frac = abs(scaled % 100)
        return "\(scaled / 100).\(frac < 10 ? "0" : "")\(frac)"
    }
}

extension RGBAImage {
    /// A reference image (0...1 premultiplied) as 8-bit pixels, for saving next to the render.
    init(reference: [Double], width: Int, height: Int) {
        self.init(width: width, height: height)
        pixels = reference.map { UInt8(min(255, max(0, ($0 * 255).rounded()))) }
    }
}
