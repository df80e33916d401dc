#!/usr/bin/env bash
# Runs the whole `swift test` as four test processes side by side, after building the tests once:
#   matrix     the compositor matrix (CompositorMatrixTests and CompositorInputMatrixTests, each serialized)
#   wayland    the rest of SliderWaylandTests, and the C API's, accessibility's, haptics', the private
#              compositors' and the documentation's tests (the README's programs run)
#   demo       SliderDemoTests and SliderPanelTests (the demo, the panel program, Orca)
#   units      every other target (the core, the renderer, scripts, the fuzzing corpus)
# Each process's lines are prefixed with its name; the exit status is the first failing group's, and each
# failing group's failures are repeated as the last lines.
# (For part of the suite, run `swift test --filter ...` directly.)
#
#   bash Scripts/swift-test-side-by-side.sh
#
# Why: the tests wait on compositors, buses and programs, and they wait blocking. Swift Testing runs a test's
# body on Swift's cooperative thread pool, one thread per core, so on a 2-core machine one process runs two
# tests at a time: the CPUs were idle 42% of a 645 s run, and the matrix, whose suites were starved of threads
# until the end, ran alone for its last minutes (in a process of its own it takes 220 to 250 s). Each process
# has a pool of its own: side by side the suite took 288 s. The processes share the build directory (--skip-build
# --ignore-lock), started one after another (below).
set -euo pipefail
matrix="CompositorMatrixTests|CompositorInputMatrixTests"
pids=()
names=()
# Each group's lines are kept too, for the summary at the end.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Starts `swift test` on the built tests with OPTIONS, its lines prefixed with NAME.
group() {
    local name="$1"
    shift
    (
        set +e
        swift test --skip-build --ignore-lock "$@" 2>&1 | sed -u "s/^/$name | /" | tee "$logs/$name"
        exit "${PIPESTATUS[0]}"
    ) &
    pids+=("$!")
    names+=("$name")
    # `swift test --skip-build` still plans the build and writes its description before it runs the tests
    # ("Planning build"): four writing it at once once left Debian's Swift 6.0.3 reading half a file ("unable
    # to load build file", no tests run). The next group starts once this one's test binary has begun
    # (XCTest's first "Test Suite" line), or this one has ended.
    while ! grep -aq "Test Suite '" "$logs/$name" 2>/dev/null && kill -0 "$!" 2>/dev/null; do sleep 0.1; done
}
swift build --build-tests
group matrix --filter "$matrix"
wayland="SliderWaylandTests|WaylandSliderCTests|SliderAccessibilityTests|SliderHapticsTests|PrivateCompositorsTests|DocumentationTests"
demo="SliderDemoTests|SliderPanelTests"
group wayland --filter "$wayland" --skip "$matrix"
group demo --filter "$demo"
group units --skip "$wayland|$demo"
# Which groups failed, and their failing tests' lines (Swift Testing's ✘, not its skips), are said once all
# have ended, as the last lines: a group that fails early would otherwise be named thousands of lines before
# the end of a log that is read from its tail.
status=0
failed=()
for index in "${!pids[@]}"; do
    wait "${pids[index]}" && continue
    code=$?
    failed+=("${names[index]}:$code")
    ((status != 0)) || status=$code
done
for entry in "${failed[@]}"; do
    name="${entry%%:*}"
    echo "swift-test-side-by-side: the $name tests failed (exit ${entry##*:}):" >&2
    { grep -a -e '✘' -e 'error:' "$logs/$name" | grep -av ' skipped' | cut -c1-600 | tail -n 40; } >&2 || true
done
exit "$status"
