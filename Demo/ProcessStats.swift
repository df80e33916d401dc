import Foundation

/// CPU time, peak memory and age of this process.
enum ProcessStats {
    /// User + system CPU seconds used so far (getrusage).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident set size in MiB (ru_maxrss is in KiB on Linux).
    static func peakResidentMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// Seconds since the kernel started this process (/proc/self/stat's start time against CLOCK_BOOTTIME;
    /// the start time has the kernel's clock-tick resolution, 10 ms). Nil when /proc cannot be read.
    static func age() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // starttime is field 22 of the line: the 20th after the command name.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
}

/// Nearest-rank percentiles of a sample, in the sample's unit.
struct Distribution: Equatable {
    var count: Int
    var median: Double, p95: Double, p99: Double, maximum: Double

    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))] }
        count = sorted.count
        median = rank(0.5)
        p95 = rank(0.95)
        p99 = rank(0.99)
        maximum = sorted[sorted.count - 1]
    }
}
