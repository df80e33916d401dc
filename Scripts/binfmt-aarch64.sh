#!/usr/bin/env bash
# Makes aarch64 programs run on this amd64 machine under qemu-user: registers Debian 13's static qemu-aarch64
# (qemu-user, in the Debian 13 root of Scripts/debian-root.sh) with binfmt_misc, by qemu-user-binfmt's own rule
# under a name of ours. The F flag opens the interpreter at registration, so the rule works in every root,
# whatever its files; binfmt_misc is mounted here (outside any root) and stays mounted, so the rule outlives
# the mount namespace of the command that made it. Idempotent; needs root.
#
#   bash Scripts/binfmt-aarch64.sh            register (again, if registered)
#   bash Scripts/binfmt-aarch64.sh --remove   remove the rule
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ "$(id -u)" == 0 ]] || { echo "binfmt-aarch64: needs root (binfmt_misc)" >&2; exit 1; }
rule=/proc/sys/fs/binfmt_misc/waylandslider-aarch64
mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
[[ -e "$rule" ]] && echo -1 > "$rule"
[[ "${1:-}" == --remove ]] && exit 0
root="${WAYLAND_SLIDER_ROOTS:-/var/cache/waylandslider/roots}/trixie"
[[ -e "$root/usr/lib/binfmt.d/qemu-aarch64.conf" ]] ||
    bash Scripts/debian-root.sh trixie bash Scripts/install-deps.sh Scripts/apt-packages-qemu.txt
sed -e 's|^:qemu-aarch64:|:waylandslider-aarch64:|' -e "s|:/usr/libexec/qemu-binfmt/|:$root/usr/libexec/qemu-binfmt/|" \
    "$root/usr/lib/binfmt.d/qemu-aarch64.conf" > /proc/sys/fs/binfmt_misc/register
