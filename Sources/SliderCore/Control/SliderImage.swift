/// An image at an end of the track (UISlider's `minimumValueImage` / `maximumValueImage`).
///
/// The core only reserves its rect and names it; the renderer draws built-in symbols as vector shapes and
/// looks user images up by `id`.
public enum SliderImage: Equatable, Hashable, Sendable {
    case symbol(SliderSymbol)
    /// An image the application registered with the renderer under `id`.
    case user(id: UInt32)
}

/// Built-in vector icons.
public enum SliderSymbol: UInt8, Equatable, Hashable, Sendable, CaseIterable {
    case speakerQuiet, speakerLoud, sunSmall, sunLarge, minus, plus
}
