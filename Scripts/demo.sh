#!/usr/bin/env bash
# Runs slider-demo, installing what it needs first (Scripts/apt-packages-demo.txt: not the tests' compositors,
# screen reader and the rest). Arguments go to the demo.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash Scripts/install-deps.sh --demo
swift build --product slider-demo -q
# The weston module the headless run loads, found beside the binary.
swift build --product slider-weston-input -q
exec "$(swift build --show-bin-path)/slider-demo" "$@"
