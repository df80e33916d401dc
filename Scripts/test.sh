#!/usr/bin/env bash
# Runs the whole test suite, installing what it needs first; also builds the demo and the benchmarks so
# neither can rot unnoticed, stages the C library, checks that no C type is in the libraries' public API,
# and builds the DocC catalog with warnings as errors; checks that the tests left no process running; then
# runs the six fuzzers for 30 s each and soaks the demo for a minute. On
# Debian 12 it then runs the Debian 13 tier (Scripts/test-debian-13.sh: the demo and the tests in a Debian 13
# root, built by Debian's Swift), the aarch64 tier (Scripts/test-aarch64.sh: cross-built there, run under
# qemu-user) and the packages tier (Scripts/test-debian-package.sh: the Debian packages built there, installed
# into a fresh Debian 13 root and tested by their own tests).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash Scripts/install-deps.sh
swift build
# The C API staged as a C program uses it (.build/c-library: library, header, pkg-config file); the tests
# build the example hosts against their own staged copy.
bash Scripts/c-library.sh
# Every function of the C header is checked against its Swift implementation by a generated list: not stale.
python3 Scripts/generate-c-api-check.py --check
# The public API is the one recorded in docs/API.txt, with no C type in it: a change nobody meant fails.
python3 Scripts/check-api.py
swift package generate-documentation --target WaylandSlider --warnings-as-errors
# The benchmarks' package: all of it on Swift 6.1 and later (Package.swift), its programs without the benchmark
# framework on Swift 6.0 (Package@swift-6.0.swift: the framework's plugin needs 6.1).
swift build --package-path Benchmarks
# The tests run as four `swift test` processes side by side (Scripts/swift-test-side-by-side.sh says why).
# Whatever they start ends with them: they run in a session of their own, and no process of that session (a
# compositor, a bus, a registry, a zombie) may be left once they have ended.
session_file="$(mktemp)"
status=0
setsid --wait bash -c 'echo $$ > "$0"; exec bash Scripts/swift-test-side-by-side.sh' "$session_file" || status=$?
session="$(cat "$session_file")"
rm -f "$session_file"
# A process the tests' last moments orphaned is reparented to init, which reaps it: a few seconds' grace.
for _ in $(seq 50); do
    leftovers="$(ps -eo sid=,pid=,stat=,args= | awk -v s="$session" '$1 == s')"
    [[ -z "$leftovers" ]] && break
    sleep 0.1
done
if [[ -n "$leftovers" ]]; then
    echo "test.sh: still running after the tests (session $session):" >&2
    echo "$leftovers" >&2
    awk '{ print $2 }' <<<"$leftovers" | xargs -r kill -9 2>/dev/null || true
    exit 1
fi
((status == 0)) || exit "$status"
# The fuzzers, 30 s each, and a minute of the soak (the scripts take longer times for long runs).
bash Scripts/fuzz.sh 30
bash Scripts/soak.sh 60
if [[ "$(. /etc/os-release && echo "${VERSION_CODENAME:-}")" == bookworm ]]; then
    bash Scripts/test-debian-13.sh
    bash Scripts/test-aarch64.sh
    bash Scripts/test-debian-package.sh --arm64
fi
