#!/usr/bin/env bash
# Runs the tests FILTER selects COUNT times in a row (after one build) and prints how many runs passed; the
# output of each failed run is kept in .build/repeat/. For a test suspected of failing now and then: a fix
# is shown by a long run of passes. In the Debian 13 root (where feedbackd offers haptics):
#   bash Scripts/debian-root.sh trixie bash Scripts/repeat-test.sh 200 theHostsDetentsReachFeedbackd
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
count="${1:?usage: repeat-test.sh COUNT FILTER}"
filter="${2:?usage: repeat-test.sh COUNT FILTER}"
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "repeat-test.sh: COUNT must be a whole number above 0, not $count" >&2; exit 2; }
swift build --build-tests >/dev/null
logs="$(swift build --show-bin-path)/../repeat"
mkdir -p "$logs"
passed=0
start=$(date +%s)
for run in $(seq "$count"); do
    # Each run in a session of its own, as test.sh runs the suite: what it starts ends with it.
    # A run passes when the tests ran (a filter that matches nothing passes too) and passed.
    if setsid --wait swift test --skip-build --filter "$filter" >"$logs/run.log" 2>&1 \
        && grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$logs/run.log"; then
        passed=$((passed + 1))
    else
        mv "$logs/run.log" "$logs/failed-$run.log"
        echo "run $run failed: $logs/failed-$run.log" >&2
    fi
done
echo "repeat-test: $filter: $passed of $count runs passed in $(($(date +%s) - start)) s"
((passed == count))
