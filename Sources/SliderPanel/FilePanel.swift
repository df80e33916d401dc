import SliderCore
import SliderRenderer

/// The sliders a `PanelFile` describes, and their layout: horizontal sliders in rows, one under another, vertical
/// ones as columns at the trailing side; every slider shows its label. End images are registered by the
/// window (`images`: the ids the sliders draw, and the images the file named).
package struct FilePanel {
    package let file: PanelFile
    /// The sliders in the file's order.
    package let sliders: [Slider]
    /// The end images, by the id each slider draws them under.
    package let images: [(id: UInt32, image: RGBAImage)]
    private let styles: [SliderStyle]

    /// The panel's own size in points (zoom 1): rows of `rowHeight` points (more where a value label shows
    /// always: `labelRoom`), columns of 72; labels wider with a larger text.
    package var size: Size {
        let rows = Double(sliders.filter { $0.orientation == .horizontal }.count)
        let columns = Double(sliders.filter { $0.orientation == .vertical }.count)
        return Size(width: 400 + labelGrowth + 72 * columns, height: Swift.max(32 + (rowHeight + labelRoom) * rows, columns > 0 ? 260 : 0))
    }

    /// The distance between rows at zoom 1: the file's `row-height`, else 52 points; and room under the track
    /// for marks' texts where a row has marks.
    private var rowHeight: Double {
        let marks = sliders.contains { !$0.marks.isEmpty && $0.orientation == .horizontal }
        return (file.rowHeight ?? 52) + (marks ? (styles.map(\.metrics.labelFontSize).max() ?? 13) * 1.2 + 4 : 0)
    }

    /// How much wider the labels are than the theme's, for the file's `text-size`.
    private var labelGrowth: Double { (styles.map(\.metrics.labelWidth).max() ?? 96) - 96 }

    /// Room above each row for a value label shown always (zoom 1), so it sits over its thumb, clear of the
    /// row above; 0 when no slider shows one.
    private var labelRoom: Double {
        styles.map { style in
            let popup = style.valuePopup
            return popup.isEnabled && popup.isAlwaysShown ? popup.gap + popup.arrowHeight + popup.height - 8 : 0
        }.max() ?? 0
    }

    package init(_ file: PanelFile, clock: AnimationClock) throws(SliderDescription.Error) {
        self.file = file
        var sliders: [Slider] = [], styles: [SliderStyle] = [], images: [(id: UInt32, image: RGBAImage)] = []
        // The panel's colours under each slider's own, less the background, which is the window's.
        let shared = file.colors.map { SliderPalette(accent: $0.accent, track: $0.track, thumb: $0.thumb, text: $0.text) }
        for var description in file.sliders {
            let slider = Slider(isRange: description.thumbs == 2, name: description.id, clock: clock)
            slider.style = file.textSize.map { file.theme.style.withTextSize($0) } ?? file.theme.style
            slider.showsLabel = true
            if let shared { description.colors = (description.colors ?? SliderPalette()).merged(over: shared) }
            try slider.apply(description)
            slider.formatter.numberSymbols = file.numberSymbols
            if let ends = file.endImages[description.id] {
                let first = UInt32(images.count + 1)
                images += [(first, ends[0].image), (first + 1, ends[1].image)]
                slider.minimumValueImage = .user(id: first)
                slider.maximumValueImage = .user(id: first + 1)
            }
            sliders.append(slider)
            styles.append(slider.style)
        }
        self.sliders = sliders
        self.styles = styles
        self.images = images
    }

    /// The zoom the panel is drawn at in `size`: the file's, or (automatic) as large as fits, in quarter steps
    /// from 1 to 3, as the demo's panel zooms for a kiosk.
    package func zoom(toFill size: Size) -> Double {
        if let zoom = file.zoom { return zoom }
        guard size.width.isFinite, size.height.isFinite else { return 1 }
        let fit = Swift.min(size.width / self.size.width, size.height / self.size.height)
        return Swift.min(Swift.max((fit * 4).rounded(.down) / 4, 1), 3)
    }

    /// Lays the sliders out in `size` points, zoomed (`zoom(toFill:)`): rows span the width beside the columns and
    /// spread over the height up to one and a half times their pitch; the panel is centred in what is left.
    package func layout(in size: Size) {
        let zoom = zoom(toFill: size)
        for (slider, style) in zip(sliders, styles) { slider.style = (try? style.scaled(by: zoom)) ?? style }
        let rows = sliders.filter { $0.orientation == .horizontal }, columns = sliders.filter { $0.orientation == .vertical }
        let own = Size(width: self.size.width * zoom, height: self.size.height * zoom)
        let width = Swift.max(size.width, own.width), height = Swift.max(size.height, own.height)
        let margin = 24 * zoom, top = (16 + labelRoom) * zoom, columnPitch = 72 * zoom
        // A row's slider is its row less 8 points (44 at least: a finger's target); marks' texts go below it.
        let sliderHeight = Swift.max(44, (file.rowHeight ?? 52) - 8) * zoom, ownPitch = (rowHeight + labelRoom) * zoom
        let gaps = Double(Swift.max(rows.count - 1, 1))
        let pitch = ownPitch + Swift.min((height - own.height) / gaps, ownPitch / 2)
        let rowsHeight = top + 16 * zoom + pitch * Double(rows.count - 1) + sliderHeight
        let y = ((height - rowsHeight) / 2).rounded(.down)
        let columnsWidth = columnPitch * Double(columns.count)
        let rowWidth = Swift.min(width - 2 * margin - columnsWidth, (720 + labelGrowth) * zoom)
        let x = ((width - rowWidth - columnsWidth - 2 * margin) / 2).rounded(.down)
        for (row, slider) in rows.enumerated() {
            slider.frame = Rect(x: x + margin, y: y + top + Double(row) * pitch, width: rowWidth, height: sliderHeight)
        }
        for (column, slider) in columns.enumerated() {
            slider.frame = Rect(x: x + margin + rowWidth + columnPitch * Double(column) + (columnPitch - sliderHeight) / 2, y: top,
                                width: sliderHeight, height: height - 2 * top)
        }
    }
}
