#!/usr/bin/env bash
# Runs the whole test suite, installing what it needs first; also builds the demo and the benchmarks so
# neither can rot unnoticed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash Scripts/install-deps.sh
swift build
swift build --package-path Benchmarks
swift test
