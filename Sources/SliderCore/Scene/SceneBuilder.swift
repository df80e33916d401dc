/// Turns sliders into scene primitives: model + style + layout + animation state → device-pixel shapes.
///
/// Order per slider (stable while its configuration stays the same, so damage compares by index): its
/// background (`backgroundColor`, where it has one), the maximum track's two pieces (below and above the
/// fill, either possibly empty), the fill, ticks,
/// minimum image, maximum image, then per thumb its shadows, the thumb (a circle, or the state's thumb
/// image) and, with visible focus, its focus ring; then its label, when it shows one, and its marks' texts. Value popups come
/// after every slider, so no slider is drawn over one. No allocation once the scene has capacity (value text is stored inline).
@_spi(Internals) public enum SceneBuilder {
    /// Rebuilds `scene` from `sliders` for a `pixelWidth` x `pixelHeight` target at `scale` device pixels
    /// per point. Each slider is laid out at that scale (`Slider.layout(atScale:)`), so it snaps to the
    /// target's pixels; the sliders themselves are not changed (their `scale` is the surface's to set). `textMetrics` sizes the value popups (pass the renderer's for
    /// exact widths).
    ///
    /// `background` is what the sliders are drawn over, when it is one opaque colour (a window's): a
    /// disabled slider without disabled colours of its own is then dimmed as one group (`Scene.dimAsGroup`),
    /// as UIKit dims the whole control. Without it (nil, or not opaque: a canvas over a host's scene) each
    /// shape is dimmed on its own, and a shape shows through the translucent one above it.
    public static func build(_ sliders: [Slider], pixelWidth: Int, pixelHeight: Int, scale: Double, into scene: inout Scene,
                             textMetrics: TextMeasuring = ApproximateTextMetrics(), background: Color? = nil) {
        scene.removeAll()
        scene.pixelWidth = Swift.max(0, pixelWidth)
        scene.pixelHeight = Swift.max(0, pixelHeight)
        scene.scale = scale.isFinite && scale > 0 ? scale : 1
        let groupBackground = background.flatMap { $0.alpha >= 1 ? $0 : nil }
        for slider in sliders {
            if let color = slider.backgroundColor {
                let s = slider.layout(atScale: scene.scale).scale
                scene.append(Primitive(kind: .roundedRect, rect: slider.frame.scaled(by: s), cornerRadius: 8 * s, fillColor: color))
            }
            let start = scene.count
            guard let groupBackground = groupBackground.map({ slider.backgroundColor?.composited(over: $0) ?? $0 }), !slider.isEnabled else {
                append(slider, to: &scene)
                appendLabel(of: slider, textMetrics: textMetrics, to: &scene)
                appendMarks(of: slider, textMetrics: textMetrics, to: &scene, color: slider.style.colors(for: slider.state).image)
                continue
            }
            let style = slider.style
            append(slider, to: &scene, colors: style.disabled ?? style.normal, shadowOpacity: 1)
            appendLabel(of: slider, textMetrics: textMetrics, to: &scene, color: (style.disabled ?? style.normal).image)
            appendMarks(of: slider, textMetrics: textMetrics, to: &scene, color: (style.disabled ?? style.normal).image)
            scene.dimAsGroup(from: start, opacity: style.disabledAlpha, over: groupBackground)
        }
        let bounds = Rect(x: 0, y: 0, width: Double(scene.pixelWidth) / scene.scale, height: Double(scene.pixelHeight) / scene.scale)
        for slider in sliders {
            appendValuePopups(of: slider, inside: bounds, textMetrics: textMetrics, to: &scene)
        }
    }

    /// `drawn` (points) grown to where `sliders` may yet draw: each one's frame with room for its value
    /// popup (where enabled) on every side, so a popup that appears later seldom needs more room.
    public static func reach(of sliders: [Slider], around drawn: Rect) -> Rect {
        sliders.reduce(drawn) { reach, slider in
            let popup = slider.style.valuePopup
            let room = popup.isEnabled ? popup.gap + popup.arrowHeight + popup.height : 0
            return reach.union(slider.frame.outset(by: room))
        }
    }

    /// Appends the value popups `slider` shows now (none, or one per held thumb), kept inside `bounds`
    /// (points): bubble, arrow, text, at the popup's fade opacity.
    public static func appendValuePopups(of slider: Slider, inside bounds: Rect, textMetrics: TextMeasuring, to scene: inout Scene) {
        let style = slider.style.valuePopup
        guard style.isEnabled else { return }
        let layout = slider.layout(atScale: scene.scale)
        let s = layout.scale
        for thumb in 0..<slider.model.thumbCount {
            let opacity = slider.valuePopupOpacity(ofThumb: thumb)
            guard opacity > 0 else { continue }
            let position = slider.model.position(of: slider.presentationValue(ofThumb: thumb))
            let text = TextRun(slider.formatter.string(for: slider.model.value(ofThumb: thumb), in: slider.model), pixelSize: style.fontSize * s)
            let popup = ValuePopupLayout(thumbRect: layout.thumbRect(atPosition: position), textWidth: textMetrics.width(of: text) / s,
                                         style: style, bounds: bounds, scale: s)
            let background = style.background.withAlpha(multipliedBy: opacity)
            scene.append(Primitive(kind: .roundedRect, rect: popup.bubble.scaled(by: s), cornerRadius: style.cornerRadius * s,
                                   fillColor: background))
            scene.append(Primitive(kind: .image, rect: popup.arrow.scaled(by: s), fillColor: background, slot: .arrow(pointsDown: popup.pointsDown)))
            scene.append(Primitive(kind: .text, rect: popup.textBox.scaled(by: s), fillColor: style.text.withAlpha(multipliedBy: opacity),
                                   slot: .text(text)))
        }
    }

