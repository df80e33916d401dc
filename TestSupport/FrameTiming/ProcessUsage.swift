import Foundation

/// CPU time, memory, open descriptors and age of this process, and the CPU time of another (the weston it started), for
/// the benchmarks and the demo's `bench`.
package enum ProcessUsage {
    /// User + system CPU seconds this process has used (getrusage).
    package static func cpuSeconds() -> Double {
        let usage = selfUsage()
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// User + system CPU seconds process `pid` has used (/proc/PID/stat), nil when it cannot be read.
    package static func cpuSeconds(of pid: pid_t) -> Double? {
        guard let fields = statFields(of: "\(pid)"), fields.count > 12,
              let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        // utime and stime are fields 14 and 15 of the line: the 12th and 13th after the command name.
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// This process's peak resident set size in MiB (ru_maxrss is in KiB on Linux).
    package static func peakResidentMiB() -> Double { Double(selfUsage().ru_maxrss) / 1024 }

    /// This process's resident set size now in MiB (/proc/self/statm's resident pages), nil when it cannot
    /// be read.
    package static func residentMiB() -> Double? {
        guard let statm = procFile("/proc/self/statm") else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / (1024 * 1024)
    }

    /// This process's resident memory now by kind, in KiB (/proc/self/status): `anonymous` (heap, stacks,
    /// private mappings: what allocations hold), `file` (pages of mapped files: libraries' code and data)
    /// and `shared` (shared memory, such as wl_shm buffers). Nil when it cannot be read.
    package static func residentKiB() -> (anonymous: Int, file: Int, shared: Int)? {
        guard let status = procFile("/proc/self/status") else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        }
        guard let anonymous = field("RssAnon"), let file = field("RssFile"), let shared = field("RssShmem") else { return nil }
        return (anonymous, file, shared)
    }

    /// The GL driver's libraries mapped into this process now (/proc/self/maps), by file name: Mesa's EGL
    /// vendor, its DRI or gallium driver, LLVM. Empty when no driver was loaded (the CPU renderer, which never
    /// initializes EGL) or /proc cannot be read.
    package static func mappedGLDriverLibraries() -> [String] {
        guard let maps = procFile("/proc/self/maps") else { return [] }
        let markers = ["libEGL_mesa", "libEGL_nvidia", "libgallium", "libLLVM", "_dri.so", "libglapi"]
        var names: Set<String> = []
        for line in maps.split(separator: "\n") {
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/") else { continue }
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            if markers.contains(where: { name.contains($0) }) { names.insert(name) }
        }
        return names.sorted()
    }

    /// The number of file descriptors this process has open now (/proc/self/fd, less the one reading it),
    /// nil when it cannot be read.
    package static func openDescriptors() -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return entries.count - 1
    }

    /// Seconds since the kernel started this process (/proc/self/stat's start time against CLOCK_BOOTTIME;
    /// the start time has the kernel's clock-tick resolution, 10 ms). Nil when /proc cannot be read.
    package static func age() -> Double? {
        // starttime is field 22 of the line: the 20th after the command name.
        guard let fields = statFields(of: "self"), fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The fields of /proc/PROCESS/stat after the command name (which may hold spaces and parentheses).
    private static func statFields(of process: String) -> [Substring]? {
        guard let stat = procFile("/proc/\(process)/stat"),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// A /proc file read to its end, nil when it cannot be opened. Through a file handle:
    /// `String(contentsOfFile:)` reads only the first page of a file that reports size 0, as /proc files do
    /// (/proc/self/maps is several pages).
    package static func procFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }

    private static func selfUsage() -> rusage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
}
