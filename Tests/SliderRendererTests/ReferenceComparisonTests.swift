import Testing
@_spi(Internals) import SliderCore
@testable import SliderRenderer

/// Both renderers (GLES2 and CPU) against the supersampled CPU reference: mean absolute error per channel at
/// most 0.5/255, maximum at most 16/255, for every primitive and for whole sliders at scales 1, 1.25, 1.5,
/// 2, 3 and 4.8 (large scales show defects the small ones hide); and the two renderers against each other
/// (`parityMeanLimit`, `parityMaxLimit`). Its cases run side by side, each with renderers of its own: on CPU
/// time alone, the suite is the longest of the unit tests.
@Suite struct ReferenceComparisonTests {
    static let scales = [1.0, 1.25, 1.5, 2.0, 3.0, 4.8]
    /// The whole-slider cases also compared at scales 3 and 4.8 (the CPU reference's time grows with the
    /// square of the scale): one of each kind of shape.
    static let largeScaleCases: Set = ["ios-light", "ios-range", "material-discrete", "material-popup"]
    static let meanLimit = 0.5
    static let maxLimit = 16.0

    /// How far the two renderers may be apart. They evaluate the same functions in Float, and most pixels
    /// agree to the bit. Single pixels differ where the shader's result jumps: at a corner arc's start
    /// (`step(0, q)`), llvmpipe's interpolated position can land on the other side (13/255 once, in a
    /// shadow's corner); and in distance fields, whose edge ramp is steep, llvmpipe's bilinear filter
    /// (8-bit weights, as far as we can tell) differs from the CPU's Float one (27/255 once, on a symbol at
    /// 1.25). Measured means are at most 0.02/255.
    static let parityMeanLimit = 0.1
    static let parityMaxLimit = 16.0
    static let symbolParityMaxLimit = 32.0

    /// Renders `scene` with both renderers and the reference, saves all three, and expects each renderer
    /// within the limits of the reference (the analytic shapes' unless given) and the two within the parity
    /// limits of each other.
    func compare(_ scene: Scene, background: Color, name: String, meanLimit: Double = ReferenceComparisonTests.meanLimit,
                 maxLimit: Double = ReferenceComparisonTests.maxLimit, parityMaxLimit: Double = ReferenceComparisonTests.parityMaxLimit) throws {
        let reference = CPUReference.render(scene, background: background)
        try RenderHarness.save(RGBAImage(reference: reference, width: scene.pixelWidth, height: scene.pixelHeight), as: "reference-\(name)-reference")
        var images: [RendererKind: RGBAImage] = [:]
        for kind in RendererKind.allCases {
            let image = try RenderHarness.render(scene, background: background, with: kind)
            images[kind] = image
            let difference = ImageDifference(image, reference: reference)
            print("reference \(name) \(kind): \(difference)")
            try RenderHarness.save(image, as: "reference-\(name)-\(kind)")
            #expect(difference.meanAbsolute <= meanLimit, "\(name) \(kind): \(difference)")
            #expect(difference.maximum <= maxLimit, "\(name) \(kind): \(difference)")
        }
        let parity = ImageDifference(images[.cpu]!, images[.gles]!)
        print("parity \(name): \(parity)")
        #expect(parity.meanAbsolute <= ReferenceComparisonTests.parityMeanLimit, "\(name) cpu against gles: \(parity)")
        #expect(parity.maximum <= parityMaxLimit, "\(name) cpu against gles: \(parity)")
    }

