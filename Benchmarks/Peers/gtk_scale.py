#!/usr/bin/env python3
"""GTK 4's GtkScale in an 800 x 200 window, its value moved every frame (a tick callback) for SECONDS, then
left alone for SECONDS. Prints the same markers as peer-slider for Peers/compare.py.

    gtk_scale.py SECONDS [--undecorated] [--fullscreen]

Decorated (GTK's default on weston: client-side decorations with their shadow) unless --undecorated."""
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
undecorated = "--undecorated" in sys.argv
fullscreen = "--fullscreen" in sys.argv
state = {"frames": 0, "step": 0, "start": None, "first": False}


def tick(widget, clock):
    now = clock.get_frame_time() / 1e6
    if not state["first"]:
        state["first"] = True
        print("first-frame", flush=True)
        print("moving-start", flush=True)
        state["start"] = now
    if now - state["start"] >= seconds:
        print(f"moving-end frames={state['frames']}", flush=True)
        GLib.timeout_add(int(seconds * 1000), lambda: (print("idle-end", flush=True), loop.quit()))
        return GLib.SOURCE_REMOVE
    state["step"] += 1
    t = (state["step"] % 200) / 100
    scale.set_value(t if t <= 1 else 2 - t)
    state["frames"] += 1
    return GLib.SOURCE_CONTINUE


# A plain window and main loop, not Gtk.Application: that wants a D-Bus session bus, which a headless
# benchmark machine has not.
Gtk.init()
window = Gtk.Window(title="gtk-scale")
window.set_default_size(800, 200)
window.set_decorated(not undecorated)
if fullscreen:
    window.fullscreen()
scale = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0, 1, 0.01)
scale.set_draw_value(False)
scale.set_margin_start(20)
scale.set_margin_end(20)
scale.set_valign(Gtk.Align.CENTER)
window.set_child(scale)
scale.add_tick_callback(tick)
window.present()
loop = GLib.MainLoop()
loop.run()
