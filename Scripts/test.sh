#!/usr/bin/env bash
# Runs the whole test suite, installing what it needs first; also builds the demo and the benchmarks so
# neither can rot unnoticed, and checks that no C type is in the libraries' public API.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash Scripts/install-deps.sh
swift build
python3 Scripts/check-public-api.py
swift build --package-path Benchmarks
swift test
