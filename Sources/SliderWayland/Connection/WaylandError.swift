import CLibcExtensions
import SliderCore
import SliderRenderer
import Glibc

/// Everything the Wayland layer refuses or loses, with what a person needs to fix it.
public enum WaylandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No compositor answered: `socket` is the name tried (WAYLAND_DISPLAY or the explicit one; nil when
    /// neither was set), `errno` why the connect failed.
    case noDisplay(socket: String?, errno: Int32)
    /// The compositor does not offer a global this client cannot work without (or offers too old a version).
    case missingGlobal(String, minimumVersion: UInt32)
    /// The compositor found this client broke the protocol and disconnected it.
    case protocolError(interface: String, code: UInt32)
    /// The connection failed (the compositor exited or was killed); `errno` from the failed read or write.
    case connectionLost(errno: Int32)
    /// An EGL call failed: the call's name and EGL's error code.
    case egl(call: String, code: Int32)
    /// The renderer refused, with its own error.
    case renderer(RendererError)
    /// A shared-memory file of `bytes` for wl_shm buffers could not be made or mapped (`errno`).
    case sharedMemory(bytes: Int, errno: Int32)
    /// The presentation path was asked for something out of order (a frame before its renderer, a buffer when
    /// none is free): a bug of this library's frame loop, named.
    case outOfOrder(String)
    /// A window size outside 1...16384 points, or a scale outside 0.25...8.
    case invalidSize(width: Double, height: Double)
    /// An embedded surface's integer scale outside 1...16.
    case invalidScale(Int)
    /// A window icon image that is not square, or not 1...1024 pixels a side.
    case invalidIcon(width: Int, height: Int)
    /// An environment variable this library reads holds a value it does not know: its name, the value, and
    /// the values it takes.
    case invalidEnvironment(name: String, value: String, expected: [String])
    /// The presentation path and renderer asked for (in the configuration or the environment) cannot work
    /// together: the CPU renderer with an EGL window.
    case unsupportedCombination(String)
    /// The haptics device the configuration names cannot play (`WindowConfiguration.haptics`).
    case haptics(HapticsError)

    public var description: String {
        switch self {
        case .noDisplay(let socket?, let errno):
            return "cannot connect to the Wayland compositor at \"\(socket)\" (\(errnoDescription(errno))); is a compositor running there?"
        case .noDisplay(nil, let errno):
            return "no Wayland display: WAYLAND_DISPLAY is not set and no socket was given (\(errnoDescription(errno)))"
        case .missingGlobal(let name, let version):
            return "the compositor does not offer \(name) version \(version) or later, which this client needs"
        case .protocolError(let interface, let code):
            return "the compositor reported a protocol error on \(interface) (code \(code)) and closed the connection"
        case .connectionLost(let errno):
            return "the connection to the Wayland compositor was lost (\(errnoDescription(errno)))"
        case .egl(let call, let code):
            return "\(call) failed with EGL error 0x\(String(code, radix: 16))"
        case .renderer(let error):
            return "the renderer failed: \(error)"
        case .sharedMemory(let bytes, let code):
            return "cannot make a shared-memory file of \(bytes) bytes for wl_shm buffers (\(errnoDescription(code)))"
        case .outOfOrder(let what):
            return "the presentation path was used out of order (a bug): \(what)"
        case .invalidSize(let width, let height):
            return "invalid window size \(width) x \(height) points"
        case .invalidScale(let scale):
            return "invalid scale \(scale): an embedded surface's scale must be a whole number from 1 to 16"
        case .invalidIcon(let width, let height):
            return "invalid window icon image \(width) x \(height) pixels: icon images are square, 1 to \(WindowIcon.maximumSide) pixels a side"
        case .invalidEnvironment(let name, let value, let expected):
            return "\(name)=\(value) is not one of \(expected.joined(separator: ", "))"
        case .unsupportedCombination(let reason):
            return "unsupported presentation: \(reason)"
        case .haptics(let error):
            return "haptics: \(error)"
        }
    }
}

/// What errno `code` means: its name and what strerror(3) says ("ECONNREFUSED: Connection refused").
func errnoDescription(_ code: Int32) -> String {
    guard code != 0 else { return "no error code" }
    let name = slider_errno_name(code).map { String(cString: $0) } ?? "errno \(code)"
    return "\(name): \(String(cString: strerror(code)))"
}