    /// Appends the label `slider` shows (`showsLabel`): its `accessibilityLabel`, else its `name`, against
    /// the leading edge of the layout's label room (centred above a vertical slider), vertically centred,
    /// in the style's image colour. A name wider than the room is cut and ends in "…", so it never reaches
    /// the track.
    public static func appendLabel(of slider: Slider, textMetrics: TextMeasuring, to scene: inout Scene) {
        appendLabel(of: slider, textMetrics: textMetrics, to: &scene, color: slider.style.colors(for: slider.state).image)
    }

    /// `appendLabel` in `color`.
    static func appendLabel(of slider: Slider, textMetrics: TextMeasuring, to scene: inout Scene, color: Color) {
        let layout = slider.layout(atScale: scene.scale)
        guard slider.showsLabel, let room = layout.labelRect else { return }
        let s = layout.scale
        let text = textMetrics.run(slider.accessibilityName, pixelSize: slider.style.metrics.labelFontSize * s, fittingWidth: room.width * s)
        guard text.count > 0 else { return }
        let width = textMetrics.width(of: text) / s
        let height = slider.style.metrics.labelFontSize * 1.5
        let x = slider.orientation == .vertical ? room.midX - width / 2
            : (slider.layoutDirection == .rightToLeft ? room.maxX - width : room.minX)
        let box = Rect(x: x, y: room.midY - height / 2, width: width, height: height)
        scene.append(Primitive(kind: .text, rect: box.scaled(by: s), fillColor: color, slot: .text(text)))
    }

    /// Appends the texts of `slider`'s marks (`Slider.marks`), each under its place on the track (beside a
    /// vertical track), at 80 % of the label's size, in `color`, with a 4-point line past the thumb's reach above it; in
    /// the order given (ascending), a text that would overlap the one before it left out.
    static func appendMarks(of slider: Slider, textMetrics: TextMeasuring, to scene: inout Scene, color: Color) {
        guard !slider.marks.isEmpty else { return }
        let layout = slider.layout(atScale: scene.scale)
        let s = layout.scale, metrics = slider.style.metrics, model = slider.model
        let size = metrics.labelFontSize * 0.8, reach = metrics.thumbDiameter / 2 + 1
        var last = -Double.infinity
        for mark in slider.marks where mark >= model.minimumValue && mark <= model.maximumValue {
            let center = layout.thumbCenter(atPosition: model.position(of: mark))
            let text = textMetrics.run(slider.formatter.string(for: mark, in: model), pixelSize: size * s, fittingWidth: 200 * s)
            let width = textMetrics.width(of: text) / s, height = size * 1.5
            let box: Rect, line: Rect, along: (start: Double, end: Double)
            if slider.orientation == .vertical {
                box = Rect(x: center.x + reach + 6, y: center.y - height / 2, width: width, height: height)
                line = Rect(x: center.x + reach - 1, y: center.y - 0.5, width: 4, height: 1)
                along = (box.minY, box.maxY)
            } else {
                box = Rect(x: center.x - width / 2, y: center.y + reach + 4, width: width, height: height)
                line = Rect(x: center.x - 0.5, y: center.y + reach - 1, width: 1, height: 4)
                along = (box.minX, box.maxX)
            }
            scene.append(Primitive(kind: .roundedRect, rect: line.scaled(by: s), fillColor: color))
            guard along.start >= last + 4 else { continue }
            last = along.end
            scene.append(Primitive(kind: .text, rect: box.scaled(by: s), fillColor: color, slot: .text(text)))
        }
    }

    /// Appends one slider's primitives, laid out at the scene's `scale`.
    public static func append(_ slider: Slider, to scene: inout Scene) {
        append(slider, to: &scene, colors: slider.style.colors(for: slider.state), shadowOpacity: slider.isEnabled ? 1 : slider.style.disabledAlpha)
    }

