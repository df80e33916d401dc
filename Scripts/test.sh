#!/usr/bin/env bash
# Runs the whole test suite, installing what it needs first; also builds the demo and the benchmarks so
# neither can rot unnoticed, stages the C library, checks that no C type is in the libraries' public API,
# and builds the DocC catalog with warnings as errors; checks that the tests left no process running and
# nothing in the temporary folder; then runs the six fuzzers for 30 s each (where the toolchain has no
# libFuzzer: their kept corpora), soaks the demo for a minute and reports the benchmark tier's figures (input
# to screen through weston and sway, a second a phase: numbers, never a failure). On Debian 12 it then runs
# the Debian 13 tier (Scripts/test-debian-13.sh: this same command in a Debian 13 root, built by Debian's
# Swift), the aarch64 tier (Scripts/test-aarch64.sh: cross-built there, run under qemu-user) and the packages
# tier (Scripts/test-debian-package.sh: the Debian packages built there, installed into a fresh Debian 13
# root and tested by their own tests).
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
# The tests are built before they get their own temporary folder, where the compiler would leave its macro
# expansions (swift-generated-sources).
swift build --build-tests
# The tests run as four `swift test` processes side by side (Scripts/swift-test-side-by-side.sh says why).
# Whatever they start ends with them: they run in a session of their own, and no process of that session (a
# compositor, a bus, a registry, a zombie) may be left once they have ended. What they write ends with them
# too: they get a temporary folder of their own (TMPDIR, mode 1777 as /tmp: the compositors run as nobody),
# which must be empty afterwards, and /tmp itself must hold nothing new (the X servers' locks are there
# whatever TMPDIR says). Two things may stay: an empty /tmp/.X11-unix, the folder X servers share, and what
# the toolchain leaves in TMPDIR on every run of `swift build` or `swift test` (a TemporaryDirectory.XXXXXX
# folder per driver run that holds only its .keep-directory (Swift 6.3) or its dummyInput-N.swift (6.0.3), and
# SwiftPM's empty lock files, named after the path they lock, such as _work_main_.build.lock), which are
# removed first.
tmp_before="$(ls -A /tmp | sort)"
suite_tmp="$(mktemp -d /tmp/waylandslider-suite.XXXXXX)"
chmod 1777 "$suite_tmp"
session_file="$suite_tmp/session"
status=0
TMPDIR="$suite_tmp" setsid --wait bash -c 'echo $$ > "$0"; exec bash Scripts/swift-test-side-by-side.sh' "$session_file" || status=$?
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
    rm -rf "$suite_tmp"
    exit 1
fi
find "$suite_tmp" -mindepth 2 -maxdepth 2 -type f -path '*/TemporaryDirectory.*/*' \( -name .keep-directory -o -name 'dummyInput-*.swift' \) -delete
find "$suite_tmp" -mindepth 1 -maxdepth 1 \( -type d -empty -name 'TemporaryDirectory.*' -o -type f -empty -name '_*.lock' \) -delete
left_in_tmp="$(cd "$suite_tmp" && find . -mindepth 1 -maxdepth 2 | sort)"
rm -rf "$suite_tmp"
new_in_tmp="$(comm -13 <(echo "$tmp_before") <(ls -A /tmp | sort))"
if [[ "$new_in_tmp" == .X11-unix ]] && [[ -z "$(ls -A /tmp/.X11-unix)" ]]; then new_in_tmp=""; fi
if [[ -n "$left_in_tmp$new_in_tmp" ]]; then
    echo "test.sh: the tests left files behind:" >&2
    [[ -z "$left_in_tmp" ]] || sed 's|^\.|  (their TMPDIR)|' <<<"$left_in_tmp" >&2
    [[ -z "$new_in_tmp" ]] || sed 's|^|  /tmp/|' <<<"$new_in_tmp" >&2
    ((status != 0)) || status=1
fi
((status == 0)) || exit "$status"
# The fuzzers, 30 s each, and a minute of the soak (the scripts take longer times for long runs).
bash Scripts/fuzz.sh 30
bash Scripts/soak.sh 60
# The benchmark tier: what the demo's tests no longer bound, reported (Benchmarks/latency-rates.sh: the
# deadline's lead and the callbacks', refreshes left without a new frame, input event -> present against the
# floor), a second a phase, with the build the tests ran; weston 10 (Debian 12) refreshes at 60 Hz only.
release="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
BENCH_DEMO="$(swift build --show-bin-path)/slider-demo" LATENCY_SECONDS=1 LATENCY_RATES="$([[ "$release" == bookworm ]] && echo 60 || echo 120)" \
    bash Benchmarks/latency-rates.sh weston sway
if [[ "$release" == bookworm ]]; then
    bash Scripts/test-debian-13.sh
    bash Scripts/test-aarch64.sh
    bash Scripts/test-debian-package.sh --arm64
fi
