#!/usr/bin/env bash
# Checks the README's promise on a stock Debian 12: debootstraps bookworm into a folder, binds the
# CUDA toolkit in (read-only, as the machines carry it at /usr/local/cuda), clones this repository
# into it, and runs the README's two commands inside exactly as written, timing each. Nothing of
# this machine's own packages or patched CMake modules is visible inside. Needs root and the
# Debian mirror; takes tens of minutes, so it is not part of .ci/run.
#   bash scripts/check_fresh_debian.sh [ROOT_DIR] [LOG]
#   (defaults: /tmp/parprim-fresh-debian, docs/results/fresh-debian12-<date>.log)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
root=${1:-/tmp/parprim-fresh-debian}
log=${2:-$repo/docs/results/fresh-debian12-$(date -u +%Y-%m-%d).log}
mkdir -p "$(dirname "$log")"
exec > >(tee "$log") 2>&1

echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "revision: $(git rev-parse --short=12 HEAD)"
echo "host: $(uname -srm), $(nproc) cores"
command -v debootstrap > /dev/null || apt-get install -y --no-install-recommends debootstrap

mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
bind() {  # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --bind "$1" "$2"
  mounted+=("$2")
  [ "${3:-}" = ro ] && mount -o remount,bind,ro "$2"
  return 0
}

if [ ! -x "$root/usr/bin/apt-get" ]; then
  rm -rf "$root"
  start=$(date +%s)
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$root.debootstrap.log" 2>&1 ||
    { tail -20 "$root.debootstrap.log"; exit 1; }
  echo "debootstrap bookworm (minbase): $(( $(date +%s) - start )) s"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
bind /proc "$root/proc"
bind /sys "$root/sys"
bind /dev "$root/dev"
bind /usr/local/cuda "$root/usr/local/cuda" ro
echo "inside: $(chroot "$root" cat /etc/debian_version), cmake-data $(chroot "$root" dpkg-query -W -f='${Version}' cmake-data 2>/dev/null || echo 'not installed yet')"

# The repository as a user gets it: a clone of the committed tree, and git to make one.
chroot "$root" bash -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends git ca-certificates > /dev/null'
rm -rf "$root/root/parprim"
git clone -q "$repo" "$root/root/parprim"

run() {  # run NAME COMMAND: the README's command, as written, from the repository root
  echo
  echo "=== $2"
  local start=$(date +%s) status=0
  chroot "$root" env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 bash -c "cd /root/parprim && $2" > "$root.$1.log" 2>&1 || status=$?
  tail -8 "$root.$1.log"
  echo "--- $1: exit $status after $(( $(date +%s) - start )) s"
  return $status
}
status=0
run main_job "bash scripts/run_main_job.sh" || status=1
run tests "bash scripts/run_tests.sh" || status=1
echo
echo "cmake-data inside: $(chroot "$root" dpkg-query -W -f='${Version}' cmake-data); its FindCUDAToolkit.cmake unmodified: $(chroot "$root" dpkg -V cmake-data | grep -c FindCUDAToolkit || true) changed files"
echo "fresh Debian 12 check: $([ $status -eq 0 ] && echo PASSED || echo FAILED)"
exit $status
