#!/usr/bin/env bash
# The two ways to build for aarch64 with Debian 13's Swift, each from a clean build folder (the package copies
# already fetched), `swift build --build-tests`, debug: cross, in the amd64 Debian 13 root
# (Scripts/cross-aarch64.sh), and native, in an arm64 Debian 13 root where the compiler itself runs under
# qemu-user. Prints the wall-clock time of each. Needs root; the roots are Scripts/debian-root.sh's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash Scripts/debian-root.sh trixie bash Scripts/cross-aarch64.sh setup >/dev/null
bash Scripts/debian-root.sh trixie-arm64 bash Scripts/install-deps.sh >/dev/null
bash Scripts/binfmt-aarch64.sh
timed() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f s\n", e - s }'
}
rm -rf .build-trixie/aarch64-unknown-linux-gnu
echo "cross (amd64 root, amd64 compiler): $(timed bash Scripts/debian-root.sh trixie bash -c 'bash Scripts/cross-aarch64.sh swift build --build-tests')"
rm -rf .build-trixie-arm64/aarch64-unknown-linux-gnu
echo "native (arm64 root, the compiler under qemu-user): $(timed bash Scripts/debian-root.sh trixie-arm64 bash -c 'source Scripts/env.sh && swift build --build-tests')"