    @Test(arguments: scales)
    func everyPrimitiveAlone(scale: Double) throws {
        let s = scale
        func scene(_ primitives: [Primitive]) -> Scene {
            var scene = Scene(pixelWidth: Int(120 * s), pixelHeight: Int(60 * s), scale: s)
            for p in primitives { scene.append(p) }
            return scene
        }
        let blue = Color(hex: 0x007AFF), black = Color.black
        let cases: [(String, [Primitive])] = [
            ("roundedRect", [Primitive(kind: .roundedRect, rect: Rect(x: 10.3 * s, y: 20 * s, width: 93.4 * s, height: 4 * s), cornerRadius: 2 * s, fillColor: blue)]),
            ("bordered", [Primitive(kind: .roundedRect, rect: Rect(x: 20 * s, y: 10 * s, width: 60 * s, height: 36.5 * s), cornerRadius: 9 * s,
                                    fillColor: Color(hex: 0xFFCC00), borderColor: black.withAlpha(multipliedBy: 0.8), borderWidth: 2 * s)]),
            ("circle", [Primitive(kind: .circle, rect: Rect(x: 40.2 * s, y: 16.1 * s, width: 28 * s, height: 28 * s), cornerRadius: 14 * s, fillColor: blue)]),
            ("tick", [Primitive(kind: .tick, rect: Rect(x: 30 * s, y: 30 * s, width: 2 * s, height: 2 * s), cornerRadius: 1 * s, fillColor: black)]),
            ("shadow", [Primitive(kind: .shadow, rect: Rect(x: 40 * s, y: 16.5 * s, width: 28 * s, height: 28 * s), cornerRadius: 14 * s,
                                  fillColor: black.withAlpha(multipliedBy: 0.5), blur: 4 * s)]),
            ("sharpShadow", [Primitive(kind: .shadow, rect: Rect(x: 20 * s, y: 10 * s, width: 70 * s, height: 30 * s), cornerRadius: 0,
                                       fillColor: black, blur: 10 * s)]),
            ("softCorners", [Primitive(kind: .shadow, rect: Rect(x: 25 * s, y: 12 * s, width: 60 * s, height: 30 * s), cornerRadius: 4 * s,
                                       fillColor: black.withAlpha(multipliedBy: 0.5), blur: 8 * s)]),
            ("focusRing", [Primitive(kind: .roundedRect, rect: Rect(x: 38 * s, y: 14 * s, width: 34 * s, height: 34 * s), cornerRadius: 17 * s,
                                     fillColor: .clear, borderColor: blue, borderWidth: 2 * s)]),
        ]
        for (name, primitives) in cases {
            try compare(scene(primitives), background: .white, name: "\(name)@\(s)")
        }
    }

    /// Whole sliders: iOS and Material, light and dark, states, continuous, discrete, range, vertical, RTL.
    static func sliderCases() throws -> [(String, [Slider], Color)] {
        func slider(_ configure: (Slider) throws -> Void) rethrows -> Slider {
            let s = Slider(clock: ManualClock())
            s.frame = Rect(x: 10, y: 8, width: 220, height: 44)
            try configure(s)
            return s
        }
        let dark = Color(hex: 0x1C1C1E)
        return [
            ("ios-light", [try slider { try $0.setValue(0.4, animated: false) }], .white),
            ("ios-dark", [try slider { $0.style = .iOS(.dark); try $0.setValue(0.6, animated: false) }], dark),
            ("ios-highlighted", [try slider { s in try s.setValue(0.3, animated: false); _ = s.beginTracking(.pointer, at: s.layout.thumbCenter(atPosition: 0.3), time: 0) }], .white),
            ("ios-disabled", [try slider { try $0.setValue(0.7, animated: false); $0.isEnabled = false }], .white),
            ("ios-focused", [try slider { s in try s.setValue(0.5, animated: false); InputRouter().focus(s, visible: true) }], .white),
            ("ios-rtl", [try slider { $0.layoutDirection = .rightToLeft; try $0.setValue(0.25, animated: false) }], .white),
            ("ios-anchor", [try slider { s in try s.setBounds(minimum: -1, maximum: 1); try s.setAnchorValue(0); try s.setValue(-0.4, animated: false) }], .white),
            ("material-discrete", [try slider { s in s.style = .material(); s.style.tickVisibility = .always; try s.setStepping(.count(6)); try s.setValue(0.6, animated: false) }], .white),
            ("material-dark", [try slider { s in s.style = .material(.dark); try s.setStepping(.count(5)); try s.setValue(0.5, animated: false) }], dark),
            ("material-disabled", [try slider { $0.style = .material(); try $0.setValue(0.5, animated: false); $0.isEnabled = false }], .white),
        ]
    }

