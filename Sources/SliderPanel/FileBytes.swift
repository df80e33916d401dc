import Glibc

/// Reading a file with a bound, and replacing one so that a crash or a power cut leaves the old file or the new
/// one, never a torn one: the panel file, the state file.
package enum FileBytes {
    /// Why a file could not be read or written: what was being done, and the system's reason.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var description: String
        /// errno's value (0 where the reason is not the system's).
        package var code: Int32
    }

    private static func failure(_ doing: String, _ code: Int32 = errno) -> Failure {
        Failure(description: "cannot \(doing): \(String(cString: strerror(code)))", code: code)
    }

    /// The first `limit` bytes of the file at `path` (all of it when shorter).
    package static func read(atMost limit: Int, of path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("read the file") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, limit - count) }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw failure("read the file")
            }
            count += read
        }
        return Array(bytes[..<count])
    }

    /// The file a write in progress goes to before it replaces `path`: beside it, in the same folder (a rename
    /// is atomic only within one file system). One name per file, so a write a crash interrupted is overwritten
    /// by the next, not left to pile up.
    package static func temporaryPath(for path: String) -> String { path + ".new" }

    /// Replaces the file at `path` with `bytes`: written to `temporaryPath(for:)`, flushed to the disk (`fsync`),
    /// renamed over `path`, then the folder flushed too, so the rename itself survives a power cut. Readable by
    /// its owner and group (0640): a panel's values are the household's.
    package static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw failure("create \(temporary)") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw failure("write \(temporary)", code)
            }
            written += count
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw failure("flush \(temporary) to the disk", code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("rename \(temporary) to \(path)", code)
        }
        let folder = open(folderPath(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure("open the folder of \(path)") }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw failure("flush the folder of \(path) to the disk") }
    }

    /// The folder `path` is in ("." for a bare name).
    package static func folderPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
