import CPNG

extension RGBAImage {
    /// PNG_FORMAT_RGBA: a composite macro Swift does not import (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA).
    static let pngFormatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Writes the image as an 8-bit RGBA PNG (straight alpha, as PNG requires). Throws with libpng's message.
    public func writePNG(to path: String) throws(RendererError) {
        var straight = pixels
        for i in stride(from: 0, to: straight.count, by: 4) {
            let a = Int(straight[i + 3])
            guard a > 0 && a < 255 else { continue }
            for c in 0..<3 { straight[i + c] = UInt8(min(255, (Int(straight[i + c]) * 255 + a / 2) / a)) }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = RGBAImage.pngFormatRGBA
        let ok = straight.withUnsafeBytes { png_image_write_to_file(&image, path, 0, $0.baseAddress, Int32(width * 4), nil) }
        guard ok != 0 else { throw .png(path: path, reason: RGBAImage.message(of: image)) }
    }

    /// The largest side `init(contentsOfPNG:)` reads unless told otherwise: 8192 pixels, 256 MiB of pixels at most.
    public static let maximumPNGSide = 8192

    /// Reads a PNG of any colour type into premultiplied RGBA8. Throws `.png(path:reason:)` for a missing,
    /// unreadable or corrupt file, and `.invalidImageSize` for one whose header gives a side over `maximumSide`
    /// (checked before the pixels are allocated or read).
    public init(contentsOfPNG path: String, maximumSide: Int = RGBAImage.maximumPNGSide) throws(RendererError) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw .png(path: path, reason: RGBAImage.message(of: image))
        }
        image.format = RGBAImage.pngFormatRGBA
        let width = Int(image.width), height = Int(image.height)
        guard (1...max(1, maximumSide)).contains(width), (1...max(1, maximumSide)).contains(height) else {
            png_image_free(&image)
            throw .invalidImageSize(path: path, width: width, height: height, maximumSide: maximumSide)
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let ok = bytes.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        guard ok != 0 else {
            let reason = RGBAImage.message(of: image)
            png_image_free(&image)
            throw .png(path: path, reason: reason)
        }
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = Int(bytes[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { bytes[i + c] = UInt8((Int(bytes[i + c]) * a + 127) / 255) }
        }
        self.init(width: width, height: height)
        pixels = bytes
    }

    private static func message(of image: png_image) -> String {
        var text = image.message
        return withUnsafeBytes(of: &text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
