import CSystemdBus
import Glibc
import SliderDBus

/// An accessible object somewhere on the bus: the name of its connection and its path.
struct AccessibleReference: Equatable {
    var busName: String
    var path: String

    /// The reference AT-SPI uses for "none".
    static let null = AccessibleReference(busName: "", path: "/org/a11y/atspi/null")
}

extension DBusMessageWriter {
    /// An object reference, (so): a bus name and an object path.
    mutating func reference(_ reference: AccessibleReference) {
        container("r", "so") { w in
            w.string(reference.busName)
            w.objectPath(reference.path)
        }
    }
}

extension DBusMessageReader {
    /// A (so) reference.
    func reference() throws(DBusError) -> AccessibleReference {
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "r")), "so") > 0 else {
            throw .call("sd_bus_message_enter_container((so))", errno: EBADMSG)
        }
        let reference = AccessibleReference(busName: try string(), path: try objectPath())
        sd_bus_message_exit_container(message)
        return reference
    }
}
