import Glibc

/// CPU time used so far, in seconds: this process (getrusage, user + system) or another (/proc/PID/stat).
enum ProcessCPU {
    static func ofThisProcess() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// utime + stime of `pid` from /proc, nil when it cannot be read.
    static func of(pid: pid_t) -> Double? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(cString: buffer)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the whole line: 12th and 13th after the name.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Peak resident set size of this process in MiB (getrusage's ru_maxrss is in KiB on Linux).
    static func peakResidentMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
}