    /// `append` in `colors`, the thumb's shadows at `shadowOpacity` (a disabled slider dimmed as a group is
    /// built undimmed, then dimmed).
    static func append(_ slider: Slider, to scene: inout Scene, colors: SliderColors, shadowOpacity: Double) {
        let layout = slider.layout(atScale: scene.scale)
        let model = slider.model
        let style = slider.style
        let s = layout.scale
        let radius = style.metrics.trackThickness / 2 * s

        let p0 = model.position(of: slider.presentationValue(ofThumb: 0))
        let p1 = model.isRange ? model.position(of: slider.presentationValue(ofThumb: 1)) : p0
        let fillFrom = model.isRange ? p0 : model.position(of: model.effectiveAnchor)
        let fillTo = model.isRange ? p1 : p0
        let fill = layout.trackSegment(fromPosition: fillFrom, toPosition: fillTo)
        // The maximum track is drawn only where the fill is not, as UISlider's two track images are: a
        // translucent fill shows no track through it, and no pixel is shaded twice. Each piece runs two
        // radii under the fill so its round end hides beneath the fill's straight part; a piece with
        // nothing to cover is empty (and drawn by no renderer).
        let track = layout.alongExtent(of: layout.trackRect), filled = layout.alongExtent(of: fill)
        let overlap = style.metrics.trackThickness
        let lowPiece = filled.low > track.low
            ? layout.trackSpan(from: track.low, to: Swift.min(track.high, filled.low + overlap)) : layout.trackSpan(from: track.low, to: track.low)
        let highPiece = filled.high < track.high
            ? layout.trackSpan(from: Swift.max(track.low, filled.high - overlap), to: track.high) : layout.trackSpan(from: track.high, to: track.high)
        scene.append(Primitive(kind: .roundedRect, rect: lowPiece.scaled(by: s), cornerRadius: radius, fillColor: colors.maximumTrack))
        scene.append(Primitive(kind: .roundedRect, rect: highPiece.scaled(by: s), cornerRadius: radius, fillColor: colors.maximumTrack))
        scene.append(Primitive(kind: .roundedRect, rect: fill.scaled(by: s), cornerRadius: radius, fillColor: colors.minimumTrack))

        if ticksVisible(slider, layout: layout) {
            let low = Swift.min(fillFrom, fillTo), high = Swift.max(fillFrom, fillTo)
            let d = style.metrics.tickDiameter * s
            slider.forEachTick(in: layout) { value in
                let p = model.position(of: value)
                let c = layout.tickCenter(atPosition: p)
                let filled = p >= low - 1e-12 && p <= high + 1e-12
                scene.append(Primitive(kind: .tick, rect: Rect(center: Point(x: c.x * s, y: c.y * s), size: Size(width: d, height: d)),
                                       cornerRadius: d / 2, fillColor: filled ? colors.filledTick : colors.backgroundTick))
            }
        }
        if let image = slider.minimumValueImage, let rect = layout.minimumImageRect {
            scene.append(Primitive(kind: .image, rect: rect.scaled(by: s), fillColor: colors.image, slot: .image(image)))
        }
        if let image = slider.maximumValueImage, let rect = layout.maximumImageRect {
            scene.append(Primitive(kind: .image, rect: rect.scaled(by: s), fillColor: colors.image, slot: .image(image)))
        }
        for thumb in 0..<model.thumbCount {
            let rect = layout.thumbRect(atPosition: thumb == 0 ? p0 : p1).scaled(by: s)
            let r = rect.width / 2
            if let image = style.thumbImages.image(for: slider.state) {
                // A custom thumb is drawn as the image is, untinted and without the style's shadows (UISlider).
                scene.append(Primitive(kind: .image, rect: rect, fillColor: .white, slot: .image(image)))
                appendFocusRing(of: slider, thumb: thumb, around: rect, scale: s, to: &scene)
                continue
            }
            for shadow in style.thumbShadows {
                let color = shadow.color.withAlpha(multipliedBy: shadowOpacity)
                scene.append(Primitive(kind: .shadow, rect: rect.offsetBy(dx: shadow.offset.x * s, dy: shadow.offset.y * s),
                                       cornerRadius: r, fillColor: color, blur: shadow.blur * s))
            }
            scene.append(Primitive(kind: .circle, rect: rect, cornerRadius: r, fillColor: colors.thumb))
            appendFocusRing(of: slider, thumb: thumb, around: rect, scale: s, to: &scene)
        }
    }

    private static func appendFocusRing(of slider: Slider, thumb: Int, around rect: Rect, scale s: Double, to scene: inout Scene) {
        guard slider.isFocusVisible && slider.focusedThumb == thumb else { return }
        let width = slider.style.metrics.focusRingWidth * s
        let ring = rect.outset(by: slider.style.metrics.focusRingGap * s + width / 2)
        scene.append(Primitive(kind: .roundedRect, rect: ring, cornerRadius: ring.width / 2, fillColor: .clear,
                               borderColor: slider.style.colors(for: slider.state).focusRing, borderWidth: width))
    }

    /// Ticks show on a stepped slider whose style asks for them (always, or while tracking), thinned to a
    /// readable spacing (`SliderLayout.tickStride`).
    static func ticksVisible(_ slider: Slider, layout: SliderLayout) -> Bool {
        switch slider.style.tickVisibility {
        case .never: return false
        case .always: return layout.showsTicks(for: slider.model)
        case .whileDragging: return slider.isTracking && layout.showsTicks(for: slider.model)
        }
    }
}
