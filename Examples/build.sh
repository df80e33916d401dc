#!/usr/bin/env bash
# Builds the C example hosts against the staged C library, as a user would:
#   bash Scripts/c-library.sh && PKG_CONFIG_PATH=.build/c-library/lib/pkgconfig bash Examples/build.sh OUT
# or against an installed one (Scripts/install.sh; PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR for a DESTDIR).
# Generates the xdg-shell glue with wayland-scanner into OUT, then compiles subsurface-host and gl-host there
# with the header's one pkg-config line (waylandslider's Requires bring wayland-client, wayland-egl, EGL, GLESv2).
# Extra compiler flags come from EXAMPLE_CFLAGS (the lifetime tests build a copy with -fsanitize=leak); the
# compiler from CC (default cc; the aarch64 tier cross-compiles with clang --target=aarch64-linux-gnu).
set -euo pipefail
out="${1:?usage: build.sh OUTPUT_DIRECTORY}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$out"
# The protocol's XML is read on this machine, where wayland-scanner runs: never from a PKG_CONFIG_SYSROOT_DIR
# (which is how a program is built against an installation staged under a DESTDIR; see Scripts/install.sh).
xml="$(PKG_CONFIG_SYSROOT_DIR="" pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml"
wayland-scanner client-header "$xml" "$out/xdg-shell-client-protocol.h"
wayland-scanner private-code "$xml" "$out/xdg-shell-protocol.c"
flags=(-std=c11 -Wall -Wextra -Wno-unused-parameter -Werror -O2 -I"$here" -I"$out")
# shellcheck disable=SC2206
flags+=(${EXAMPLE_CFLAGS:-})
common=("$here/common/host-window.c" "$here/common/slider-events.c" "$here/common/process-resources.c" "$out/xdg-shell-protocol.c")
for program in subsurface-host gl-host; do
    # shellcheck disable=SC2046
    ${CC:-cc} "${flags[@]}" "$here/$program.c" "${common[@]}" -o "$out/$program" \
        $(pkg-config --cflags --libs waylandslider)
done
