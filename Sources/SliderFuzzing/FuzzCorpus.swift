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
