import CWaylandSliderAPI
import SliderCore
import SliderRenderer
import SliderWayland
import WaylandSlider

// End images: ws_slider_* for what is drawn at each end of the track (a built-in symbol or a registered
// image), and ws_subsurface_ / ws_canvas_register_image_* for the images.

@_cdecl("ws_slider_set_end_symbol")
public func ws_slider_set_end_symbol(_ slider: OpaquePointer!, _ end: ws_track_end, _ symbol: ws_symbol) -> ws_status {
    withSlider(slider, "ws_slider_set_end_symbol") { s in
        let named: SliderSymbol
        switch symbol {
        case WS_SYMBOL_SPEAKER_QUIET: named = .speakerQuiet
        case WS_SYMBOL_SPEAKER_LOUD: named = .speakerLoud
        case WS_SYMBOL_SUN_SMALL: named = .sunSmall
        case WS_SYMBOL_SUN_LARGE: named = .sunLarge
        case WS_SYMBOL_MINUS: named = .minus
        case WS_SYMBOL_PLUS: named = .plus
        default: return LastError.invalid("ws_slider_set_end_symbol", "no symbol \(symbol.rawValue)")
        }
        return setEndImage(s, end, .symbol(named), "ws_slider_set_end_symbol")
    }
}

@_cdecl("ws_slider_set_end_image")
public func ws_slider_set_end_image(_ slider: OpaquePointer!, _ end: ws_track_end, _ imageID: UInt32) -> ws_status {
    withSlider(slider, "ws_slider_set_end_image") { s in setEndImage(s, end, .user(id: imageID), "ws_slider_set_end_image") }
}

@_cdecl("ws_slider_remove_end_image")
public func ws_slider_remove_end_image(_ slider: OpaquePointer!, _ end: ws_track_end) -> ws_status {
    withSlider(slider, "ws_slider_remove_end_image") { s in setEndImage(s, end, nil, "ws_slider_remove_end_image") }
}

private func setEndImage(_ slider: Slider, _ end: ws_track_end, _ image: SliderImage?, _ function: String) -> ws_status {
    switch end {
    case WS_END_MINIMUM: slider.minimumValueImage = image
    case WS_END_MAXIMUM: slider.maximumValueImage = image
    default: return LastError.invalid(function, "no track end \(end.rawValue)")
    }
    return WS_OK
}

/// A PNG file as an image, or the status and message of why not.
private func image(contentsOfPNG path: UnsafePointer<CChar>?, _ function: String) -> Result<RGBAImage, StatusError> {
    guard let path else { return .failure(StatusError(LastError.invalid(function, "path is NULL"))) }
    do {
        return .success(try RGBAImage(contentsOfPNG: String(cString: path), maximumSide: RGBAImage.maximumRegisteredSide))
    } catch {
        return .failure(StatusError(LastError.invalid(function, "\(error)")))
    }
}

/// Straight-alpha RGBA rows as a premultiplied image, or the status and message of why not.
private func image(width: Int32, height: Int32, stride: Int32, pixels: UnsafePointer<UInt8>?, _ function: String) -> Result<RGBAImage, StatusError> {
    guard (1...Int32(RGBAImage.maximumRegisteredSide)).contains(width), (1...Int32(RGBAImage.maximumRegisteredSide)).contains(height) else {
        return .failure(StatusError(LastError.invalid(function, "\(width) x \(height) px: sides must be 1 to \(RGBAImage.maximumRegisteredSide)")))
    }
    guard stride >= width * 4 else { return .failure(StatusError(LastError.invalid(function, "stride \(stride) is shorter than a row (\(width * 4))"))) }
    guard let pixels else { return .failure(StatusError(LastError.invalid(function, "pixels is NULL"))) }
    var premultiplied = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    for y in 0..<Int(height) {
        let row = pixels + y * Int(stride)
        for x in 0..<Int(width) {
            let i = (y * Int(width) + x) * 4, alpha = UInt32(row[x * 4 + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(row[x * 4 + c]) * alpha + 127) / 255) }
            premultiplied[i + 3] = UInt8(alpha)
        }
    }
    return .success(RGBAImage(width: Int(width), height: Int(height), pixels: premultiplied)!)
}

/// A status already recorded as the last error.
private struct StatusError: Error {
    let status: ws_status
    init(_ status: ws_status) { self.status = status }
}

/// The image `made`, registered in `container`; or the status of why it could not be made.
private func register(_ made: Result<RGBAImage, StatusError>, id: UInt32, in container: SliderContainer, _ function: String) -> ws_status {
    switch made {
    case .failure(let failure): failure.status
    case .success(let image): container.register(image, id: id, function)
    }
}

@_cdecl("ws_subsurface_register_image_png")
public func ws_subsurface_register_image_png(_ subsurface: OpaquePointer!, _ id: UInt32, _ path: UnsafePointer<CChar>!) -> ws_status {
    let function = "ws_subsurface_register_image_png"
    guard let handle = SubsurfaceHandle.from(subsurface) else { return LastError.invalid(function, "subsurface is NULL") }
    return register(image(contentsOfPNG: path, function), id: id, in: handle, function)
}

@_cdecl("ws_subsurface_register_image_rgba")
public func ws_subsurface_register_image_rgba(_ subsurface: OpaquePointer!, _ id: UInt32, _ width: Int32, _ height: Int32, _ stride: Int32,
                                              _ pixels: UnsafePointer<UInt8>!) -> ws_status {
    let function = "ws_subsurface_register_image_rgba"
    guard let handle = SubsurfaceHandle.from(subsurface) else { return LastError.invalid(function, "subsurface is NULL") }
    return register(image(width: width, height: height, stride: stride, pixels: pixels, function), id: id, in: handle, function)
}

@_cdecl("ws_canvas_register_image_png")
public func ws_canvas_register_image_png(_ canvas: OpaquePointer!, _ id: UInt32, _ path: UnsafePointer<CChar>!) -> ws_status {
    let function = "ws_canvas_register_image_png"
    guard let handle = CanvasHandle.from(canvas) else { return LastError.invalid(function, "canvas is NULL") }
    return register(image(contentsOfPNG: path, function), id: id, in: handle, function)
}

@_cdecl("ws_canvas_register_image_rgba")
public func ws_canvas_register_image_rgba(_ canvas: OpaquePointer!, _ id: UInt32, _ width: Int32, _ height: Int32, _ stride: Int32,
                                          _ pixels: UnsafePointer<UInt8>!) -> ws_status {
    let function = "ws_canvas_register_image_rgba"
    guard let handle = CanvasHandle.from(canvas) else { return LastError.invalid(function, "canvas is NULL") }
    return register(image(width: width, height: height, stride: stride, pixels: pixels, function), id: id, in: handle, function)
}
