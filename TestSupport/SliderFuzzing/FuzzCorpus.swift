import Foundation

/// Runs a check over files: a fuzzer's corpus, or one input it saved.
public enum FuzzCorpus {
    /// The violations `check` finds in each file (folders are read file by file), printed; 0 when none.
    public static func check(files paths: some Sequence<String>, with check: ([UInt8]) -> [String]) -> Int32 {
        var status: Int32 = 0
        for path in paths.flatMap(files(at:)) {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot be read")
                status = 1
                continue
            }
            for violation in check(Array(data)) {
                print("\(path): \(violation)")
                status = 1
            }
        }
        return status
    }

    /// `path` itself, or the files in it when it is a folder, sorted.
    public static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }
}

/// What every fuzzer program does with its check: under libFuzzer, one input (a violation stops the run, so
/// libFuzzer saves the input); otherwise, the files it was given.
public enum FuzzEntry {
    /// libFuzzer's LLVMFuzzerTestOneInput: traps on the first violation `check` finds.
    public static func test(_ data: UnsafePointer<UInt8>, _ count: Int, with check: (UnsafeBufferPointer<UInt8>) -> [String]) -> CInt {
        if let violation = check(UnsafeBufferPointer(start: data, count: count)).first { fatalError(violation) }
        return 0
    }

    /// Checks the files named on the command line; exits 1 on any violation.
    public static func checkFiles(with check: ([UInt8]) -> [String]) -> Never {
        exit(FuzzCorpus.check(files: CommandLine.arguments.dropFirst(), with: check))
    }
}
