#!/bin/sh
# Installs the HTTP clients the gateway's tests use as a user would: curl and wrk (Debian packages).
#
#   tools/scripts/install-http-clients.sh          install what is missing (as root, with apt-get), else say what to do
#   tools/scripts/install-http-clients.sh --check  only check; exit 1 with the instructions when something is missing
#
# Exit codes: 0 both present (or installed now), 1 missing and not installed (the message says how).
set -u

check_only=0
[ "${1:-}" = "--check" ] && check_only=1

missing_packages() {
    command -v curl >/dev/null 2>&1 || printf 'curl '
    command -v wrk >/dev/null 2>&1 || printf 'wrk '
}

explain() {
    echo "http clients: missing $1; on Debian/Ubuntu: apt-get install -y $1 (as root)" >&2
}

pkgs=$(missing_packages | sed "s/ *$//")
[ -z "$pkgs" ] && exit 0
if [ "$check_only" -eq 1 ] || [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    explain "$pkgs"
    exit 1
fi
echo "http clients: installing ${pkgs} with apt-get ..." >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show wrk >/dev/null 2>&1; then
    apt-get update -q -o DPkg::Lock::Timeout=120 >&2 || true
fi
# shellcheck disable=SC2086 # the list is meant to split into package names
if ! apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=120 $pkgs >&2; then
    apt-get update -q -o DPkg::Lock::Timeout=120 >&2 || true
    apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=120 $pkgs >&2 || { explain "$pkgs"; exit 1; }
fi
pkgs=$(missing_packages | sed "s/ *$//")
[ -z "$pkgs" ] || { explain "$pkgs"; exit 1; }
exit 0
