#!/usr/bin/env bash
# Runs a command in a Debian root of another release (trixie: Debian 13), made once from the mirror apt is
# configured with and kept between runs: the tier that runs the README's two commands on the release users
# have now. This checkout is bound in at the path it has here, so the command sees the same files; everything
# else is the release's own: its packages (compositors, libweston, Mesa) and its Swift (Debian 13's swiftlang,
# which Scripts/install-deps.sh installs there: no toolchain of this machine's is bound in). What SwiftPM
# builds there goes to .build-NAME (and Benchmarks/.build-NAME), bound over .build: objects built
# against one release's headers never meet the other's.
#
#   bash Scripts/debian-root.sh RELEASE[-arm64][-testbed][-fresh] [COMMAND ...]   (default: a shell)
#
# A -fresh root is a copy of a bare one (debootstrap's minbase, made once as RELEASE[-arm64]-base and never
# changed), made for the command and removed after it: what a user's new machine has, for the tier that
# installs the project's packages. A -testbed root starts as a copy of the bare one and is kept: the packages
# tier installs the tools its tests use there once, as in an autopkgtest testbed image, and
# RELEASE[-arm64]-testbed-fresh is a copy of it, made and removed as the bare one's. RELEASE-arm64 is a root
# of the release's arm64 packages (Raspberry Pi OS and the i.MX and Rockchip boards' Debian), whose programs
# run under qemu-user (Scripts/binfmt-aarch64.sh registers it first: the Debian 13 root lends its static
# qemu-aarch64). The root is $WAYLAND_SLIDER_ROOTS/NAME (default /var/cache/waylandslider/roots/NAME), remade
# when it is missing or was left half made. Needs root: debootstrap, chroot and the bind mounts, which live in
# a mount namespace of their own and go with the command.
set -euo pipefail

name="${1:?usage: debian-root.sh RELEASE[-arm64][-testbed][-fresh] [COMMAND ...]}"
shift
fresh=""
if [[ "$name" == *-fresh ]]; then
    fresh=1
    name="${name%-fresh}"
    [[ "$name" == *-testbed ]] || name="$name-base"
fi
kind="${name##*-}"
[[ "$kind" == base || "$kind" == testbed ]] || kind=""
release="${name%-"$kind"}"
release="${release%-arm64}"
architecture=()
[[ "$name" == "$release"-arm64* ]] && architecture=(--arch=arm64)
(($# > 0)) || set -- bash
[[ "$(id -u)" == 0 ]] || { echo "debian-root: needs root (debootstrap, chroot, bind mounts)" >&2; exit 1; }

checkout="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
roots="${WAYLAND_SLIDER_ROOTS:-/var/cache/waylandslider/roots}"
root="$roots/$name"
# An arm64 root's programs, debootstrap's second stage first, run under qemu-user.
((${#architecture[@]} == 0)) || bash "$checkout/Scripts/binfmt-aarch64.sh"

# A testbed is made from the bare root, whose list of installed packages it keeps
# (/var/lib/waylandslider/bare-status): apt can still resolve from there what a new machine would install.
if [[ "$kind" == testbed && ! -e "$root/.waylandslider-complete" ]]; then
    bare="${root%-testbed}-base"
    bash "$checkout/Scripts/debian-root.sh" "$(basename "$bare")" true
    rm -rf "$root" "$root.partial"
    cp -a "$bare" "$root.partial"
    install -D -m 0644 "$root.partial/var/lib/dpkg/status" "$root.partial/var/lib/waylandslider/bare-status"
    mv "$root.partial" "$root"
fi
if [[ ! -e "$root/.waylandslider-complete" ]]; then
    command -v debootstrap >/dev/null || {
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    }
    # The Debian mirror this machine's apt uses (the label tells it from the security archive and others).
    mirror="$(apt-get indextargets --format '$(LABEL) $(SITE)' | awk '$1 == "Debian" { print $2; exit }')"
    [[ -n "$mirror" ]] || { echo "debian-root: apt is configured with no Debian mirror" >&2; exit 1; }
    echo "debian-root: making a $name root in $root from $mirror" >&2
    rm -rf "$root"
    mkdir -p "$roots"
    debootstrap --variant=minbase "${architecture[@]}" "$release" "$root.partial" "$mirror" >"$roots/$name.log" 2>&1 || {
        echo "debian-root: debootstrap failed; its log: $roots/$name.log" >&2
        exit 1
    }
    mv "$root.partial" "$root"
    touch "$root/.waylandslider-complete"
fi
if [[ -n "$fresh" ]]; then
    fresh_root="$(mktemp -d "$roots/${name%-base}-fresh.XXXXXX")"
    # Removed however the command ends; the bind mounts lived in the command's own mount namespace.
    trap 'rm -rf --one-file-system "$fresh_root"' EXIT
    cp -a "$root/." "$fresh_root/"
    root="$fresh_root"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"

# Where this machine's Swift packages come from, if git is told to read github.com from a local copy
# (url.<path>.insteadOf): the root gets the same redirections and the copies at the same paths.
# (A fresh root or a testbed is a user's machine: it gets neither, nor the build folders.)
user_machine="$fresh"
[[ "$kind" == testbed ]] && user_machine=1
package_copies=()
# Only those lines: no identity (user.name, user.email) goes in, as a new user's machine has none.
rm -f "$root/etc/gitconfig" "$root/root/.gitconfig"
if [[ -z "$user_machine" ]]; then
    while read -r key value; do
        git config --file "$root/etc/gitconfig" --add "$key" "$value"
        copy="${key#url.}"
        copy="${copy%.insteadof}"
        [[ "$copy" == /* && -d "$copy" ]] && package_copies+=("$copy")
    done < <(git config --get-regexp '^url\..*\.insteadof$' 2>/dev/null | sort -u || true)
fi

# Inside a private mount namespace: /dev recursively (wlroots allocates buffers in /dev/shm, Mesa opens
# /dev/dri where there is one), /proc, /sys, a /tmp of its own, and the package copies and the
# checkout at their own paths.
unshare --mount --propagation private bash -euo pipefail -c '
    root="$1" checkout="$2" name="$3" user_machine="$4"
    shift 4
    mount --rbind /dev "$root/dev"
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount -t tmpfs tmpfs "$root/tmp"
    mkdir -p "$root$checkout"
    mount --bind "$checkout" "$root$checkout"
    for package in "$checkout" "$checkout/Benchmarks"; do
        [[ -z "$user_machine" ]] || break
        mkdir -p "$package/.build" "$package/.build-$name"
        mount --bind "$package/.build-$name" "$root$package/.build"
    done
    for directory in "$@"; do
        [[ "$directory" == -- ]] && break
        [[ -n "$directory" ]] || continue
        mkdir -p "$root$directory"
        mount --bind "$directory" "$root$directory"
    done
    while [[ "$1" != -- ]]; do shift; done
    shift
    path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    exec chroot "$root" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 PATH="$path" \
        bash -c "cd \"\$0\" && exec \"\$@\"" "$checkout" "$@"
' debian-root "$root" "$checkout" "$name" "$user_machine" "${package_copies[@]}" -- "$@"
