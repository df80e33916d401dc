import Glibc

/// A backlight device as the kernel shows it (`/sys/class/backlight/NAME`): `max_brightness` read, `brightness`
/// read and written. Writable by the session where udev's rules give the seat's user the file (systemd's
/// `uaccess`, or a group such as `video`); elsewhere the panel dims its own pixels.
package final class SysfsBacklight {
    package let folder: String
    package let maximum: Int
    /// The brightness the panel found, which `restore()` puts back.
    package let found: Int

    /// Where the kernel lists backlight devices.
    package static let classFolder = "/sys/class/backlight"

    /// The device in `folder`; throws when its files cannot be read, or `brightness` cannot be written.
    package init(folder: String) throws(FileBytes.Failure) {
        self.folder = folder
        maximum = try SysfsBacklight.number(in: folder + "/max_brightness")
        found = try SysfsBacklight.number(in: folder + "/brightness")
        guard maximum > 0 else { throw FileBytes.Failure(description: "\(folder)/max_brightness is 0", code: 0) }
        guard access(folder + "/brightness", W_OK) == 0 else {
            throw FileBytes.Failure(description: "cannot write \(folder)/brightness: \(String(cString: strerror(errno)))", code: errno)
        }
    }

    /// The first device in `classFolder` the panel may set, in name order; nil when there is none.
    package static func firstWritable(in classFolder: String = classFolder) -> SysfsBacklight? {
        guard let directory = opendir(classFolder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().lazy.compactMap { try? SysfsBacklight(folder: classFolder + "/" + $0) }.first
    }

    private static func number(in path: String) throws(FileBytes.Failure) -> Int {
        let bytes = try FileBytes.read(atMost: 32, of: path)
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
        guard let value = Int(text), value >= 0 else { throw FileBytes.Failure(description: "\(path) holds no brightness: \"\(text.prefix(32))\"", code: 0) }
        return value
    }

    /// Sets the brightness to `level` of the maximum (0 to 1), never above the brightness found.
    package func set(level: Double) throws(FileBytes.Failure) {
        try write(Swift.min(found, Int((Double(maximum) * Swift.min(Swift.max(level, 0), 1)).rounded())))
    }

    /// Puts back the brightness the panel found.
    package func restore() throws(FileBytes.Failure) { try write(found) }

    private func write(_ value: Int) throws(FileBytes.Failure) {
        let path = folder + "/brightness"
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileBytes.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))", code: errno) }
        defer { close(descriptor) }
        let text = Array("\(value)\n".utf8)
        guard text.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == text.count else {
            throw FileBytes.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))", code: errno)
        }
    }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
