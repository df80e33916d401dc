#!/usr/bin/env bash
# Runs the whole test suite, installing what it needs first; also builds the demo and the benchmarks so
# neither can rot unnoticed, stages the C library, checks that no C type is in the libraries' public API,
# and builds the DocC catalog with warnings as errors; then fuzzes the input-script reader and the input
# router for a minute each and soaks the demo for a minute.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash Scripts/install-deps.sh
swift build
# The C API staged as a C program uses it (.build/c-library: library, header, pkg-config file); the tests
# build the example hosts against their own staged copy.
bash Scripts/c-library.sh
python3 Scripts/check-public-api.py
swift package generate-documentation --target WaylandSlider --warnings-as-errors
swift build --package-path Benchmarks
swift test
# The fuzzers, a minute each, and a minute of the soak (the scripts take longer times for long runs).
bash Scripts/fuzz.sh 60
bash Scripts/soak.sh 60
