import Foundation
@_spi(Internals) import WaylandSlider

/// `--record FILE`: writes every input event the window receives from the compositor as an input-script
/// line (see `InputScript`), flushed as it comes, so a recording survives the demo being killed.
final class InputRecorder {
    private let handle: FileHandle

    init(path: String, window: SliderWindow) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw DemoError(description: "cannot write the recording to \(path)")
        }
        self.handle = handle
        window.onInput = { event in handle.write(Data((InputScript.line(for: event) + "\n").utf8)) }
    }

    func close() { try? handle.close() }
}
