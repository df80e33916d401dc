import Glibc
@_spi(Internals) import SliderCore

/// A panel's state file (`state:`): the values read from it at start, and written back after each change that
/// settles (a gesture's end, a key press, a wheel step, a value set on standard input; never a frame of a drag)
/// and when the panel exits. Each write replaces the file atomically (`FileBytes.replace`), so a power cut or a
/// SIGKILL leaves the last value written or the one before it. A write that would not change the file's bytes is
/// not made (a drag back to where it started costs the flash nothing).
///
/// A file that cannot be read, or does not hold a state, is set aside (renamed to `PATH.unreadable`, the reason
/// in the log) and the panel starts from the panel file's values; no file yet is the first start, and quiet.
package final class PanelStateFile {
    package let path: String
    private let sliders: [Slider]
    private let log: (String) -> Void
    /// A settled change not written yet.
    private var isChanged = false
    /// The bytes the file holds, as far as this panel knows.
    private var written: [UInt8]?
    /// The last write's failure, said once until a write succeeds again.
    private var failure: FileBytes.Failure?

    /// The name a file that cannot be read is set aside as.
    package static func setAsidePath(for path: String) -> String { path + ".unreadable" }

    /// `log` takes one line for the program's standard error.
    package init(path: String, sliders: [Slider], log: @escaping (String) -> Void) {
        self.path = path
        self.sliders = sliders
        self.log = log
    }

    /// Reads the file and sets the sliders' values from it; returns the (slider, thumb) pairs that took a kept
    /// value. A write a crash interrupted (`FileBytes.temporaryPath(for:)`) is removed.
    package func restore() -> [(slider: Slider, thumb: Int)] {
        unlink(FileBytes.temporaryPath(for: path))
        let state: PanelState
        do {
            let bytes = try FileBytes.read(atMost: PanelState.maximumFileBytes + 1, of: path)
            state = try PanelState.decoded(bytes)
            written = bytes
        } catch {
            if error.code != ENOENT { setAside(because: error.description) }
            return []
        }
        let (restored, adjustments) = state.restore(to: sliders)
        for adjustment in adjustments { log("state file \(path): \(adjustment)") }
        return restored
    }

    private func setAside(because reason: String) {
        let aside = PanelStateFile.setAsidePath(for: path)
        if rename(path, aside) == 0 {
            log("state file \(path): \(reason); set aside as \(aside), the panel starts from the panel file's values")
        } else {
            log("state file \(path): \(reason), and it cannot be set aside (\(String(cString: strerror(errno)))); the panel starts from the panel file's values")
        }
    }

    /// A change settled: the next `saveIfChanged()` writes it.
    package func noteChange() { isChanged = true }

    /// Writes the values when a change settled since the last write.
    package func saveIfChanged() {
        guard isChanged else { return }
        save()
    }

    /// Writes the sliders' values now (at exit); a failure is logged once until a write succeeds again, and
    /// the values stay to be written at the next change.
    package func save() {
        isChanged = false
        let bytes = PanelState(of: sliders).encoded()
        guard bytes != written else { return }
        do {
            try FileBytes.replace(path, with: bytes)
            written = bytes
            if failure != nil { log("state file \(path): written again") }
            failure = nil
        } catch {
            if error != failure { log("state file \(path): the values are not kept: \(error)") }
            failure = error
        }
    }
}
