import SliderCore

/// `--theme`: a style preset and the background it is drawn on.
package enum Theme: String, CaseIterable {
    case iosLight = "ios-light", iosDark = "ios-dark", materialLight = "material-light", materialDark = "material-dark"

    package var style: SliderStyle {
        switch self {
        case .iosLight: .iOS(.light)
        case .iosDark: .iOS(.dark)
        case .materialLight: .material(.light)
        case .materialDark: .material(.dark)
        }
    }

    package var background: Color {
        switch self {
        case .iosLight: Color(hex: 0xF2F2F7)
        case .iosDark: .black
        case .materialLight: .white
        case .materialDark: Color(hex: 0x121212)
        }
    }
}
