import CWaylandSliderAPI
import SliderCore
import SliderRenderer
import SliderWayland
import WaylandSlider

// End images: ws_slider_* for what is drawn at each end of the track (a built-in symbol or a registered
// image), and ws_subsurface_ / ws_canvas_register_image_* for the images.

@_cdecl("ws_slider_set_end_symbol")
public func ws_slider_set_end_symbol(_ slider: OpaquePointer!, _ end: ws_track_end, _ symbol: ws_symbol) -> ws_status {
    withSlider(slider) { s in
        let named: SliderSymbol
        switch symbol {
        case WS_SYMBOL_SPEAKER_QUIET: named = .speakerQuiet
        case WS_SYMBOL_SPEAKER_LOUD: named = .speakerLoud
        case WS_SYMBOL_SUN_SMALL: named = .sunSmall
        case WS_SYMBOL_SUN_LARGE: named = .sunLarge
        case WS_SYMBOL_MINUS: named = .minus
        case WS_SYMBOL_PLUS: named = .plus
        default: throw CallError.invalid("no symbol \(symbol.rawValue)")
        }
        try setEndImage(s, end, .symbol(named))
    }
}

@_cdecl("ws_slider_set_end_image")
public func ws_slider_set_end_image(_ slider: OpaquePointer!, _ end: ws_track_end, _ imageID: UInt32) -> ws_status {
    withSlider(slider) { s in try setEndImage(s, end, .user(id: imageID)) }
}

@_cdecl("ws_slider_remove_end_image")
public func ws_slider_remove_end_image(_ slider: OpaquePointer!, _ end: ws_track_end) -> ws_status {
    withSlider(slider) { s in try setEndImage(s, end, nil) }
}

private func setEndImage(_ slider: Slider, _ end: ws_track_end, _ image: SliderImage?) throws(CallError) {
    switch end {
    case WS_END_MINIMUM: slider.minimumValueImage = image
    case WS_END_MAXIMUM: slider.maximumValueImage = image
    default: throw CallError.invalid("no track end \(end.rawValue)")
    }
}

/// A PNG file as an image (its reader's error says why not).
private func image(contentsOfPNG path: UnsafePointer<CChar>?) throws -> RGBAImage {
    guard let path else { throw CallError.invalid("path is NULL") }
    return try RGBAImage(contentsOfPNG: String(cString: path), maximumSide: RGBAImage.maximumRegisteredSide)
}

/// Straight-alpha RGBA rows as a premultiplied image.
private func image(width: Int32, height: Int32, stride: Int32, pixels: UnsafePointer<UInt8>?) throws(CallError) -> RGBAImage {
    guard (1...Int32(RGBAImage.maximumRegisteredSide)).contains(width), (1...Int32(RGBAImage.maximumRegisteredSide)).contains(height) else {
        throw CallError.invalid("\(width) x \(height) px: sides must be 1 to \(RGBAImage.maximumRegisteredSide)")
    }
    guard stride >= width * 4 else { throw CallError.invalid("stride \(stride) is shorter than a row (\(width * 4))") }
    guard let pixels else { throw CallError.invalid("pixels is NULL") }
    var premultiplied = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    for y in 0..<Int(height) {
        let row = pixels + y * Int(stride)
        for x in 0..<Int(width) {
            let i = (y * Int(width) + x) * 4, alpha = UInt32(row[x * 4 + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(row[x * 4 + c]) * alpha + 127) / 255) }
            premultiplied[i + 3] = UInt8(alpha)
        }
    }
    return RGBAImage(width: Int(width), height: Int(height), pixels: premultiplied)!
}

/// Registers the image `make` makes in the container of `pointer` (a subsurface or canvas handle), for the C
/// function `function`.
private func register<Contents, Container: ContainerHandle<Contents>>(_ pointer: OpaquePointer?, as type: Container.Type, id: UInt32,
                                                  _ function: String = #function, _ make: () throws -> RGBAImage) -> ws_status {
    withContainer(pointer, as: type, function) { container in try container.contents.registerImage(try make(), id: id) }
}

@_cdecl("ws_subsurface_register_image_png")
public func ws_subsurface_register_image_png(_ subsurface: OpaquePointer!, _ id: UInt32, _ path: UnsafePointer<CChar>!) -> ws_status {
    register(subsurface, as: SubsurfaceHandle.self, id: id) { try image(contentsOfPNG: path) }
}

@_cdecl("ws_subsurface_register_image_rgba")
public func ws_subsurface_register_image_rgba(_ subsurface: OpaquePointer!, _ id: UInt32, _ width: Int32, _ height: Int32, _ stride: Int32,
                                              _ pixels: UnsafePointer<UInt8>!) -> ws_status {
    register(subsurface, as: SubsurfaceHandle.self, id: id) { try image(width: width, height: height, stride: stride, pixels: pixels) }
}

@_cdecl("ws_canvas_register_image_png")
public func ws_canvas_register_image_png(_ canvas: OpaquePointer!, _ id: UInt32, _ path: UnsafePointer<CChar>!) -> ws_status {
    register(canvas, as: CanvasHandle.self, id: id) { try image(contentsOfPNG: path) }
}

@_cdecl("ws_canvas_register_image_rgba")
public func ws_canvas_register_image_rgba(_ canvas: OpaquePointer!, _ id: UInt32, _ width: Int32, _ height: Int32, _ stride: Int32,
                                          _ pixels: UnsafePointer<UInt8>!) -> ws_status {
    register(canvas, as: CanvasHandle.self, id: id) { try image(width: width, height: height, stride: stride, pixels: pixels) }
}
