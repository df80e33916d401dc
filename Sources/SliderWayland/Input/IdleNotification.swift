import CWaylandClient
import CWaylandProtocols

/// The compositor's word that the seat has had no input for a while (ext-idle-notify-v1): `idled` after
/// `timeout` seconds without input anywhere on the seat, `resumed` at the next input. nil where the compositor
/// offers no ext_idle_notifier_v1 or has no seat. Destroyed with this object.
package final class IdleNotification {
    private let proxy: OpaquePointer
    private let idled: () -> Void
    private let resumed: () -> Void
    /// Held so the display outlives the proxy.
    private let client: WaylandClient

    package init?(client: WaylandClient, timeout: Double, idled: @escaping () -> Void, resumed: @escaping () -> Void) {
        guard let notifier = client.globals.idleNotifier, let seat = client.input.seats.first?.proxy, timeout.isFinite, timeout > 0,
              let proxy = ext_idle_notifier_v1_get_idle_notification(notifier, UInt32(Swift.min(timeout * 1000, Double(UInt32.max)).rounded()), seat)
        else { return nil }
        self.proxy = proxy
        self.idled = idled
        self.resumed = resumed
        self.client = client
        ext_idle_notification_v1_add_listener(proxy, IdleNotification.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { ext_idle_notification_v1_destroy(proxy) }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<ext_idle_notification_v1_listener> = {
        let table = UnsafeMutablePointer<ext_idle_notification_v1_listener>.allocate(capacity: 1)
        table.initialize(to: ext_idle_notification_v1_listener(
            idled: { data, _ in data.map { Unmanaged<IdleNotification>.fromOpaque($0).takeUnretainedValue().idled() } },
            resumed: { data, _ in data.map { Unmanaged<IdleNotification>.fromOpaque($0).takeUnretainedValue().resumed() } }))
        return table
    }()
}
