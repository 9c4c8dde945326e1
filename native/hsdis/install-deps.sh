#!/bin/sh
# Installs what native/hsdis needs to build: capstone's headers and library (Debian/Ubuntu package
# libcapstone-dev, BSD-licensed), plus a C compiler and make.
#
#   native/hsdis/install-deps.sh          install when missing (as root, with apt-get), else say what to do
#   native/hsdis/install-deps.sh --check  only check; exit 1 with the instructions when something is missing
#
# Exit codes: 0 everything present (or installed now), 1 missing and not installed (the message says
# what to install and how).
#
# When another process holds the package manager's lock (unattended upgrades on a fresh machine, a
# second build), apt-get waits for it up to MECHSYM_APT_LOCK_TIMEOUT seconds (default 300,
# within the 600 s mechsym gives the whole build) instead of
# failing at once. Nothing is installed, and no lock taken, when everything is already there.
set -u

lock_timeout="${MECHSYM_APT_LOCK_TIMEOUT:-300}"

check_only=0
[ "${1:-}" = "--check" ] && check_only=1

have_capstone() {
    # the header and a linkable library, wherever the system keeps them
    [ -f /usr/include/capstone/capstone.h ] || [ -f /usr/local/include/capstone/capstone.h ] || return 1
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists capstone 2>/dev/null; then
        return 0
    fi
    ls /usr/lib/*/libcapstone.so /usr/lib/libcapstone.so /usr/local/lib/libcapstone.so >/dev/null 2>&1
}

have_tools() {
    command -v make >/dev/null 2>&1 && { command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; }
}

missing_packages() {
    have_capstone || printf 'libcapstone-dev '
    command -v make >/dev/null 2>&1 || printf 'make '
    { command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; } || printf 'gcc '
}

explain() {
    pkgs=$(echo "$1" | sed "s/ *$//")
    cat >&2 <<MSG
hsdis: cannot build the disassembler plugin: missing ${pkgs}
  On Debian/Ubuntu:        apt-get install ${pkgs}   (as root: sudo apt-get install ${pkgs})
  On Fedora/RHEL:          dnf install capstone-devel gcc make
  On Alpine:               apk add capstone-dev gcc make musl-dev
  Then run again, or build by hand: make -C native hsdis
MSG
}

pkgs=$(missing_packages | sed "s/ *$//")
if [ -z "$pkgs" ]; then
    exit 0
fi
if [ "$check_only" -eq 1 ]; then
    explain "$pkgs"
    exit 1
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    explain "$pkgs"
    exit 1
fi

echo "hsdis: installing ${pkgs} with apt-get (waiting up to ${lock_timeout} s for the package manager's lock) ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt_get() {
    apt-get -o DPkg::Lock::Timeout="$lock_timeout" "$@"
}
# apt-get update first when the package lists do not know the package yet (a fresh container)
if ! apt-cache show libcapstone-dev >/dev/null 2>&1; then
    apt_get update -q >&2 || true
fi
# shellcheck disable=SC2086 # the list is meant to split into package names
if ! apt_get install -y -q --no-install-recommends $pkgs >&2; then
    apt_get update -q >&2 || true
    apt_get install -y -q --no-install-recommends $pkgs >&2 || { explain "$pkgs"; exit 1; }
fi
if [ -n "$(missing_packages)" ]; then
    explain "$(missing_packages)"
    exit 1
fi
echo "hsdis: installed ${pkgs}" >&2
exit 0
