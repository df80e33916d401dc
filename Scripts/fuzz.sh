#!/usr/bin/env bash
# Fuzzes with libFuzzer, SECONDS each (default 60), and fails if one finds an input that crashes or breaks an
# invariant (TestSupport/SliderFuzzing): the input-script reader, the input router + tracking engine, the panel
# file's reader, the panel's input lines, the PNG reader, and a window fed Wayland events made from the input
# by the tests' scripted compositor (protocol).
# Usage: Scripts/fuzz.sh [SECONDS] [input-script|input-router|panel-file|panel-lines|png|protocol ...]
#
# Each fuzzer starts from its kept corpus, Fuzz/Corpus/NAME (run by the tests as regression cases), and
# adds what it finds to .build/fuzz/corpus/NAME (not committed; under .build, so a Debian root's runs, whose
# .build is its own, build and fuzz apart from this machine's). A finding is saved in
# .build/fuzz/findings/NAME/ and printed; once fixed, copy it into Fuzz/Corpus/NAME so it stays fixed.
# Per fuzzer it prints executions, executions per second, coverage (edges) and features reached. The fuzzers
# run one per core at a time. Where the toolchain has no libFuzzer, it says so and runs every kept corpus
# through its harness as regression inputs instead (what the tests' FuzzCorpusTests check too).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

seconds="${1:-60}"
shift || true
names=("$@")
((${#names[@]} > 0)) || names=(input-script input-router panel-file panel-lines png protocol)
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number, not $seconds" >&2; exit 2; }

for name in "${names[@]}"; do
    [[ -d "Fuzz/Corpus/$name" ]] || { echo "fuzz.sh: no fuzzer named $name (input-script, input-router, panel-file, panel-lines, png, protocol)" >&2; exit 2; }
done

# A toolchain without libFuzzer (Debian's swiftlang 6.0.3: its SwiftPM takes no --sanitize=fuzzer) still checks
# what fuzzing found: each harness, built without FUZZING, runs its kept corpus as plain regression inputs.
if ! swift build --help 2>&1 | tr -s ' \n' ' ' | grep -q -- '--sanitize <sanitize> .*(values: [a-z, ]*fuzzer'; then
    echo "fuzz.sh: this toolchain has no libFuzzer ($(swift --version 2>&1 | head -1)): no fuzzing; each kept corpus runs through its harness instead"
    status=0
    for name in "${names[@]}"; do
        swift build --scratch-path .build/fuzz -c release --product "fuzz-$name"
        inputs=$(find "Fuzz/Corpus/$name" -type f | wc -l)
        if ".build/fuzz/release/fuzz-$name" "Fuzz/Corpus/$name"; then
            echo "fuzz $name: the kept corpus ($inputs inputs) keeps every invariant"
        else
            echo "fuzz $name: the kept corpus breaks an invariant (above)" >&2
            status=1
        fi
    done
    exit $status
fi
for name in "${names[@]}"; do
    swift build --scratch-path .build/fuzz -c release --sanitize=fuzzer -Xswiftc -DFUZZING --product "fuzz-$name"
done

# Swift's own crash reporter would exit before libFuzzer saves the input: leave crashes to libFuzzer.
export SWIFT_BACKTRACE=enable=no
# Runs one fuzzer and writes its one-line report to .build/fuzz/fuzz-NAME.report; fails on a finding.
fuzz() {
    local name="$1"
    local corpus=".build/fuzz/corpus/$name" findings=".build/fuzz/findings/$name" log=".build/fuzz/fuzz-$name.log"
    local report=".build/fuzz/fuzz-$name.report"
    mkdir -p "$corpus" "$findings"
    local options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/")
    [[ "$name" == input-script ]] && options+=(-dict=Fuzz/input-script.dict -max_len=1024)
    [[ "$name" == input-router ]] && options+=(-max_len=4096)
    [[ "$name" == panel-file ]] && options+=(-dict=Fuzz/panel-file.dict -max_len=4096)
    [[ "$name" == panel-lines ]] && options+=(-dict=Fuzz/panel-lines.dict -max_len=8192)
    [[ "$name" == png ]] && options+=(-dict=Fuzz/png.dict -max_len=4096)
    # A window per input: tens of inputs a second, each given 20 s before it counts as a hang.
    [[ "$name" == protocol ]] && options=("${options[@]/-timeout=10/-timeout=20}" -max_len=2048)
    if ".build/fuzz/release/fuzz-$name" "${options[@]}" "$corpus" "Fuzz/Corpus/$name" >"$log" 2>&1; then
        local runs rate coverage
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
        echo "fuzz $name: ${seconds} s, $runs executions, $rate per second, $coverage (edges, features), corpus $(ls "$corpus" | wc -l) inputs, no finding" >"$report"
    else
        {
            echo "fuzz $name: FOUND a failing input (log: $log):"
            grep -E 'Fatal error|ERROR|SUMMARY|artifact' "$log" || tail -20 "$log"
        } >"$report"
        return 1
    fi
}

# One fuzzer per core at a time (each runs on one thread); the reports in the order the fuzzers were named.
cores="$(nproc)"
pids=()
for name in "${names[@]}"; do
    while (($(jobs -rp | wc -l) >= cores)); do wait -n || true; done
    fuzz "$name" &
    pids+=("$!")
done
status=0
for index in "${!names[@]}"; do
    if wait "${pids[index]}"; then
        cat ".build/fuzz/fuzz-${names[index]}.report"
    else
        cat ".build/fuzz/fuzz-${names[index]}.report" >&2
        status=1
    fi
done
exit $status
