/// A Swift object a C handle stands for (`ws_slider *`, `ws_subsurface *`, `ws_canvas *`): retained for C when
/// made, found again from the pointer, released once by the handle's destroy call.
protocol CHandle: AnyObject {
    /// The handle's own address, passed back to C callbacks.
    var pointer: OpaquePointer? { get set }
}

extension CHandle {
    /// Retains the object for C and returns its handle (kept in `pointer` too).
    func retainForC() -> OpaquePointer {
        let handle = OpaquePointer(Unmanaged.passRetained(self).toOpaque())
        pointer = handle
        return handle
    }

    /// The object of a handle made by `retainForC()`; nil for NULL.
    static func from(_ pointer: OpaquePointer?) -> Self? {
        pointer.map { Unmanaged<Self>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// Releases what `retainForC()` retained.
    static func release(_ pointer: OpaquePointer) { Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).release() }
}
