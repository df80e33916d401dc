import CSystemdBus

/// Appends arguments to an sd-bus message being built (a method call, a reply or a signal). The first
/// failure is kept and reported by `DBusConnection` when the message is sent; later appends do nothing.
package struct DBusMessageWriter {
    package let message: OpaquePointer
    package private(set) var failure: Int32 = 0

    package init(_ message: OpaquePointer) { self.message = message }

    private mutating func check(_ result: Int32) {
        if failure == 0 && result < 0 { failure = -result }
    }

    package mutating func string(_ value: String) { check(value.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }) }
    package mutating func objectPath(_ value: String) { check(value.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "o")), $0) }) }
    package mutating func int32(_ value: Int32) { var v = value; check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &v)) }
    package mutating func uint32(_ value: UInt32) { var v = value; check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &v)) }
    package mutating func int16(_ value: Int16) { var v = value; check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "n")), &v)) }
    package mutating func double(_ value: Double) { var v = value; check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &v)) }
    package mutating func bool(_ value: Bool) { var v: Int32 = value ? 1 : 0; check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &v)) }

    /// A container: `type` is "a", "r" (struct), "v" or "e" (dict entry); `contents` its signature
    /// ("(so)" for an array of references, "s" for a variant holding a string).
    package mutating func container(_ type: Character, _ contents: String, _ body: (inout DBusMessageWriter) -> Void) {
        check(contents.withCString { sd_bus_message_open_container(message, CChar(type.asciiValue ?? 0), $0) })
        body(&self)
        check(sd_bus_message_close_container(message))
    }
}
