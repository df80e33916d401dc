import CSystemdBus

/// The event devices udev tags as vibration motors (`FEEDBACKD_TYPE=vibra`, set by feedbackd's udev
/// rules), from udev's database through sd-device. Empty without udev (a container) or without a motor.
package enum TaggedVibrators {
    package static func paths() -> [String] {
        var enumerator: OpaquePointer?
        guard sd_device_enumerator_new(&enumerator) >= 0, let enumerator else { return [] }
        defer { sd_device_enumerator_unref(enumerator) }
        guard sd_device_enumerator_add_match_subsystem(enumerator, "input", 1) >= 0,
              sd_device_enumerator_add_match_sysname(enumerator, "event*") >= 0,
              sd_device_enumerator_add_match_property(enumerator, "FEEDBACKD_TYPE", "vibra") >= 0 else { return [] }
        var paths: [String] = []
        var device = sd_device_enumerator_get_device_first(enumerator)
        while let current = device {
            var name: UnsafePointer<CChar>?
            if sd_device_get_devname(current, &name) >= 0, let name { paths.append(String(cString: name)) }
            device = sd_device_enumerator_get_device_next(enumerator)
        }
        return paths
    }
}
