import Glibc

/// Why the accessibility bus could not be reached or answered: the sd-bus call that failed and its errno,
/// or the D-Bus error a peer replied with.
package enum DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    case call(String, errno: Int32)
    case reply(name: String, message: String)

    package var description: String {
        switch self {
        case .call(let call, let errno): "\(call) failed: \(String(cString: strerror(errno)))"
        case .reply(let name, let message): "\(name): \(message)"
        }
    }
}
