/// Images drawn instead of the round thumb, per control state (UISlider's `setThumbImage(_:for:)`). A state
/// without its own image uses `normal`'s; with no image at all the thumb is the style's circle.
public struct ThumbImages: Equatable, Sendable {
    public var normal: SliderImage?
    public var highlighted: SliderImage?
    public var focused: SliderImage?
    public var disabled: SliderImage?

    public init(normal: SliderImage? = nil, highlighted: SliderImage? = nil, focused: SliderImage? = nil, disabled: SliderImage? = nil) {
        self.normal = normal
        self.highlighted = highlighted
        self.focused = focused
        self.disabled = disabled
    }

    /// The image for `state`, falling back to `normal`.
    public func image(for state: ControlState) -> SliderImage? {
        switch state {
        case .normal: normal
        case .highlighted: highlighted ?? normal
        case .focused: focused ?? normal
        case .disabled: disabled ?? normal
        }
    }
}
