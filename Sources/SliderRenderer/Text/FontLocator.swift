import CFontconfig

/// Finds a font file through fontconfig, the way GTK and Qt applications do.
enum FontLocator {
    /// The file fontconfig matches for `pattern` ("sans-serif", "DejaVu Sans:bold"). Throws `fontNotFound`
    /// when fontconfig cannot start or matches no file (no fonts installed). `configFile` replaces the
    /// system's fonts.conf (tests use one that lists no fonts).
    static func file(matching pattern: String, configFile: String? = nil) throws(RendererError) -> String {
        let loaded: OpaquePointer?
        if let configFile {
            loaded = FcConfigCreate()
            if let config = loaded, FcConfigParseAndLoad(config, configFile, 1) == 0 || FcConfigBuildFonts(config) == 0 {
                FcConfigDestroy(config)
                throw .fontNotFound(pattern: pattern)
            }
        } else {
            loaded = FcInitLoadConfigAndFonts()
        }
        guard let config = loaded else { throw .fontNotFound(pattern: pattern) }
        defer { FcConfigDestroy(config) }
        guard let query = FcNameParse(pattern) else { throw .fontNotFound(pattern: pattern) }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(config, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, query, &result) else { throw .fontNotFound(pattern: pattern) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { throw .fontNotFound(pattern: pattern) }
        return String(cString: file)
    }
}
