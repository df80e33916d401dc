import CSystemdBus
import Glibc

/// Reads the arguments of a received sd-bus message in order. A read of the wrong type throws.
package struct DBusMessageReader {
    package let message: OpaquePointer

    package init(_ message: OpaquePointer) { self.message = message }

    private func basic<T: BitwiseCopyable>(_ type: Character, _ empty: T) throws(DBusError) -> T {
        var value = empty
        let result = withUnsafeMutableBytes(of: &value) { sd_bus_message_read_basic(message, CChar(type.asciiValue ?? 0), $0.baseAddress) }
        guard result > 0 else { throw .call("sd_bus_message_read_basic(\(type))", errno: result < 0 ? -result : EBADMSG) }
        return value
    }

    package func string() throws(DBusError) -> String {
        var pointer: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &pointer)
        guard result > 0, let pointer else { throw .call("sd_bus_message_read_basic(s)", errno: result < 0 ? -result : EBADMSG) }
        return String(cString: pointer)
    }

    package func objectPath() throws(DBusError) -> String {
        var pointer: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "o")), &pointer)
        guard result > 0, let pointer else { throw .call("sd_bus_message_read_basic(o)", errno: result < 0 ? -result : EBADMSG) }
        return String(cString: pointer)
    }

    package func int32() throws(DBusError) -> Int32 { try basic("i", Int32(0)) }
    package func uint32() throws(DBusError) -> UInt32 { try basic("u", UInt32(0)) }
    package func bool() throws(DBusError) -> Bool { try basic("b", Int32(0)) != 0 }

    /// A number of any D-Bus numeric type (a screen reader may send an int where a double is declared).
    package func number() throws(DBusError) -> Double {
        var type: CChar = 0
        guard sd_bus_message_peek_type(message, &type, nil) > 0 else { throw .call("sd_bus_message_peek_type", errno: EBADMSG) }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "d"): return try basic("d", 0.0)
        case UInt8(ascii: "i"): return Double(try basic("i", Int32(0)))
        case UInt8(ascii: "u"): return Double(try basic("u", UInt32(0)))
        case UInt8(ascii: "x"): return Double(try basic("x", Int64(0)))
        case UInt8(ascii: "t"): return Double(try basic("t", UInt64(0)))
        case UInt8(ascii: "n"): return Double(try basic("n", Int16(0)))
        case UInt8(ascii: "q"): return Double(try basic("q", UInt16(0)))
        case UInt8(ascii: "y"): return Double(try basic("y", UInt8(0)))
        default: throw .reply(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "a number was expected")
        }
    }

    /// Enters a variant, reads it with `body`, leaves it.
    package func variant<T>(_ body: () throws(DBusError) -> T) throws(DBusError) -> T {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message, &type, &contents) > 0, type == CChar(UInt8(ascii: "v")) else {
            throw .reply(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "a variant was expected")
        }
        guard sd_bus_message_enter_container(message, type, contents) > 0 else { throw .call("sd_bus_message_enter_container(v)", errno: EBADMSG) }
        let value = try body()
        sd_bus_message_exit_container(message)
        return value
    }
}
