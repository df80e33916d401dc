#!/usr/bin/env bash
# Packs what the EGL window path needs on a GPU machine that has no Swift, no weston and no Wayland: Debian
# 13's weston 14 (headless backend, GL renderer, desktop and kiosk shells, weston-presentation-shm and
# weston-simple-egl), `slider-demo` and the input module built with the Swift runtime linked in, every
# library they load with Debian 13's dynamic loader (so the machine's glibc does not matter), egl-wayland
# (NVIDIA's Wayland platform for EGL clients), eglinfo, the xkb data and two DejaVu fonts. EGL and GLES
# dispatch are libglvnd's, which loads the machine's vendor driver. Run in the Debian 13 root:
#   bash Scripts/debian-root.sh trixie bash Benchmarks/gpu-weston-bundle.sh .build-gpu/weston-bundle.tar.xz
# On the GPU machine (as root; it puts wrappers at /usr/bin/weston and /usr/libexec/weston-desktop-shell,
# where slider-demo's private weston is looked for, and weston's modules where weston 14 looks for them):
#   tar xJf weston-bundle.tar.xz -C /opt && /opt/weston-bundle/install.sh
#   /opt/weston-bundle/run.sh slider-demo bench --compositor weston --weston-renderer gl --input pointer
# Benchmarks/gpu-latency.sh does both and runs the latency table's weston rows there.
set -euo pipefail
out="$(realpath -m "${1:?usage: gpu-weston-bundle.sh OUT.tar.xz}")"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ "$(weston --version 2>&1)" == "weston 14."* ]] || { echo "gpu-weston-bundle: run it in the Debian 13 root (weston 14), not beside $(weston --version 2>&1)" >&2; exit 1; }
source Scripts/env.sh
scratch_build=.build-gpu/build
swift build -c release --product slider-demo --static-swift-stdlib --scratch-path "$scratch_build" -q
swift build -c release --product slider-weston-input --scratch-path "$scratch_build" -q
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bundle="$work/weston-bundle"
multiarch=/usr/lib/x86_64-linux-gnu
mkdir -p "$bundle"/{bin,lib,libweston-14,weston,fonts,egl} "$work/debs"

(cd "$work/debs" && apt-get -o APT::Sandbox::User=root download -q libnvidia-egl-wayland1 mesa-utils-bin && for deb in *.deb; do dpkg-deb -x "$deb" .; done)
strip -o "$bundle/bin/slider-demo" "$scratch_build/release/slider-demo"
cp "$scratch_build/release/slider-weston-input" "$bundle/bin/"
cp /usr/bin/weston /usr/bin/weston-presentation-shm /usr/bin/weston-simple-egl /usr/libexec/weston-desktop-shell "$bundle/bin/"
cp "$work/debs/usr/bin/eglinfo.x86_64-linux-gnu" "$bundle/bin/eglinfo"
cp "$multiarch"/libweston-14/{headless-backend,gl-renderer}.so "$bundle/libweston-14/"
cp "$multiarch"/weston/{desktop-shell,kiosk-shell}.so "$bundle/weston/"
cp -L "$work/debs/$multiarch"/libnvidia-egl-wayland.so.1 "$bundle/lib/"
# Every library any of them loads, the loader included, from this root.
for file in "$bundle"/bin/* "$bundle"/libweston-14/* "$bundle"/weston/* "$bundle"/lib/*; do
    LD_LIBRARY_PATH="$multiarch/weston" ldd "$file" | awk '/=> \// { print $3 } /^\t\/.*ld-linux/ { print $1 }'
done | sort -u | xargs -I{} cp -Ln {} "$bundle/lib/"
cp -r /usr/share/X11/xkb "$bundle/xkb"
source Benchmarks/bundle-fonts.sh
bundle_fonts "$bundle" /tmp/weston-bundle-fontconfig

cat >"$bundle/env.sh" <<'EOF'
# Sourced by install.sh and run.sh: where the bundle is, the GPU driver's folder, and what the bundle's
# programs need to find it (libglvnd's vendor file, egl-wayland as NVIDIA's Wayland platform, GBM's backend).
bundle="$(dirname "$(realpath "${BASH_SOURCE[0]}")")"
# Without NVIDIA's driver (trying the bundle out elsewhere) libglvnd loads the machine's own vendor.
driver="$(ldconfig -p | awk '/libEGL_nvidia\.so\.0/ { print $NF; exit }')"
[[ -n "$driver" ]] || driver="$(ls /usr/local/nvidia/lib*/libEGL_nvidia.so.0 2>/dev/null | head -1 || true)"
export FONTCONFIG_FILE="$bundle/fonts.conf" XKB_CONFIG_ROOT="$bundle/xkb" XDG_CACHE_HOME="${XDG_CACHE_HOME:-/tmp/weston-bundle-cache}"
export WAYLAND_SLIDER_WESTON_MODULE="$bundle/bin/slider-weston-input"
library_path="$bundle/lib"
if [[ -n "$driver" ]]; then
    driver="$(dirname "$driver")"
    export __EGL_VENDOR_LIBRARY_FILENAMES="$bundle/egl/10_nvidia.json" __EGL_EXTERNAL_PLATFORM_CONFIG_DIRS="$bundle/egl/platforms"
    export GBM_BACKENDS_PATH="$bundle/egl/gbm"
    library_path="$bundle/lib:$driver"
