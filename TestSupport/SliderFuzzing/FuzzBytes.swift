/// A fuzzer's input read as a stream of small choices: each read takes the next bytes, and reads past the
/// end give zeros, so every input is a complete program.
public struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    public init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) { self.bytes = Array(bytes) }

    /// True once every byte was read.
    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    /// A number below `count` (`count` at most 256).
    public mutating func choice(_ count: Int) -> Int { Int(byte()) % Swift.max(count, 1) }

    /// Two bytes, little end first.
    public mutating func word() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// A coordinate from `-50` to about `462` in quarter points: inside the harness's window and around it.
    public mutating func coordinate() -> Double { Double(word() % 2048) / 4 - 50 }
}
