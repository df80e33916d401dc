#!/usr/bin/env bash
# The soak: `slider-demo bench --scenario soak` for SECONDS (default 600; CI runs 60) on a private headless
# weston, then checks what it reports: resident memory grew less than MAX_GROWTH_MIB (default 1) after the
# warm-up, frames were drawn, no GL error, every editing gesture ended. Prints the report; exits 1 when a
# check fails. Usage: Scripts/soak.sh [SECONDS] [MAX_GROWTH_MIB]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

seconds="${1:-600}"
limit="${2:-1}"
swift build --product slider-demo >/dev/null
swift build --product slider-weston-input >/dev/null
demo="$(swift build --show-bin-path)/slider-demo"
report="$(env -u WAYLAND_DISPLAY "$demo" bench --scenario soak --seconds "$seconds" --json)"
python3 - "$limit" "$report" <<'PY'
import json, sys
limit, report = float(sys.argv[1]), json.loads(sys.argv[2])
print(json.dumps(report, indent=1, sort_keys=True))
failures = []
if report["rssGrowthMiB"] >= limit:
    failures.append(f"resident memory grew {report['rssGrowthMiB']:.3f} MiB after the warm-up (limit {limit} MiB)")
if report["frames"] < report["seconds"] * 10:
    failures.append(f"only {report['frames']} frames in {report['seconds']} s")
if report["glErrors"] != 0:
    failures.append(f"{report['glErrors']} GL errors")
events = report["events"]
if events["editingBegan"] != events["editingEnded"] or events["editingBegan"] == 0:
    failures.append(f"editing began {events['editingBegan']} times and ended {events['editingEnded']}")
for failure in failures:
    print("soak: " + failure, file=sys.stderr)
print(f"soak: {report['seconds']:.0f} s, {report['frames']} frames, {report['discardedFrames']} dropped, "
      f"RSS {report['rssAfterWarmUpMiB']:.2f} -> {report['rssAtEndMiB']:.2f} MiB ({report['rssGrowthMiB']:+.3f}), "
      + ("FAILED" if failures else "passed"))
sys.exit(1 if failures else 0)
PY
