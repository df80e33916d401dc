import WaylandSlider

// A volume on PipeWire's cubic scale, a bass frequency on a logarithmic one with its value always shown,
// and a temperature in half degrees with ticks, whose arrow keys move whole degrees.
let volume = try Slider(value: 0.4, in: 0...1, name: "volume")
try volume.setValueScale(.power(3))
volume.minimumValueImage = .symbol(.speakerQuiet)
volume.maximumValueImage = .symbol(.speakerLoud)

let bass = try Slider(value: 120, in: 20...20_000, name: "bass")
try bass.setValueScale(.logarithmic)
bass.style.valuePopup.isEnabled = true
bass.style.valuePopup.isAlwaysShown = true
bass.formatter.custom = { ValueFormatter.format($0, places: 0) + " Hz" }

let temperature = try Slider(value: 21, in: 16...28, step: 0.5, name: "temperature")
temperature.style.tickVisibility = .always
try temperature.setKeyboardStep(1)

let sliders = [volume, bass, temperature]
for (row, slider) in sliders.enumerated() {
    slider.frame = Rect(x: 20, y: 44 + Double(row) * 64, width: 360, height: 44)
    slider.onValueChanged = { [name = slider.name] value in print(name, value) }
    slider.onStep = { _ in }   // a detent crossed: play a click or a haptic here
}

let window = try SliderWindow(WindowConfiguration(title: "Sliders", size: Size(width: 400, height: 240)), sliders: sliders)
try window.run()   // until the compositor closes the window
