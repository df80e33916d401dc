#!/usr/bin/env bash
# Installs the Debian packages WaylandSlider needs to build and test, under the names of the release this
# machine runs (Debian 12 bookworm or Debian 13 trixie; a later release takes trixie's names). Idempotent:
# prints nothing and touches nothing when everything is already there. Needs root (or sudo) only when
# something is missing.
#   bash Scripts/install-deps.sh           the demo's packages and the tests' (Scripts/apt-packages-demo.txt and
#                                          apt-packages.txt), with the Swift toolchain
#   bash Scripts/install-deps.sh --demo    the demo's alone, with the Swift toolchain (Scripts/demo.sh)
#   bash Scripts/install-deps.sh LIST      another package list in the same form, as Benchmarks/Peers/packages.txt
#                                          or apt-packages-arm64.txt, whose names carry :arm64
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in
    "") lists=("$here/apt-packages-demo.txt" "$here/apt-packages.txt"); own=tests ;;
    --demo) lists=("$here/apt-packages-demo.txt"); own=demo ;;
    *) lists=("$(realpath "$1")"); own="" ;;
esac
release="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
known_releases=(bookworm trixie)
if [[ ! " ${known_releases[*]} " =~ " $release " ]]; then
    echo "install-deps: packages are listed for ${known_releases[*]}; taking trixie's names on '${release:-an unnamed release}'" >&2
    release=trixie
fi
# A line is a package name, then the releases it is for (@bookworm, @trixie); no release: every release.
mapfile -t wanted < <(cat "${lists[@]}" | grep -v '^\s*#' |
    awk -v release="@$release" 'NF == 1 { print $1; next } NF > 1 { for (i = 2; i <= NF; i++) if ($i == release) print $1 }')

# A name without an architecture means the machine's own (or all); with multiarch (the aarch64 tier's arm64
# libraries beside the amd64 ones) dpkg-query lists every architecture a name is installed for.
native="$(dpkg --print-architecture)"
missing=()
for package in "${wanted[@]}"; do
    architecture="$native"
    [[ "$package" == *:* ]] && architecture="${package#*:}"
    dpkg-query -W -f='${Status} ${Architecture}\n' "${package%%:*}" 2>/dev/null |
        grep -qE "^install ok installed ($architecture|all)\$" || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
    echo "install-deps: installing ${missing[*]}" >&2
    run_as_root=()
    if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
        run_as_root=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${run_as_root[@]}" apt-get update -qq
    "${run_as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The rest is for the project's own lists only (another list adds packages to a machine that has them).
[[ -n "$own" ]] || exit 0

# Debian gives kwin_wayland a file capability (cap_sys_resource) that an unprivileged container cannot
# grant: exec then fails with EPERM, as root too. Without it KWin only loses a higher RLIMIT_RTPRIO.
if [[ "$own" == tests && -x /usr/bin/kwin_wayland ]] && ! /usr/bin/kwin_wayland --version >/dev/null 2>&1 \
    && [[ -n "$(getcap /usr/bin/kwin_wayland 2>/dev/null)" ]]; then
    echo "install-deps: removing the file capability kwin_wayland cannot be started with here" >&2
    run_as_root=()
    [[ "$(id -u)" != 0 ]] && run_as_root=(sudo)
    "${run_as_root[@]}" setcap -r /usr/bin/kwin_wayland
fi

# The Swift toolchain: the one on PATH, swift.org's in /opt/swift, or Debian's. Debian 13 packages Swift
# (swiftlang 6.0.3, with its runtime in libswiftlang), so there apt installs it when no toolchain is found;
# Debian 12 has none, and its users install swift.org's.
if ! command -v swift >/dev/null && [[ ! -x /opt/swift/usr/bin/swift && ! -x /usr/libexec/swift/bin/swift ]]; then
    if [[ "$release" == bookworm ]]; then
        echo "install-deps: no Swift toolchain found (looked on PATH, in /opt/swift and /usr/libexec/swift); Debian 12 packages none: install swift.org's 6.0 or later in /opt/swift" >&2
        exit 1
    fi
    echo "install-deps: no Swift toolchain found; installing Debian's (swiftlang)" >&2
    run_as_root=()
    [[ "$(id -u)" != 0 ]] && run_as_root=(sudo)
    export DEBIAN_FRONTEND=noninteractive
    "${run_as_root[@]}" apt-get update -qq
    "${run_as_root[@]}" apt-get install -y -qq --no-install-recommends swiftlang >/dev/null
fi
