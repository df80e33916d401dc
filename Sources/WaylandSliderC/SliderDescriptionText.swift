import CWaylandSliderAPI
import FoundationEssentials
import Glibc
import SliderCore

// ws_slider_apply_description: every setting of a slider at once, as a SliderDescription written in JSON under
// the panel file's keys. A property added to the description is settable from C through it, with no C code.

/// The most bytes a description may take: one with every key is under 1 KiB.
let maximumDescriptionBytes = 64 * 1024

@_cdecl("ws_slider_apply_description")
public func ws_slider_apply_description(_ slider: OpaquePointer!, _ json: UnsafePointer<CChar>!) -> ws_status {
    withSlider(slider) { s in
        guard let json else { throw CallError.invalid("json is NULL") }
        let length = strnlen(json, maximumDescriptionBytes + 1)
        guard length <= maximumDescriptionBytes else { throw CallError.invalid("a description longer than \(maximumDescriptionBytes) bytes") }
        let description: SliderDescription
        do {
            description = try JSONDecoder().decode(KnownKeysOnly.self, from: Data(bytes: json, count: length)).description
        } catch let error as DecodingError {
            throw SliderDescription.Error(error)
        }
        guard description.endImages == nil else {
            throw SliderDescription.Error(.endImages, "end-images are files: register them (ws_canvas_register_image_png) and use ws_slider_set_end_image")
        }
        try s.apply(description)
    }
}

/// A description whose every key is the description's: a decoder passes over a key it does not know, and a
/// misspelt key would leave its setting at the default without a word.
private struct KnownKeysOnly: Decodable {
    let description: SliderDescription

    init(from decoder: any Decoder) throws {
        for key in try decoder.container(keyedBy: AnyKey.self).allKeys where SliderDescription.CodingKeys(stringValue: key.stringValue) == nil {
            let known = SliderDescription.CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")
            throw SliderDescription.Error(nil, "unknown key \(BriefQuote.of(key.stringValue)) in a slider; known: \(known)")
        }
        description = try SliderDescription(from: decoder)
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
