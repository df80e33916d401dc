// The one import an application needs: the slider control and its styles (SliderCore), and windows that
// show sliders on a Wayland compositor (SliderWayland).
@_exported import SliderCore
@_exported import SliderScripts
@_exported import SliderWayland
@_exported import struct SliderRenderer.RGBAImage
