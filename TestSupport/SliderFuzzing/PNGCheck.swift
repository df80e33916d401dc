@_spi(Internals) import SliderRenderer

/// The PNG reader fed arbitrary bytes, with the side a renderer takes as its limit. Invariants: it returns (no
/// crash, no allocation a header alone asks for); an image it reads has sides of 1 to 512, four bytes a
/// pixel, and premultiplied pixels (no colour above its alpha); a refusal is `.png` or `.invalidImageSize`
/// with the name it was given.
public enum PNGCheck {
    public static func violations<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String] {
        let side = RGBAImage.maximumRegisteredSide
        switch Result(catching: { () throws(RendererError) in try RGBAImage(pngData: Array(bytes), name: "fuzz.png", maximumSide: side) }) {
        case .success(let image):
            var found: [String] = []
            if !(1...side).contains(image.width) || !(1...side).contains(image.height) { found.append("an image of \(image.width) x \(image.height) read") }
            if image.pixels.count != image.width * image.height * 4 { found.append("\(image.pixels.count) bytes for \(image.width) x \(image.height)") }
            for i in stride(from: 0, to: image.pixels.count - 3, by: 4) where image.pixels[i..<i + 3].contains(where: { $0 > image.pixels[i + 3] }) {
                found.append("pixel \(i / 4) not premultiplied: \(Array(image.pixels[i..<i + 4]))")
                break
            }
            return found
        case .failure(.png(let path, _)) where path == "fuzz.png":
            return []
        case .failure(.invalidImageSize(let path, _, _, let maximumSide)) where path == "fuzz.png" && maximumSide == side:
            return []
        case .failure(let error):
            return ["refused as \(error)"]
        }
    }
}
