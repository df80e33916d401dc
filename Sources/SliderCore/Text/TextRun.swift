/// A short piece of text for a `.text` primitive: up to `capacity` UTF-8 bytes stored inline (no heap), and
/// the size to draw it at. Longer text is cut at a character boundary and ends in "…" so a scene stays a
/// plain value that copies and compares without allocating.
@_spi(Internals) public struct TextRun: Hashable, Sendable {
    /// The most UTF-8 bytes a run holds.
    public static let capacity = 30
    private var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The number of UTF-8 bytes stored.
    public private(set) var count = 0
    /// The font's size (em) in device pixels.
    public var pixelSize: Double
    /// True when the text was longer than `capacity` and was cut.
    public private(set) var isTruncated = false

    /// Stores `text`, cut to fit at a Unicode scalar boundary (with "…" appended) when longer than `capacity`.
    /// A non-finite or negative size is stored as 0 (nothing is drawn).
    public init(_ text: String, pixelSize: Double) {
        self.pixelSize = pixelSize.isFinite ? Swift.max(pixelSize, 0) : 0
        var utf8 = text.utf8.count
        if utf8 <= TextRun.capacity {
            for byte in text.utf8 { append(byte) }
            return
        }
        isTruncated = true
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
        utf8 = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            guard utf8 + length + ellipsis.count <= TextRun.capacity else { break }
            for byte in String(scalar).utf8 { append(byte) }
            utf8 += length
        }
        for byte in ellipsis { append(byte) }
    }

    private mutating func append(_ byte: UInt8) {
        withUnsafeMutableBytes(of: &bytes) { $0[count] = byte }
        count += 1
    }

    /// Calls `body` with the UTF-8 bytes (valid only inside it).
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: bytes) { raw in try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count])) }
    }

    /// The text as a String (allocates when long; for tests and tools).
    public var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    /// The Unicode scalars of the text, in order (malformed bytes, which a run never stores, would read as U+FFFD).
    public func forEachScalar(_ body: (Unicode.Scalar) -> Void) {
        withUTF8 { buffer in
            var iterator = buffer.makeIterator()
            var decoder = UTF8()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): body(scalar)
                case .emptyInput: break loop
                case .error: body("\u{FFFD}")
                }
            }
        }
    }
}

extension TextRun {
    public static func == (a: TextRun, b: TextRun) -> Bool {
        a.count == b.count && a.pixelSize == b.pixelSize && a.isTruncated == b.isTruncated
            && a.bytes.0 == b.bytes.0 && a.bytes.1 == b.bytes.1 && a.bytes.2 == b.bytes.2 && a.bytes.3 == b.bytes.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(pixelSize)
        hasher.combine(bytes.0)
        hasher.combine(bytes.1)
        hasher.combine(bytes.2)
        hasher.combine(bytes.3)
    }
}
