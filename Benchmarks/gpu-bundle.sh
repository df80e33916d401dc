#!/usr/bin/env bash
# Packs `render-frames` for a GPU machine that has no Swift toolchain and maybe an older or other Linux:
# a release build with the Swift runtime linked in, the libraries it loads and the dynamic loader of this
# machine (so the machine's glibc does not matter), and the two DejaVu fonts the features frames draw with.
# EGL and GLES come from the GPU machine's libglvnd, which loads its vendor's driver.
#   bash Benchmarks/gpu-bundle.sh OUT.tgz
# On the GPU machine:
#   tar xzf OUT.tgz -C /tmp && bash /tmp/render-frames-bundle/run.sh --gpu-timer 500 1
set -euo pipefail
out="$(realpath -m "${1:?usage: gpu-bundle.sh OUT.tgz}")"
cd "$(dirname "${BASH_SOURCE[0]}")"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
swift build -c release --product render-frames --static-swift-stdlib --scratch-path "$scratch/build" -q
bundle="$scratch/render-frames-bundle"
mkdir -p "$bundle/lib" "$bundle/fonts"
strip -o "$bundle/render-frames" "$scratch/build/release/render-frames"
# Every library it loads but the GL dispatch ones, which must be the GPU machine's own.
ldd "$bundle/render-frames" | awk '/=> \// { print $3 }' | grep -Ev '/lib(EGL|GLESv2|GLdispatch)\.so' | xargs -I{} cp -L {} "$bundle/lib/"
cp -L /lib64/ld-linux-x86-64.so.2 "$bundle/lib/"
source bundle-fonts.sh
bundle_fonts "$bundle" /tmp/render-frames-fontconfig
cat >"$bundle/run.sh" <<'EOF'
#!/usr/bin/env bash
# render-frames ARGS... with the bundle's loader and libraries, and the machine's EGL, GLES and GPU driver.
here="$(dirname "$(realpath "${BASH_SOURCE[0]}")")"
driver="$(dirname "$(ldconfig -p | awk '/libEGL_nvidia\.so\.0/ { print $NF; exit }')")"
export FONTCONFIG_FILE="$here/fonts.conf" XDG_CACHE_HOME="${XDG_CACHE_HOME:-/tmp/render-frames-cache}"
exec "$here/lib/ld-linux-x86-64.so.2" --library-path "$here/lib:/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu:$driver" \
    "$here/render-frames" "$@"
EOF
chmod +x "$bundle/run.sh"
tar czf "$out" -C "$scratch" render-frames-bundle
echo "$out: $(du -h "$out" | cut -f1)"
