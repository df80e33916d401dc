#!/usr/bin/python3
"""weston-presentation-shm's commit -> present time, from what it prints on standard input (one line per
presentation feedback, "c2p N ms", whole milliseconds): the p50 and p99 after its first 30 frames (the
warm-up), and how many were counted. Used by Benchmarks/latency.sh and Benchmarks/latency-rates.sh:
    weston-presentation-shm -p | python3 Benchmarks/reference-c2p.py
prints "17 / 19 ms (271 frames)", or "- (0 frames)" when nothing was presented after the warm-up.
"""
import re
import sys

c2p = sorted(int(m.group(1)) for m in (re.search(r"c2p\s+(\d+) ms", line) for line in list(sys.stdin)[30:]) if m)
if not c2p:
    print("- (0 frames)")
    sys.exit(0)


def rank(p):
    """The nearest-rank percentile."""
    return c2p[min(len(c2p) - 1, max(0, int(p * len(c2p) + 0.999) - 1))]


print(f"{rank(0.5)} / {rank(0.99)} ms ({len(c2p)} frames)")
