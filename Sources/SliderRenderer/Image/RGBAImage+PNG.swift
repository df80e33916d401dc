import CPNG
import Glibc

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
    /// unreadable or corrupt file or one that is not a regular file (a FIFO or a device, which could block or
    /// never end), and `.invalidImageSize` for one whose header gives a side over `maximumSide` (checked before
    /// the pixels are allocated or read).
    public init(contentsOfPNG path: String, maximumSide: Int = RGBAImage.maximumPNGSide) throws(RendererError) {
        // Opened without blocking (a FIFO's open would wait for a writer) and checked to be a file before libpng reads it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .png(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let file = fdopen(descriptor, "rb") else {
            close(descriptor)
            throw .png(path: path, reason: "not a regular file")
        }
        defer { fclose(file) }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_stdio(&image, file) != 0 else {
            throw .png(path: path, reason: RGBAImage.message(of: image))
        }
        self = try RGBAImage.finishReading(&image, name: path, maximumSide: maximumSide)
    }

    /// Reads a PNG held in memory, as `init(contentsOfPNG:maximumSide:)` reads a file; `name` stands for the
    /// path in its errors.
    package init(pngData bytes: [UInt8], name: String, maximumSide: Int = RGBAImage.maximumPNGSide) throws(RendererError) {
        self = try bytes.withUnsafeElements { buffer throws(RendererError) in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard let start = buffer.baseAddress, png_image_begin_read_from_memory(&image, start, buffer.count) != 0 else {
                throw .png(path: name, reason: buffer.isEmpty ? "no bytes" : RGBAImage.message(of: image))
            }
            return try RGBAImage.finishReading(&image, name: name, maximumSide: maximumSide)
        }
    }

    /// Reads the pixels of a PNG whose header `image` has read; frees `image` whatever happens.
    private static func finishReading(_ image: inout png_image, name: String, maximumSide: Int) throws(RendererError) -> RGBAImage {
        defer { png_image_free(&image) }
        image.format = RGBAImage.pngFormatRGBA
        let width = Int(image.width), height = Int(image.height)
        guard (1...max(1, maximumSide)).contains(width), (1...max(1, maximumSide)).contains(height) else {
            throw .invalidImageSize(path: name, width: width, height: height, maximumSide: maximumSide)
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let ok = bytes.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        guard ok != 0 else { throw .png(path: name, reason: RGBAImage.message(of: image)) }
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = Int(bytes[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { bytes[i + c] = UInt8((Int(bytes[i + c]) * a + 127) / 255) }
        }
        var decoded = RGBAImage(width: width, height: height)
        decoded.pixels = bytes
        return decoded
    }

    private static func message(of image: png_image) -> String {
        var text = image.message
        return withUnsafeBytes(of: &text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
