#!/usr/bin/env bash
# Instructions per frame on x86-64 and on aarch64, the same way (Benchmarks/instruction-counts.sh: callgrind,
# (120 frames - 20 frames) / 100): render-frames built release by Debian 13's Swift, for x86-64 in the Debian 13
# root and cross for aarch64 (Scripts/cross-aarch64.sh), each counted in a Debian 13 root of its architecture,
# aarch64 by arm64 valgrind under qemu-user (Debian's qemu ships no TCG plugins, and a static qemu could not
# load one). qemu emulates a Cortex-A53 (QEMU_CPU): its default CPU reports a cache line size valgrind refuses,
# and llvmpipe then generates the code it would on that core. Instruction counts do not change with a noisy
# machine: a panel maker can set the aarch64 figures against a Cortex-A53's instructions per cycle. Needs root.
#   bash Benchmarks/instruction-counts-by-architecture.sh [SCALE] [gles|cpu]...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
arguments=("$@")
bash Scripts/debian-root.sh trixie bash Scripts/cross-aarch64.sh setup >/dev/null
bash Scripts/debian-root.sh trixie bash Scripts/install-deps.sh Benchmarks/instruction-count-packages.txt
bash Scripts/debian-root.sh trixie-arm64 bash -c 'bash Scripts/install-deps.sh && bash Scripts/install-deps.sh Benchmarks/instruction-count-packages.txt'
bash Scripts/binfmt-aarch64.sh
bash Scripts/debian-root.sh trixie bash -c 'source Scripts/env.sh
    swift build --package-path Benchmarks -c release --product render-frames -q
    bash Scripts/cross-aarch64.sh swift build --package-path Benchmarks -c release --product render-frames -q'
# Each root sees the other's build folder by its name in the checkout (.build-ROOT).
echo "x86-64 (Debian 13, Swift 6.0.3):"
bash Scripts/debian-root.sh trixie env RENDER_FRAMES="$PWD/Benchmarks/.build-trixie/x86_64-pc-linux-gnu/release/render-frames" \
    bash Benchmarks/instruction-counts.sh "${arguments[@]}"
echo "aarch64 (Debian 13, Swift 6.0.3, under qemu-user):"
# The aarch64 binary's RUNPATH names the amd64 root's unpacked runtime: here the arm64 root's own libswiftlang.
bash Scripts/debian-root.sh trixie-arm64 env RENDER_FRAMES="$PWD/Benchmarks/.build-trixie/aarch64-unknown-linux-gnu/release/render-frames" \
    LD_LIBRARY_PATH=/usr/libexec/swift/lib/swift/linux QEMU_CPU=cortex-a53 bash Benchmarks/instruction-counts.sh "${arguments[@]}"
