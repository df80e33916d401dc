/// Another connection the window's loop waits on beside the Wayland socket (the accessibility bus): its
/// socket is polled with the compositor's in `dispatch`, and `process()` is called when it is ready.
package protocol AuxiliaryEventSource: AnyObject {
    /// The socket to poll; negative when the source is closed (it is then skipped).
    var fileDescriptor: Int32 { get }
    /// The poll events to wait for.
    var pollEvents: Int16 { get }
    /// Handles what arrived and sends what is queued; a source that fails closes itself.
    func process()
}
