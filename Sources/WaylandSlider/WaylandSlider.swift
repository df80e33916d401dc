// The one import an application needs: the slider control and its styles (SliderCore), input scripts to
// replay (SliderScripts), windows that show sliders on a Wayland compositor (SliderWayland), and the image
// and error types of the renderer that embedding and registered images use.
@_exported import SliderCore
@_exported import SliderScripts
@_exported import SliderWayland
@_exported import struct SliderRenderer.RGBAImage
@_exported import enum SliderRenderer.RendererError
@_exported import enum SliderRenderer.RendererKind