    @Test(arguments: scales)
    func wholeSliders(scale: Double) throws {
        var cases = try ReferenceComparisonTests.sliderCases()
        let range = Slider(isRange: true, clock: ManualClock())
        range.frame = Rect(x: 10, y: 8, width: 220, height: 44)
        try range.setValue(0.8, ofThumb: 1, animated: false)
        try range.setValue(0.25, ofThumb: 0, animated: false)
        cases.append(("ios-range", [range], .white))
        let vertical = Slider(clock: ManualClock())
        vertical.orientation = .vertical
        vertical.frame = Rect(x: 98, y: 4, width: 44, height: 52)
        try vertical.setValue(0.7, animated: false)
        cases.append(("ios-vertical", [vertical], .white))
        // A held Material thumb with its value popup, the value text left out (the CPU reference draws no
        // text) so the bubble is as short as it gets: the arrow's base must sit on its straight edge.
        let clock = ManualClock()
        let held = Slider(clock: clock)
        held.style = .material()
        held.frame = Rect(x: 10, y: 38, width: 220, height: 44)
        try held.setValue(0.35, animated: false)
        held.formatter.custom = { _ in "" }
        _ = held.beginTracking(.pointer, at: held.layout.thumbCenter(atPosition: 0.35), time: 0)
        clock.advance(by: 0.2)
        cases.append(("material-popup", [held], .white))
        for (name, sliders, background) in cases where scale < 3 || ReferenceComparisonTests.largeScaleCases.contains(name) {
            // The popup's case is taller: the bubble sits above the thumb. Its arrow has sharp corners, so it
            // takes the symbols' limits.
            let popup = name == "material-popup"
            let scene = RenderHarness.scene(sliders, size: Size(width: 240, height: popup ? 90 : 60), scale: scale, background: background)
            #expect(scene.count >= 3)
            try compare(scene, background: background, name: "\(name)@\(scale)",
                        meanLimit: popup ? ReferenceComparisonTests.symbolMeanLimit : ReferenceComparisonTests.meanLimit,
                        maxLimit: popup ? ReferenceComparisonTests.symbolMaxLimit(scale: scale) : ReferenceComparisonTests.maxLimit,
                        parityMaxLimit: popup ? ReferenceComparisonTests.symbolParityMaxLimit : ReferenceComparisonTests.parityMaxLimit)
        }
    }

    /// The built-in symbols and the popup arrow, drawn from the atlas's 8-bit distance fields, against their
    /// exact shapes at the sizes end images and popups use (20 and 14 pt at each scale). The maximum is looser
    /// than for the rounded shapes: at a sharp corner, anti-aliasing by distance gives a pixel centred on the
    /// corner half coverage where its area is a quarter (64/255 black on white); rounded shapes have no
    /// such corners.
    static let symbolMeanLimit = 1.0
    /// Above scale 2 the atlas's distance fields are magnified more than 2x, and the ends of thin strokes (the
    /// sun's rays) differ from the exact shape by up to 77/255 at one pixel at 4.8; looked at, no visible defect.
    static func symbolMaxLimit(scale: Double) -> Double { scale > 2 ? 80 : 72 }

    @Test(arguments: scales)
    func symbolsAndTheArrow(scale: Double) throws {
        let s = scale
        var scene = Scene(pixelWidth: Int(200 * s), pixelHeight: Int(60 * s), scale: s)
        let gray = Color(hex: 0x3C3C43, alpha: 0.6)
        for (i, symbol) in SliderSymbol.allCases.enumerated() {
            scene.append(Primitive(kind: .image, rect: Rect(x: (4 + Double(i) * 32) * s, y: 4 * s, width: 20 * s, height: 20 * s),
                                   fillColor: gray, slot: .image(.symbol(symbol))))
            scene.append(Primitive(kind: .image, rect: Rect(x: (4 + Double(i) * 32) * s, y: 32 * s, width: 14 * s, height: 14 * s),
                                   fillColor: .black, slot: .image(.symbol(symbol))))
        }
        // Arrows on whole pixels, as ValuePopupLayout places them: their base is a hard edge against the bubble.
        let arrowSize = ((12 * s).rounded(), (6 * s).rounded())
        scene.append(Primitive(kind: .image, rect: Rect(x: (4 * s).rounded(), y: (52 * s).rounded(), width: arrowSize.0, height: arrowSize.1),
                               fillColor: .black, slot: .arrow(pointsDown: true)))
        scene.append(Primitive(kind: .image, rect: Rect(x: (24 * s).rounded(), y: (52 * s).rounded(), width: arrowSize.0, height: arrowSize.1),
                               fillColor: .black, slot: .arrow(pointsDown: false)))
        try compare(scene, background: .white, name: "symbols@\(s)", meanLimit: ReferenceComparisonTests.symbolMeanLimit,
                    maxLimit: ReferenceComparisonTests.symbolMaxLimit(scale: s), parityMaxLimit: ReferenceComparisonTests.symbolParityMaxLimit)
    }
}
