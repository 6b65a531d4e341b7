#!/usr/bin/env bash
# scripts/device_tree.sh in a repository-shaped folder: `stage` leaves docs/results with the
# named folders and gpu-attestation.json only, the rest held aside; staging twice is refused;
# `restore` brings every held file back, with what a call wrote into a staged folder kept; a
# folder that does not exist is named in the error and nothing is moved.
#   test_device_tree.sh WORK_DIR
set -euo pipefail
work=$1
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work/repo/scripts" "$work/repo/docs/results/kept/sub" "$work/repo/docs/results/big"
cp "$here/../../scripts/device_tree.sh" "$work/repo/scripts/"
cd "$work/repo"
echo attested > docs/results/gpu-attestation.json
echo a > docs/results/kept/sub/a.txt
echo b > docs/results/big/b.txt
echo index > docs/results/README.md
export HOLD="$work/held"
fail() { echo "test_device_tree.sh: $*" >&2; exit 1; }

# A folder that is not there: refused, nothing moved.
if bash scripts/device_tree.sh stage kept missing 2> err.log; then fail "staged a missing folder"; fi
grep -q "docs/results/missing" err.log || fail "the error does not name the missing folder"
[ -f docs/results/big/b.txt ] && [ ! -e "$HOLD" ] || fail "a refused stage moved something"

bash scripts/device_tree.sh stage kept > /dev/null
[ -f docs/results/kept/sub/a.txt ] || fail "the staged folder is not there"
[ -f docs/results/gpu-attestation.json ] || fail "the attestation is not there"
[ ! -e docs/results/big ] && [ ! -e docs/results/README.md ] || fail "an unnamed folder stayed"
bash scripts/device_tree.sh status | grep -q "^staged" || fail "status does not say staged"
if bash scripts/device_tree.sh stage kept 2> err.log; then fail "staged twice"; fi
grep -q "staged already" err.log || fail "the second stage does not say why"

# What a call writes: a new folder, a new file in the staged folder, a new attestation.
mkdir -p docs/results/new_call && echo r > docs/results/new_call/r.txt
echo c > docs/results/kept/sub/c.txt
echo new > docs/results/gpu-attestation.json
bash scripts/device_tree.sh restore > /dev/null
[ -f docs/results/big/b.txt ] && [ -f docs/results/README.md ] || fail "a held file is lost"
[ -f docs/results/kept/sub/a.txt ] && [ -f docs/results/kept/sub/c.txt ] || fail "staged folder"
[ -f docs/results/new_call/r.txt ] || fail "the call's new folder is lost"
[ "$(cat docs/results/gpu-attestation.json)" = new ] || fail "the call's attestation is lost"
[ ! -e "$HOLD" ] || fail "the hold is left behind"
bash scripts/device_tree.sh status | grep -q "^not staged" || fail "status after restore"
if bash scripts/device_tree.sh restore 2> /dev/null; then fail "restored with nothing staged"; fi
echo "device_tree.sh: stage, refusals and restore as documented"
