#!/usr/bin/env python3
"""The public-API check: no C type in a public signature of the library modules.

Extracts the public symbol graphs (`swift package dump-symbol-graph --minimum-access-level public`), counts
each module's public declarations, and fails (exit 1) when a public declaration of WaylandSlider,
SliderWayland, SliderRenderer, SliderAccessibility or SliderScripts mentions a C pointer or handle type
(OpaquePointer, Unsafe*Pointer, wl_*/xdg_*/EGL*/GL*/sd_bus* types, clockid_t), except the declarations in
RAW_HANDLES: the one place a host program's own Wayland objects come in, as untyped pointers. Run by
Scripts/test.sh; `--counts-only` prints the counts and checks nothing.
"""
import glob
import json
import os
import re
import subprocess
import sys

CHECKED = ["WaylandSlider", "SliderWayland", "SliderRenderer", "SliderAccessibility", "SliderScripts"]
REPORTED = CHECKED + ["SliderCore", "HeadlessWeston", "FrameTiming"]
# Where raw handles may cross the public API, and why: embedding takes the host's `struct wl_display *` and
# parent `struct wl_surface *` (documented on the initializer), which no Swift type of ours can stand for.
RAW_HANDLES = {("WaylandSlider", "SliderSubsurface init(display:parent:frame:scale:sliders:background:presentation:renderer:)")}
C_TYPE = re.compile(r"\b(OpaquePointer|Unsafe\w*Pointer|wl_\w+|xdg_\w+|zxdg_\w+|wp_\w+|EGL\w+|GL(enum|uint|int|sizei|float|boolean)|sd_bus\w*|clockid_t)\b")

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Old graphs are removed first, so every graph read below was written by this run.
for stale in glob.glob(os.path.join(root, ".build", "*", "symbolgraph", "*.symbols.json")):
    os.remove(stale)
# The command also tries the test modules and exits non-zero when the tests are not built yet (a fresh
# clone); the library modules' graphs are written either way, and a missing one fails below.
out = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], cwd=root,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
files = glob.glob(os.path.join(root, ".build", "*", "symbolgraph", "*.symbols.json"))

failures = []
total = 0
for module in REPORTED:
    path = next((f for f in files if os.path.basename(f) == module + ".symbols.json"), None)
    if path is None:
        sys.exit(f"check-public-api: no symbol graph was written for {module}:\n" + out.stdout[-4000:])
    symbols = [s for s in json.load(open(path))["symbols"] if s.get("accessLevel") in ("public", "open")]
    total += len(symbols)
    print(f"check-public-api: {module}: {len(symbols)} public declarations")
    if module not in CHECKED:
        continue
    for symbol in symbols:
        declaration = "".join(f.get("spelling", "") for f in symbol.get("declarationFragments", []))
        if C_TYPE.search(declaration) and (module, " ".join(symbol["pathComponents"])) not in RAW_HANDLES:
            failures.append(f"{module}: {' '.join(symbol['pathComponents'])}: {declaration}")
print(f"check-public-api: {total} public declarations in {len(REPORTED)} modules")
if "--counts-only" not in sys.argv and failures:
    print("check-public-api: C types in public signatures:\n  " + "\n  ".join(failures), file=sys.stderr)
    sys.exit(1)
print("check-public-api: no C type in the public API of " + ", ".join(CHECKED))
