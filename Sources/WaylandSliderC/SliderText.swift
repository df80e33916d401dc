import CWaylandSliderAPI
import Glibc
import SliderCore

// ws_slider_* for the slider's text: the formatter (what the value popup shows and a screen reader speaks),
// the value as text, the accessibility hint.

/// A C formatter as the slider's `ValueFormatter.custom`. Unchecked Sendable: a slider and its callbacks
/// belong to the thread that made them (the header's threading rule), so the formatter only runs there.
private struct CFormatter: @unchecked Sendable {
    let callback: ws_format_callback
    let userData: UnsafeMutableRawPointer?
    unowned let handle: SliderHandle

    /// The most bytes a formatted value may take.
    static let limit = 4096

    /// Asks the callback with room for 128 bytes, and again with room for the whole text when it was longer.
    func text(for value: Double) -> String {
        var size = 128
        while true {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            buffer.initialize(repeating: 0, count: size)
            // size_t arrives as Int: a length past Int.max (a buggy callback) reads as negative.
            let reported = callback(handle.pointer, value, buffer, size, userData)
            let length = reported < 0 ? CFormatter.limit : reported
            if length >= size && size < CFormatter.limit {
                size = min(length, CFormatter.limit - 1) + 1
                continue
            }
            let written = strnlen(buffer, size - 1)
            return String(decoding: UnsafeRawBufferPointer(start: buffer, count: min(written, length)), as: UTF8.self)
        }
    }
}

@_cdecl("ws_slider_set_formatter")
public func ws_slider_set_formatter(_ slider: OpaquePointer!, _ formatter: ws_format_callback!, _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withSliderHandle(slider) { handle in
        if let formatter {
            let c = CFormatter(callback: formatter, userData: userData, handle: handle)
            handle.slider.formatter.custom = { c.text(for: $0) }
        } else {
            handle.slider.formatter.custom = nil
        }
        handle.slider.setNeedsDisplay()
    }
}

@_cdecl("ws_slider_get_value_text")
public func ws_slider_get_value_text(_ slider: OpaquePointer!, _ thumb: Int32, _ buffer: UnsafeMutablePointer<CChar>!, _ size: Int,
                                     _ length: UnsafeMutablePointer<Int>!) -> ws_status {
    withSlider(slider) { s in
        try refuseMissingThumb(thumb, of: s)
        guard buffer != nil || size == 0 else { throw CallError.invalid("buffer is NULL with size \(size)") }
        let text = Array(s.accessibilityValue(ofThumb: Int(thumb)).utf8)
        length?.pointee = text.count
        guard let buffer, size > 0 else { return }
        // Cut before a continuation byte, so the copy ends on a whole character.
        var count = min(text.count, size - 1)
        while count > 0, count < text.count, text[count] & 0xC0 == 0x80 { count -= 1 }
        text.withUnsafeBufferPointer { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
        }
        buffer[count] = 0
    }
}

@_cdecl("ws_slider_set_accessibility_hint")
public func ws_slider_set_accessibility_hint(_ slider: OpaquePointer!, _ hint: UnsafePointer<CChar>!) -> ws_status {
    withSlider(slider) { s in
        let text = hint.map { String(cString: $0) } ?? ""  // invalid UTF-8 is repaired with U+FFFD
        s.accessibilityHint = text.isEmpty ? nil : text
    }
}
