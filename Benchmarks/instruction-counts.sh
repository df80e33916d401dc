#!/usr/bin/env bash
# Instructions per frame for each renderer's frames, counted by callgrind: GLES2 with llvmpipe on one
# thread (LP_NUM_THREADS=0), and the CPU renderer: repeatable on a shared machine where wall-clock times are not. Only the frame
# loop is counted (callgrind's --toggle-collect); each figure is (instructions for 120 frames - for 20
# frames) / 100, so the first frames (a move's initial full frame, glyphs rendered on first use) cancel out.
#   bash Benchmarks/instruction-counts.sh [SCALE] [gles|cpu]...  (both renderers by default)
# RENDER_FRAMES names a render-frames built elsewhere (Benchmarks/instruction-counts-by-architecture.sh: one
# cross-built for aarch64, counted under qemu-user); by default it is built here, release.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
scale="${1:-1}"
renderers=("${@:2}")
[[ ${#renderers[@]} -gt 0 ]] || renderers=(gles cpu)
built="${RENDER_FRAMES:-}"
if [[ -z "$built" ]]; then
    source ../Scripts/env.sh
    cd Benchmarks
    swift build -c release --product render-frames -q
    built="$(swift build -c release --show-bin-path)/render-frames"
fi
# valgrind 3.19 gives up on the debug information Swift 6.3 writes ("Possibly corrupted debuginfo file"): it
# counts a copy without it (the symbol table, which --toggle-collect needs, stays).
binary="$(mktemp)"
trap 'rm -f "$binary"' EXIT
objcopy --strip-debug "$built" "$binary"
# Mesa's on-disk shader cache would let one run compile and the next load: off, so runs repeat exactly. The
# same for the glyph cache: every run gets an empty one, so both runs of a kind render the same glyphs.
count() { cache="$(mktemp -d)"; XDG_CACHE_HOME="$cache" MESA_SHADER_CACHE_DISABLE=true LP_NUM_THREADS=0 valgrind --tool=callgrind --toggle-collect='*instructionCountedLoop*' --callgrind-out-file=/dev/null \
              "$binary" "$1" "$2" "$scale" "$renderer" 2>&1 \
          | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; rm -rf "$cache"; }
for renderer in "${renderers[@]}"; do
    declare -A perFrame
    for kind in empty full move features features-move; do
        few=$(count "$kind" 20); many=$(count "$kind" 120)
        perFrame[$kind]=$(( (many - few) / 100 ))
    done
    if [[ $renderer == gles ]]; then what="GLES2 on llvmpipe, one thread"; else what="the CPU renderer"; fi
    echo "scale $scale: instructions per frame ($what)"
    echo "  clear-only  ${perFrame[empty]}"
    echo "  full        ${perFrame[full]}   ($(awk "BEGIN { printf \"%.2f\", ${perFrame[full]} / ${perFrame[empty]} }") x clear-only)"
    echo "  thumb move  ${perFrame[move]}   ($(awk "BEGIN { printf \"%.2f\", ${perFrame[move]} / ${perFrame[empty]} }") x clear-only)"
    echo "  popup, ticks and icons, full        ${perFrame[features]}   ($(awk "BEGIN { printf \"%.2f\", ${perFrame[features]} / ${perFrame[empty]} }") x clear-only)"
    echo "  popup, ticks and icons, thumb move  ${perFrame[features-move]}   ($(awk "BEGIN { printf \"%.2f\", ${perFrame[features-move]} / ${perFrame[empty]} }") x clear-only)"
done
