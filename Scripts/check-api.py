#!/usr/bin/env python3
"""The public API, recorded in one file a person reads (docs/API.txt), and checked.

The compiler's public symbol graphs (`swift package dump-symbol-graph --minimum-access-level public`, which
leaves out `package` and `@_spi` declarations) give every public declaration of the modules an application
sees, with its declaration as Swift spells it. docs/API.txt lists them, one line each, module by module:

    SliderCore  Slider.setValueScale(_:)  func setValueScale(_ scale: ValueScale) throws(SliderError)

The record is the module's own declarations: the members the standard library's protocols give a type
(an OptionSet's `insert(_:)`, an Equatable's `!=`), which its symbol graph lists as synthesized, are the
standard library's, and how many of them a graph lists changes with the toolchain (Swift 6.3 lists two
`insert(_:)` for an OptionSet, Swift 6.0.3 one); the type's declaration, with its conformances, is recorded.
Swift 6.0's symbol graphs also leave `@Sendable` out of closure types, which 6.1 and later print: where the
code's graphs name no `@Sendable` at all, the record is compared without it, and the record is written
(`--update`) only by a toolchain that prints it.

The check fails (exit 1) when the working tree's API differs from the record (a change nobody meant), or
when a public declaration of WaylandSlider, SliderWayland, SliderRenderer, SliderAccessibility or
SliderScripts names a C pointer or handle type (OpaquePointer, Unsafe*Pointer, wl_*/xdg_*/EGL*/GL*/sd_bus*
types, clockid_t), except those in RAW_HANDLES: the one place a host program's own Wayland objects come in,
as untyped pointers. The modules the tests and tools share (PrivateCompositors, FrameTiming) must have no public
declaration at all. Run by Scripts/test.sh.

    python3 Scripts/check-api.py            compare with the record
    python3 Scripts/check-api.py --update   rewrite the record from the working tree
"""
import difflib
import glob
import json
import os
import re
import subprocess
import sys

# The modules of the WaylandSlider product, which an application imports (WaylandSlider re-exports the rest).
RECORDED = ["WaylandSlider", "SliderCore", "SliderScripts", "SliderWayland", "SliderRenderer", "SliderAccessibility"]
NO_C_TYPES = ["WaylandSlider", "SliderWayland", "SliderRenderer", "SliderAccessibility", "SliderScripts"]
NOTHING_PUBLIC = ["PrivateCompositors", "FrameTiming"]
# Where raw handles may cross the public API, and why: embedding takes the host's `struct wl_display *` and
# parent `struct wl_surface *` (documented on the initializer), which no Swift type of ours can stand for.
RAW_HANDLES = {("WaylandSlider", "SliderSubsurface.init(display:parent:frame:scale:sliders:background:presentation:renderer:)")}
C_TYPE = re.compile(r"\b(OpaquePointer|Unsafe\w*Pointer|wl_\w+|xdg_\w+|zxdg_\w+|wp_\w+|EGL\w+|GL(enum|uint|int|sizei|float|boolean)|sd_bus\w*|clockid_t)\b")

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
record = os.path.join(root, "docs", "API.txt")
HEADER = """# The public API of the WaylandSlider product: one line per public declaration, module by module (module,
# path, declaration). Written by `python3 Scripts/check-api.py --update`; Scripts/test.sh fails when the
# code's API differs from it. `package` and `@_spi(Internals)` declarations are the package's own, not API.
"""


def symbol_graphs():
    """The public symbol graph of every module, by module name."""
    # Old graphs are removed first, so every graph read below was written by this run.
    for stale in glob.glob(os.path.join(root, ".build", "*", "symbolgraph", "*.symbols.json")):
        os.remove(stale)
    # The command also tries the test modules and exits non-zero when the tests are not built yet (a fresh
    # clone); the library modules' graphs are written either way, and a missing one fails below.
    out = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], cwd=root,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    graphs = {}
    for module in RECORDED + NOTHING_PUBLIC:
        path = next(iter(glob.glob(os.path.join(root, ".build", "*", "symbolgraph", module + ".symbols.json"))), None)
        if path is None:
            sys.exit(f"check-api: no symbol graph was written for {module}:\n" + out.stdout[-4000:])
        graphs[module] = [s for s in json.load(open(path))["symbols"]
                          if s.get("accessLevel") in ("public", "open") and "::SYNTHESIZED::" not in s["identifier"]["precise"]]
    return graphs


def line(module, symbol):
    path = ".".join(symbol["pathComponents"])
    declaration = " ".join("".join(f.get("spelling", "") for f in symbol.get("declarationFragments", [])).split())
    return path, f"{module}  {path}  {declaration}"


def main():
    graphs = symbol_graphs()
    lines, failures = [], []
    for module in RECORDED:
        for symbol in graphs[module]:
            path, text = line(module, symbol)
            lines.append(text)
            if module in NO_C_TYPES and C_TYPE.search(text.split("  ", 2)[2]) and (module, path) not in RAW_HANDLES:
                failures.append(f"a C type in a public signature: {text}")
        print(f"check-api: {module}: {len(graphs[module])} public declarations")
    for module in NOTHING_PUBLIC:
        failures += [f"{module} is the package's own and has a public declaration: {line(module, s)[1]}" for s in graphs[module]]
    print(f"check-api: {len(lines)} public declarations in all")
    text = HEADER + "\n".join(sorted(lines)) + "\n"
    prints_sendable = "@Sendable" in text
    if "--update" in sys.argv:
        if not prints_sendable:
            sys.exit("check-api: this toolchain's symbol graphs leave @Sendable out: record the API with Swift 6.1 or later")
        with open(record, "w") as f:
            f.write(text)
        print(f"check-api: recorded in {os.path.relpath(record, root)}")
    else:
        old = open(record).read() if os.path.exists(record) else ""
        if not prints_sendable:
            print("check-api: this toolchain's symbol graphs leave @Sendable out of closure types: compared without it")
            old = old.replace("@Sendable ", "")
        if old != text:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), "docs/API.txt", "the code", lineterm="", n=0)
            failures.append("the public API differs from docs/API.txt (if the change is meant: python3 Scripts/check-api.py --update):\n"
                            + "\n".join(d for d in diff if not d.startswith("@@")))
    if failures:
        print("check-api: " + "\ncheck-api: ".join(failures), file=sys.stderr)
        sys.exit(1)
    print("check-api: the public API is as recorded, with no C type but the raw handles named")


if __name__ == "__main__":
    main()
