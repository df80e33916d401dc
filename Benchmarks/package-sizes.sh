#!/usr/bin/env bash
# What the README's two commands install on a fresh Debian 13 machine (a fresh copy of the bare root,
# Scripts/debian-root.sh trixie-fresh): apt's own figure for the demo's packages (Scripts/apt-packages-demo.txt,
# with Debian's swiftlang) and for the demo's and the tests' together (with apt-packages.txt). Nothing is
# installed (apt-get --assume-no).
#   bash Benchmarks/package-sizes.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash Scripts/debian-root.sh trixie-fresh bash -c '
    set -euo pipefail
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    names() { cat "$@" | grep -v "^\s*#" | awk "NF == 1 { print \$1 } NF > 1 { for (i = 2; i <= NF; i++) if (\$i == \"@trixie\") print \$1 }"; }
    for what in demo tests; do
        lists=(Scripts/apt-packages-demo.txt)
        [[ $what == tests ]] && lists+=(Scripts/apt-packages.txt)
        mapfile -t packages < <(names "${lists[@]}")
        summary="$(apt-get install --no-install-recommends --assume-no swiftlang "${packages[@]}" 2>/dev/null | grep -E "newly installed|After this operation" || true)"
        echo "$what (${#packages[@]} listed, with swiftlang): $(tr "\n" " " <<<"$summary")"
    done
'
