import Foundation
import Testing
@_spi(Internals) @testable import SliderCore

/// One description of a slider: Codable under the panel file's keys, one validation that names the property,
/// applied through the slider's own setters.
@Suite struct SliderDescriptionTests {
    static func bass() -> SliderDescription {
        var bass = SliderDescription(id: "bass")
        bass.label = "Bass"
        bass.range = [20, 20_000]
        bass.value = 120
        bass.step = 1
        bass.snap = .onRelease
        bass.orientation = .vertical
        bass.ticks = .whileDragging
        bass.popup = .always
        bass.valueScale = .logarithmic
        bass.keyStep = 10
        bass.pageStep = 1000
        bass.decimals = 0
        bass.unit = "Hz"
        bass.endSymbols = [.minus, .plus]
        bass.enabled = false
        bass.inverted = true
        bass.layoutDirection = .rightToLeft
        bass.continuous = false
        bass.changeInterval = 0.1
        bass.hint = "Sets the bass level"
        return bass
    }

    @Test func itCodesUnderThePanelFilesKeysAndBack() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(Self.bass()), as: UTF8.self)
        #expect(json.contains("\"value-scale\":\"logarithmic\"") && json.contains("\"key-step\":10") && json.contains("\"popup\":\"always\"")
                && json.contains("\"end-symbols\":[\"minus\",\"plus\"]") && json.contains("\"snap\":\"on-release\"") && json.contains("\"value\":120")
                && json.contains("\"layout-direction\":\"right-to-left\"") && json.contains("\"change-interval\":0.1"), "\(json)")
        #expect(try JSONDecoder().decode(SliderDescription.self, from: Data(json.utf8)) == Self.bass())
        let range = try JSONDecoder().decode(SliderDescription.self, from: Data(#"{"id":"r","thumbs":2,"value":[2,8],"range":[0,10],"popup":true}"#.utf8))
        #expect(range.value == [2, 8] && range.popup == .whileDragging)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SliderDescription.self, from: Data(#"{"id":"s","snap":"sometimes"}"#.utf8)) }
    }

    @Test func aSliderMadeOfItHasEverySetting() throws {
        let slider = try Slider(Self.bass(), clock: ManualClock())
        #expect(slider.name == "bass" && slider.accessibilityLabel == "Bass" && slider.minimumValue == 20 && slider.maximumValue == 20_000)
        #expect(slider.value == 120 && slider.stepping == .size(1) && slider.snapMode == .onRelease && slider.orientation == .vertical)
        #expect(slider.style.tickVisibility == .whileDragging && slider.style.valuePopup.isEnabled && slider.style.valuePopup.isAlwaysShown)
        #expect(slider.valueScale == .logarithmic && slider.keyboardStep == 10 && slider.pageStep == 1000)
        #expect(slider.formatter.string(for: 120, in: slider.model) == "120 Hz" && slider.minimumValueImage == .symbol(.minus))
        #expect(!slider.isEnabled && slider.isInverted && slider.layoutDirection == .rightToLeft && !slider.isContinuous)
        #expect(slider.valueChangeInterval == 0.1 && slider.accessibilityHint == "Sets the bass level")
        var range = SliderDescription(id: "hours")
        range.thumbs = 2
        range.range = [0, 24]
        range.minimumSeparation = 2
        range.value = [10, 11]
        let hours = try Slider(range, clock: ManualClock())
        #expect(hours.minimumSeparation == 2 && hours.upperValue - hours.value >= 2, "\(hours.value)...\(hours.upperValue)")
        try slider.apply(SliderDescription(id: "bass"))
        #expect(slider.isEnabled && !slider.isInverted && slider.layoutDirection == .leftToRight && slider.isContinuous
                && slider.valueChangeInterval == 0 && slider.accessibilityHint == nil, "a description leaving them out gives the defaults")
    }

    /// Descriptions each with one problem, and the property it is about.
    static let broken: [(SliderDescription, SliderDescription.CodingKeys)] = {
        func broken(_ change: (inout SliderDescription) -> Void, _ property: SliderDescription.CodingKeys) -> (SliderDescription, SliderDescription.CodingKeys) {
            var description = SliderDescription(id: "s")
            description.range = [0, 10]
            change(&description)
            return (description, property)
        }
        return [
            broken({ $0.range = [5, 1] }, .range), broken({ $0.range = [0, .nan] }, .range), broken({ $0.value = 30 }, .value),
            broken({ $0.thumbs = 3 }, .thumbs), broken({ $0.step = 0.1; $0.discreteValues = 5 }, .discreteValues),
            broken({ $0.valueScale = .power }, .valueScale), broken({ $0.exponent = 2 }, .exponent),
            broken({ $0.valueScale = .logarithmic }, .valueScale), broken({ $0.valueScale = .power; $0.exponent = -1 }, .exponent),
            broken({ $0.keyStep = 0 }, .keyStep), broken({ $0.pageStep = .infinity }, .pageStep), broken({ $0.step = 1e-300 }, .step),
            broken({ $0.endSymbols = [.minus] }, .endSymbols), broken({ $0.id = "" }, .id),
            broken({ $0.minimumSeparation = 1 }, .minimumSeparation), broken({ $0.thumbs = 2; $0.minimumSeparation = -1 }, .minimumSeparation),
            broken({ $0.changeInterval = -0.5 }, .changeInterval), broken({ $0.changeInterval = .nan }, .changeInterval),
        ]
    }()

    /// Each rule, the description's or the slider's, refuses with the property it is about; a refused
    /// description changes nothing.
    @Test(arguments: SliderDescriptionTests.broken)
    func theOneValidationNamesTheProperty(_ description: SliderDescription, _ property: SliderDescription.CodingKeys) throws {
        #expect(throws: SliderDescription.Error.self) { try description.validate() }
        do { try description.validate() } catch { #expect(error.property == property, "\(error)") }
        let slider = try Slider(SliderDescription(id: "kept"), clock: ManualClock())
        try slider.setValue(0.5, animated: false)
        #expect(throws: SliderDescription.Error.self) { try slider.apply(description) }
        #expect(slider.name == "kept" && slider.value == 0.5 && slider.maximumValue == 1 && slider.valueScale == .linear, "nothing changed")
    }
}
