#!/usr/bin/env bash
# Every committed config, read by `runner --check` against the plugins built here: each variant
# name, parameter name and value must be one some backend declares. A backend the config names
# may be unavailable on this machine (no GPU in CI: exit status 3); that alone is no fault of
# the config, so such a run passes only when every problem it reports is an unavailable backend.
# Usage: check_every_config.sh RUNNER CONFIG_DIR
set -uo pipefail
runner=$1
dir=$2
failed=0
checked=0
for config in "$dir"/*.yaml; do
  out=$("$runner" "$config" --check --no-progress 2>&1)
  rc=$?
  checked=$((checked + 1))
  other=$(grep '^runner: ' <<<"$out" | grep -v ') is unavailable: ' || true)
  if [[ $rc -eq 0 ]] || [[ $rc -eq 3 && -z $other ]]; then
    echo "ok   $(tail -n 1 <<<"$out")"
  else
    echo "FAIL $config (exit status $rc):"
    sed 's/^/     /' <<<"$out"
    failed=$((failed + 1))
  fi
done
if [[ $checked -eq 0 ]]; then
  echo "no config found in $dir"
  exit 1
fi
echo "$checked configs checked, $failed with problems"
[[ $failed -eq 0 ]]
