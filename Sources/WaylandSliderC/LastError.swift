import CWaylandSliderAPI
import Glibc

/// The message of the last failed call, per thread (C's errno model): a malloc'ed C string under a pthread
/// key whose destructor frees it when the thread ends.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Records `message` as this thread's last error and returns `status`.
    static func fail(_ status: ws_status, _ message: String) -> ws_status {
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

    /// WS_ERROR_INVALID_ARGUMENT, naming the argument and why.
    static func invalid(_ function: String, _ reason: String) -> ws_status {
        fail(WS_ERROR_INVALID_ARGUMENT, "\(function): \(reason)")
    }
}

@_cdecl("ws_last_error")
public func ws_last_error() -> UnsafePointer<CChar>! { LastError.message }

/// A C handle's object: the Swift object a `ws_*` pointer stands for (retained while the handle lives).
enum Handle {
    static func make<T: AnyObject>(_ object: T) -> OpaquePointer { OpaquePointer(Unmanaged.passRetained(object).toOpaque()) }
    static func object<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> T? {
        pointer.map { Unmanaged<T>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
    static func release<T: AnyObject>(_ pointer: OpaquePointer, as type: T.Type) {
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }
}

extension Double {
    /// Whether every number is finite (NaN and infinities are refused at the C boundary).
    static func allFinite(_ values: Double...) -> Bool { values.allSatisfy(\.isFinite) }
}
