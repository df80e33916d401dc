import CWaylandSliderAPI
import Glibc
import SliderCore
import SliderRenderer
import SliderWayland

/// The message of the last failed call, per thread (C's errno model): a malloc'ed C string under a pthread
/// key whose destructor frees it when the thread ends.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Records `message` as this thread's last error and returns `status`.
    private static func fail(_ status: ws_status, _ message: String) -> ws_status {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(previous)
        return status
    }

    /// This thread's last message, "" when none.
    static var message: UnsafePointer<CChar> {
        if let stored = pthread_getspecific(key) { return UnsafePointer(stored.assumingMemoryBound(to: CChar.self)) }
        return emptyMessage
    }

    nonisolated(unsafe) private static let emptyMessage: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    /// The one place an error becomes a C status and message, "function: why": a refused argument, a
    /// description's key, a slider's refusal, a renderer's, Wayland's or the haptics' failure.
    static func record(_ error: any Error, in function: String) -> ws_status {
        let (status, reason): (ws_status, String) = switch error {
        case let refusal as CallError: (refusal.status, refusal.reason)
        case let description as SliderDescription.Error:
            // Named once: "key-step: must be above 0" is said "key-step must be above 0".
            (WS_ERROR_INVALID_ARGUMENT, description.property.map(\.rawValue).map { description.message.hasPrefix($0) ? description.message : "\($0): \(description.message)" }
                ?? description.message)
        case is SliderError: (WS_ERROR_INVALID_ARGUMENT, "\(error)")
        case let renderer as RendererError: (status(of: renderer), "\(error)")
        case let wayland as WaylandError: (status(of: wayland), "\(error)")
        case is HapticsError: (WS_ERROR_HAPTICS, "\(error)")
        default: (WS_ERROR_INVALID_ARGUMENT, "\(error)")
        }
        return fail(status, "\(function): \(reason)")
    }

    private static func status(of error: RendererError) -> ws_status {
        switch error {
        case .invalidTargetSize, .invalidScale, .png, .invalidImageSize: WS_ERROR_INVALID_ARGUMENT
        default: WS_ERROR_RENDERER
        }
    }

    private static func status(of error: WaylandError) -> ws_status {
        switch error {
        case .invalidSize, .invalidScale, .invalidEnvironment, .invalidIcon, .unsupportedCombination: WS_ERROR_INVALID_ARGUMENT
        case .egl: WS_ERROR_RENDERER
        case .renderer(let renderer): status(of: renderer)
        case .haptics: WS_ERROR_HAPTICS
        default: WS_ERROR_WAYLAND
        }
    }
}

/// Why a C call refuses its arguments (or another status): the words after the function's name.
struct CallError: Error {
    let status: ws_status
    let reason: String

    static func invalid(_ reason: String) -> CallError { CallError(status: WS_ERROR_INVALID_ARGUMENT, reason: reason) }
}

/// Runs the body of a C function: WS_OK when it returns, else what it throws, recorded as the last error under
/// the function's C name (`#function` is the Swift name, `ws_slider_set_step(_:_:)`, cut at the parenthesis).
func cCall(_ function: String = #function, _ body: () throws -> Void) -> ws_status {
    do {
        try body()
        return WS_OK
    } catch {
        return LastError.record(error, in: String(function.prefix { $0 != "(" }))
    }
}

@_cdecl("ws_last_error")
public func ws_last_error() -> UnsafePointer<CChar>! { LastError.message }

extension Double {
    /// Whether every number is finite (NaN and infinities are refused at the C boundary).
    static func allFinite(_ values: Double...) -> Bool { values.allSatisfy(\.isFinite) }
}
