import Foundation

/// Where the tests find the programs and the library they run as a user would (`slider-demo`,
/// `libwaylandslider.so`): the folder `WAYLAND_SLIDER_PRODUCTS` names (the aarch64 tier points it at the
/// cross-built products, which run under qemu-user, while the tests run natively), else the build folder the
/// test bundle is in (or the one above it).
package enum BuiltProducts {
    /// The environment variable naming the products' folder.
    package static let environmentVariable = "WAYLAND_SLIDER_PRODUCTS"

    /// The folder that holds `file`; throws, naming where it looked, when none does.
    package static func folder(holding file: String) throws -> URL {
        let candidates: [URL]
        if let named = ProcessInfo.processInfo.environment[environmentVariable], !named.isEmpty {
            candidates = [URL(fileURLWithPath: named)]
        } else {
            let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            candidates = [bundle, bundle.deletingLastPathComponent()]
        }
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent(file).path) }) else {
            throw ChildProcess.SpawnError(description: "no \(file) in \(candidates.map(\.path).joined(separator: " or ")): "
                                          + "run `swift build` before `swift test` (Scripts/test.sh does), or set \(environmentVariable)")
        }
        return folder
    }

    /// True when the products are for another machine than this process (the aarch64 tier's, under
    /// qemu-user): `slider-demo`'s ELF machine is not this process's. Their frames take tens of times as long.
    package static let areEmulated: Bool = {
        func machine(_ path: String) -> [UInt8]? {
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return nil }
            return Array(header[18..<20])
        }
        guard ProcessInfo.processInfo.environment[environmentVariable]?.isEmpty == false, let products = machine(program("slider-demo")) else { return false }
        return products != machine("/proc/self/exe")
    }()

    /// The path of the program `name`: in the products' folder, or where it would be (for the error of running it).
    package static func program(_ name: String) -> String {
        ((try? folder(holding: name)) ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
            .appendingPathComponent(name).path
    }
}
