#!/usr/bin/python3
"""The chart of docs/latency.md: input event -> present p50 (bar) and p99 (whisker) per compositor, input and
output rate, frame callbacks beside the learned deadline, from the lines Benchmarks/latency-rates.sh prints
(not those marked inside-weston: presented through two compositors, they are not the one compositor's).
Debian's python3-matplotlib draws it:
    bash Scripts/debian-root.sh trixie bash Benchmarks/latency-rates.sh | tee rates.txt
    /usr/bin/python3 Benchmarks/latency-chart.py rates.txt docs/images/latency.png
The presentation path in the title is the one latency-rates.sh names ("presentation: egl"), else wl_shm.
"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

LINE = re.compile(r"^(\w+) (\d+) (callbacks|deadline) (pointer|touch) frames .* event ([\d.]+) / ([\d.]+)(?: floor|$)")


PATHS = {"egl": "EGL window, GLES2 on llvmpipe", "shm": "wl_shm, CPU renderer", "automatic": "wl_shm, CPU renderer"}


def main(source, target):
    rows = {}
    path = PATHS["automatic"]
    with open(source, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("presentation: "):
                path = PATHS.get(line.split()[1], line.split()[1])
            match = LINE.match(line.strip())
            if match:
                compositor, rate, pacing, device, p50, p99 = match.groups()
                label = compositor if device == "pointer" else f"{compositor}\n{device}"
                rows[(label, int(rate), pacing)] = (float(p50), float(p99))
    if not rows:
        sys.exit(f"{source}: no lines of latency-rates.sh")
    rates = sorted({key[1] for key in rows})
    columns = {rate: list(dict.fromkeys(key[0] for key in rows if key[1] == rate)) for rate in rates}
    figure, axes = plt.subplots(1, len(rates), figsize=(sum(1.2 + 0.62 * len(columns[rate]) for rate in rates), 4.4), sharey=True,
                                gridspec_kw={"width_ratios": [len(columns[rate]) for rate in rates]})
    axes = axes if len(rates) > 1 else [axes]
    width = 0.38
    for axis, rate in zip(axes, rates):
        compositors = columns[rate]
        for offset, pacing, colour in ((-width / 2, "callbacks", "#b0b0b0"), (width / 2, "deadline", "#2a6fdb")):
            xs, p50s, errors = [], [], []
            for index, compositor in enumerate(compositors):
                if (compositor, rate, pacing) in rows:
                    p50, p99 = rows[(compositor, rate, pacing)]
                    xs.append(index + offset)
                    p50s.append(p50)
                    errors.append(p99 - p50)
            axis.bar(xs, p50s, width, yerr=[[0] * len(errors), errors], capsize=3, color=colour,
                     label=f"{pacing} (p50, whisker p99)")
        refresh = 1000 / rate
        axis.axhline(refresh, color="#d04040", linewidth=0.8, linestyle="--", label="one refresh")
        axis.set_xticks(range(len(compositors)), compositors, fontsize=8)
        axis.set_title(f"{rate} Hz")
        axis.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("input event → present (ms)")
    axes[0].legend(loc="upper right", fontsize=8)
    figure.suptitle(f"slider-demo bench: a drag through each compositor's seat ({path}; Debian 13, 2-core VM, no GPU)",
                    fontsize=10)
    figure.tight_layout()
    figure.savefig(target, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: latency-chart.py RATES.txt OUT.png")
    main(sys.argv[1], sys.argv[2])
