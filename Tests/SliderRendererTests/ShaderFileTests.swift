import Foundation
import Testing
@testable import SliderRenderer

@Suite struct ShaderFileTests {
    static let shaderDirectory = RenderHarness.packageRoot.appendingPathComponent("Shaders")

    static var shaderFiles: [URL] {
        (try? FileManager.default.contentsOfDirectory(at: shaderDirectory, includingPropertiesForKeys: nil))?
            .filter { ["vert", "frag"].contains($0.pathExtension) }.sorted { $0.path < $1.path } ?? []
    }

    @Test func everyShaderIsValidGLSLES100() throws {
        #expect(ShaderFileTests.shaderFiles.count == 4, "slider and present, vertex and fragment")
        for file in ShaderFileTests.shaderFiles {
            let source = try String(contentsOf: file, encoding: .utf8)
            #expect(source.hasPrefix("#version 100\n"), "\(file.lastPathComponent) must declare GLSL ES 1.00")
            let (status, output) = try ShaderFileTests.validate(file.path)
            #expect(status == 0, "glslangValidator \(file.lastPathComponent):\n\(output)")
        }
    }

    /// Runs glslangValidator on a shader file: its exit status and what it printed.
    static func validate(_ path: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["glslangValidator", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// The renderer also builds slider.frag with WS_TEXTURED defined (the textured program): that exact
    /// source must be valid too.
    @Test func theTexturedVariantIsValidGLSLES100() throws {
        let source = ShaderProgram.adding(["WS_TEXTURED"], to: EmbeddedShaders.sliderFragment)
        #expect(source.contains("#define WS_TEXTURED 1") && source.hasPrefix("#version 100\n"))
        let path = NSTemporaryDirectory() + "slider-textured-\(UUID().uuidString).frag"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try ShaderFileTests.validate(path)
        #expect(status == 0, "glslangValidator, textured variant:\n\(output)")
    }

    @Test func embeddedShadersMatchTheFiles() throws {
        for (name, embedded) in EmbeddedShaders.all {
            let file = try String(contentsOf: ShaderFileTests.shaderDirectory.appendingPathComponent(name), encoding: .utf8)
            #expect(embedded + "\n" == file, "\(name) changed: run Scripts/embed-shaders.sh")
        }
        #expect(EmbeddedShaders.all.count == ShaderFileTests.shaderFiles.count)
    }

    @Test func highPrecisionEverywhere() {
        for (name, source) in EmbeddedShaders.all {
            #expect(source.contains("precision highp float;"), "\(name): llvmpipe's mediump is fp16")
            let code = source.split(separator: "\n").map { line in line.components(separatedBy: "//")[0] }.joined()
            #expect(!code.contains("mediump") && !code.contains("lowp"), "\(name) declares a lower precision")
        }
    }

    @Test func vertexLayoutMatchesTheAttributes() {
        #expect(PrimitiveVertex.checkLayout())
        #expect(MemoryLayout<PrimitiveVertex>.stride == 72)
    }
}
