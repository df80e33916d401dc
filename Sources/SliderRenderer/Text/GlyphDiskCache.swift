import FoundationEssentials
import Glibc

/// Distance-field glyphs kept on disk between runs. FreeType renders an outline's distance field slowly
/// (about 5 ms a glyph at 48 texels with a spread of 8), and a label's glyphs are all needed for the first
/// frame: read from here, a second start draws them without FreeType.
///
/// One file per font file and rasterization setting (`FontFace.rasterSize`, `DistanceFieldEncoding.spread`,
/// FreeType's version), in `$XDG_CACHE_HOME/waylandslider` (`~/.cache/waylandslider`). The file is named after
/// the font's path, size and modification time, so an updated font is rendered afresh. It is a cache: a
/// file that cannot be read, decoded or trusted is ignored and replaced; one that cannot be written is not
/// kept, and nothing else changes.
struct GlyphDiskCache {
    /// A glyph as `FontFace.render` made it, its distances packed row by row (`width` bytes a row).
    struct Entry: Codable, Equatable {
        var scalar: UInt32
        var width: Int, height: Int
        var left: Int, top: Int
        var advance: Double
        var distances: Data
    }

    private struct Contents: Codable {
        var key: String
        var glyphs: [Entry]
    }

    /// The directory the caches go in when no other is given: `$XDG_CACHE_HOME/waylandslider`, else
    /// `$HOME/.cache/waylandslider`; nil when neither variable is set.
    static var defaultDirectory: String? {
        if let cache = getenv("XDG_CACHE_HOME"), cache.pointee != 0 { return String(cString: cache) + "/waylandslider" }
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) + "/.cache/waylandslider" }
        return nil
    }

    /// The cache file's path.
    let path: String
    /// What the file must say it holds: the font and every setting that shapes a glyph.
    private let key: String

    /// The cache of `face`'s font file in `directory`; nil when the file cannot be examined.
    init?(face: FontFace, directory: String) {
        var status = stat()
        guard stat(face.path, &status) == 0 else { return nil }
        key = "glyphs 1; \(face.path); \(status.st_size) bytes; modified \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec); "
            + "raster \(FontFace.rasterSize); spread \(DistanceFieldEncoding.spread); FreeType \(face.freeTypeVersion)"
        path = directory + "/glyphs-" + GlyphDiskCache.hexHash(key) + ".plist"
    }

    /// The glyphs stored for this font; empty when there is no file, or it is damaged or for another font.
    func load() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path),
              let contents = try? PropertyListDecoder().decode(Contents.self, from: data), contents.key == key else { return [] }
        let limit = 4 * FontFace.rasterSize
        let valid = contents.glyphs.allSatisfy { entry in
            (0...limit).contains(entry.width) && (0...limit).contains(entry.height) && entry.distances.count == entry.width * entry.height
                && abs(entry.left) <= limit && abs(entry.top) <= limit && entry.advance.isFinite
        }
        return valid ? contents.glyphs : []
    }

    /// Replaces the file with `glyphs`: written to a file of this call's own, then renamed over the old one,
    /// so a reader never sees half a file and two writers each leave a whole one.
    func save(_ glyphs: [Entry]) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil,
              let data = try? encoder.encode(Contents(key: key, glyphs: glyphs)) else { return }
        let temporary = path + ".\(getpid())-\(UInt64.random(in: 0...UInt64.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// FNV-1a of `text`'s UTF-8, as 16 hex digits: a file name for the key.
    private static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
