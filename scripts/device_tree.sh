#!/usr/bin/env bash
# The working tree travels to the GPU machine whole, under 64 MiB, and docs/results alone is
# larger: before a device call its folders are moved aside but for those the call reads, and
# after it they come back. By hand this was done before every call, with the risk of a commit
# made while the records were moved away; this script does it, and refuses to stage twice.
#   bash scripts/device_tree.sh stage FOLDER [FOLDER ...]
#       moves docs/results aside to $HOLD (default /tmp/parprim_results_held) and puts back
#       docs/results/FOLDER for each one named (folders under docs/results) and
#       docs/results/gpu-attestation.json;
#   bash scripts/device_tree.sh restore
#       puts docs/results back as it was, the files a call wrote into it kept where they are new
#       (a folder that was staged keeps what the call added);
#   bash scripts/device_tree.sh status
#       says whether docs/results is staged now.
set -euo pipefail
cd "$(dirname "$0")/.."
hold=${HOLD:-/tmp/parprim_results_held}
results=docs/results

case "${1:-}" in
  stage)
    shift
    [ $# -ge 1 ] || { echo "device_tree.sh stage: name the folders the call reads" >&2; exit 2; }
    if [ -e "$hold" ]; then
      echo "device_tree.sh: $hold exists: docs/results is staged already (restore it first)" >&2
      exit 1
    fi
    for folder in "$@"; do
      [ -d "$results/$folder" ] || { echo "device_tree.sh: no folder $results/$folder" >&2; exit 2; }
    done
    mv "$results" "$hold"
    mkdir -p "$results"
    cp -p "$hold/gpu-attestation.json" "$results/" 2> /dev/null || true
    for folder in "$@"; do cp -rp "$hold/$folder" "$results/$folder"; done
    echo "staged: docs/results holds $* ($(du -sh "$results" | cut -f1)); the rest is in $hold"
    ;;
  restore)
    [ -d "$hold" ] || { echo "device_tree.sh: nothing staged ($hold absent)" >&2; exit 1; }
    # What the staged tree holds now (the staged folders, and what a call wrote) goes over the
    # held copy, then the whole moves back.
    cp -rp "$results/." "$hold/"
    rm -rf "$results"
    mv "$hold" "$results"
    echo "restored: docs/results ($(du -sh "$results" | cut -f1))"
    ;;
  status)
    if [ -d "$hold" ]; then echo "staged (held in $hold)"; else echo "not staged"; fi
    ;;
  *)
    echo "usage: bash scripts/device_tree.sh stage FOLDER [FOLDER ...] | restore | status" >&2
    exit 2
    ;;
esac
