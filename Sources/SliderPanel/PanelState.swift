import Foundation
@_spi(Internals) import SliderCore

/// The values a panel keeps across restarts (the panel file's `state:`), as its state file holds them: one
/// JSON object, each slider's id to its value (a range's as `[lower, upper]`), keys sorted:
///
///     {"values":{"quiet-hours":[22,23.5],"volume":40}}
///
/// Read back, each value is held to the slider as the panel file describes it now (`restore(to:)`): clamped to
/// its range, snapped to its step; a slider the file no longer has is dropped at the next write, one it has
/// newly starts from its `value:`.
package struct PanelState: Codable, Equatable {
    package var values: [String: ThumbValues]

    /// The most a state file may hold, in bytes: 64 sliders with ids of a hundred characters take under 16 KiB.
    package static let maximumFileBytes = 64 * 1024

    package init(values: [String: ThumbValues]) { self.values = values }

    /// The values `sliders` hold now.
    package init(of sliders: [Slider]) {
        values = Dictionary(sliders.map { slider in
            (slider.name, ThumbValues((0..<slider.model.thumbCount).map { slider.model.value(ofThumb: $0) }))
        }, uniquingKeysWith: { first, _ in first })
    }

    /// The file's bytes: JSON with sorted keys, and a newline.
    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Doubles and strings always encode; a failure here would be Foundation's bug.
        return Array((try? encoder.encode(self)) ?? Data("{\"values\":{}}".utf8)) + [UInt8(ascii: "\n")]
    }

    /// The state in a file's `bytes`; throws a `FileBytes.Failure` that says what is wrong with them.
    package static func decoded(_ bytes: [UInt8]) throws(FileBytes.Failure) -> PanelState {
        guard bytes.count <= maximumFileBytes else {
            throw FileBytes.Failure(description: "over \(maximumFileBytes / 1024) KiB, the most a state file may be", code: 0)
        }
        guard !bytes.isEmpty else { throw FileBytes.Failure(description: "the file is empty", code: 0) }
        do {
            return try JSONDecoder().decode(PanelState.self, from: Data(bytes))
        } catch let error as DecodingError {
            let reason = switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                context.underlyingError.map { ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\($0)" } ?? context.debugDescription
            @unknown default: "\(error)"
            }
            throw FileBytes.Failure(description: "not a state file: \(BriefQuote.words(of: reason))", code: 0)
        } catch {
            throw FileBytes.Failure(description: "not a state file: \(BriefQuote.words(of: "\(error)"))", code: 0)
        }
    }

    /// A value `restore(to:)` could not take as it was: what it did instead, in words.
    package struct Adjustment: Equatable, CustomStringConvertible {
        package var description: String
    }

    /// Sets each slider's values from this state, held to the slider's range, step and thumbs (without events or
    /// animation). Returns the (slider, thumb) pairs that took a kept value, and what was adjusted on the way.
    package func restore(to sliders: [Slider]) -> (restored: [(slider: Slider, thumb: Int)], adjustments: [Adjustment]) {
        var restored: [(slider: Slider, thumb: Int)] = [], adjustments: [Adjustment] = []
        for slider in sliders {
            guard let kept = values[slider.name]?.values else { continue }
            let model = slider.model, name = BriefQuote.of(slider.name)
            guard kept.count == model.thumbCount else {
                adjustments.append(Adjustment(description: "\(name) was kept with \(kept.count) value\(kept.count == 1 ? "" : "s") and has \(model.thumbCount) thumb\(model.thumbCount == 1 ? "" : "s") now: it starts from the panel file's value"))
                continue
            }
            guard kept.allSatisfy(\.isFinite) else { continue }
            // Each value on its own: in the range, on the step; a range's two in order.
            var wanted = kept.map { Swift.min(Swift.max($0, model.minimumValue), model.maximumValue) }
            if wanted.count == 2 && wanted[0] > wanted[1] { wanted.swapAt(0, 1) }
            // The upper thumb first when the lower one moves past the upper one's place.
            let order = wanted.count == 2 && wanted[0] > model.value(ofThumb: 1) ? [1, 0] : Array(wanted.indices)
            for thumb in order {
                let value = slider.model.constrained(wanted[thumb], ofThumb: thumb, snapped: true)
                do { try slider.setValue(value, ofThumb: thumb, animated: false) } catch { continue }
            }
            for thumb in wanted.indices {
                restored.append((slider, thumb))
                let now = slider.model.value(ofThumb: thumb)
                if now != kept[thumb] {
                    adjustments.append(Adjustment(description: "the kept value \(kept[thumb]) of \(name)\(kept.count == 2 ? " (thumb \(thumb))" : "") is \(now) in its range and steps now"))
                }
            }
        }
        return (restored, adjustments)
    }
}