fi
EOF
cat >"$bundle/run.sh" <<'EOF'
#!/usr/bin/env bash
# run.sh PROGRAM ARGS...: a program of the bundle's bin/ with the bundle's loader and libraries.
source "$(dirname "$(realpath "${BASH_SOURCE[0]}")")/env.sh"
program="$1"
shift
exec "$bundle/lib/ld-linux-x86-64.so.2" --library-path "$library_path" --argv0 "$program" "$bundle/bin/$program" "$@"
EOF
cat >"$bundle/install.sh" <<'EOF'
#!/usr/bin/env bash
# Wrappers where slider-demo and weston look for weston and its shell client, weston's modules where weston
# 14 loads them from, and the EGL vendor and platform files for the machine's NVIDIA driver (its own
# egl-wayland when the driver has one, else Debian 13's).
set -euo pipefail
source "$(dirname "$(realpath "${BASH_SOURCE[0]}")")/env.sh"
for program in /usr/bin/weston /usr/bin/weston-presentation-shm /usr/bin/weston-simple-egl /usr/libexec/weston-desktop-shell; do
    printf '#!/bin/sh\nexec %s/run.sh %s "$@"\n' "$bundle" "$(basename "$program")" >"$program"
    chmod +x "$program"
done
mkdir -p /usr/lib/x86_64-linux-gnu/libweston-14 /usr/lib/x86_64-linux-gnu/weston
cp "$bundle"/libweston-14/*.so /usr/lib/x86_64-linux-gnu/libweston-14/
cp "$bundle"/weston/*.so /usr/lib/x86_64-linux-gnu/weston/
[[ -n "$driver" ]] || { echo "install.sh: no NVIDIA driver (no libEGL_nvidia.so.0): libglvnd loads this machine's vendor"; exit 0; }
mkdir -p "$bundle/egl/platforms" "$bundle/egl/gbm"
echo '{"file_format_version": "1.0.0", "ICD": {"library_path": "libEGL_nvidia.so.0"}}' >"$bundle/egl/10_nvidia.json"
wayland_platform="$(ls "$driver"/libnvidia-egl-wayland.so.1 2>/dev/null || echo "$bundle/lib/libnvidia-egl-wayland.so.1")"
echo "{\"file_format_version\": \"1.0.0\", \"ICD\": {\"library_path\": \"$wayland_platform\"}}" >"$bundle/egl/platforms/10_nvidia_wayland.json"
allocator="$(ls "$driver"/libnvidia-allocator.so.1 2>/dev/null || true)"
[[ -z "$allocator" ]] || ln -sf "$allocator" "$bundle/egl/gbm/nvidia-drm_gbm.so"
echo "install.sh: driver $driver; EGL Wayland platform $wayland_platform; GBM backend ${allocator:-none}"
EOF
chmod +x "$bundle"/*.sh
tar cJf "$out" -C "$work" weston-bundle
echo "$out: $(du -h "$out" | cut -f1) ($(du -sh "$bundle" | cut -f1) unpacked)"
