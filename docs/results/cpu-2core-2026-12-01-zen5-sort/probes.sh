#!/usr/bin/env bash
# The probes of this folder's README, built and run in one go on this machine (one thread each;
# after scripts/build.sh default, for build/core/libparprim_core.a, and with .venv-numpy made by
# scripts/numpy_reference.py). Writes probes.txt beside this script. bash probes.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
D=docs/results/cpu-2core-2026-12-01-zen5-sort
P=docs/results/h200host-2026-11-29-sort-phases
Z=docs/results/cpu-2core-2026-11-28-zen4-count-read-back
mkdir -p probe
build() {  # build NAME SOURCE HEADERS
  g++ -std=c++20 -O3 -DNDEBUG -Icore/include -I"$3" "$2" build/core/libparprim_core.a -static -o "probe/$1"
}
# Headers with each experiment's patch applied, beside the repository's.
for patch in chunk_mask bucket_prefetch; do
  rm -rf "probe/headers_$patch" && mkdir -p "probe/headers_$patch"
  cp -r plugins/host_common/include/. "probe/headers_$patch/"
  patch -s -d "probe/headers_$patch" -p4 < "$D/$patch.patch"
done
H=plugins/host_common/include
build parts_probe "$D/parts_probe.cpp" $H
build phases_probe "$P/phases_probe.cpp" $H
build quicksort_parts "$P/quicksort_parts.cpp" $H
build split_width_probe "$D/split_width_probe.cpp" $H
build split_width_probe_mask "$D/split_width_probe.cpp" probe/headers_chunk_mask
build leaf_network_probe "$D/leaf_network_probe.cpp" $H
build bucket_prefetch_probe "$D/bucket_prefetch_probe.cpp" probe/headers_bucket_prefetch
g++ -std=c++20 -O3 -Wall "$D/split_kernels_probe.cpp" -o probe/split_kernels_probe
g++ -std=c++20 -O3 "$Z/count_forms_probe.cpp" -o probe/count_forms_probe
NP=.venv-numpy/bin/python
{
  date -u; grep -m1 'model name' /proc/cpuinfo; grep -m1 '^cpu family' /proc/cpuinfo; grep -m1 '^model\s' /proc/cpuinfo
  git rev-parse --short HEAD
  echo "## parts"; probe/parts_probe 24 4; probe/parts_probe 26 3
  echo "## phases and np.sort"; probe/phases_probe 24 4; probe/phases_probe 26 3
  echo "## two phases probes at once, one a vCPU (A and B)"
  probe/phases_probe 24 4 | sed 's/^/A /' > probe/concurrent_a.txt &
  probe/phases_probe 24 4 | sed 's/^/B /'; wait; cat probe/concurrent_a.txt
  (unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE; $NP $P/np_sort.py 24 5; $NP $P/np_sort.py 26 3)
  echo "## quicksort rows, partition, networks; np.sort's rows"
  probe/quicksort_parts 8192 3; probe/quicksort_parts 32768 3
  (unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE; $NP $P/np_sort_parts.py 8192 2; $NP $P/np_sort_parts.py 32768 2)
  echo "## split widths (the library's split), in L3 (2^20) and from memory"
  for bits in 7 8 9 10 11 12; do probe/split_width_probe 24 $bits; done
  probe/split_width_probe 20 8; probe/split_width_probe 20 11; probe/split_width_probe 22 11
  echo "## the chunk's offset by a mask (chunk_mask.patch) against the division, alternated"
  for r in 1 2 3; do probe/split_width_probe 24 11; probe/split_width_probe_mask 24 11; done
  echo "## split kernels"; probe/split_kernels_probe 24 3; probe/split_kernels_probe 20 3
  echo "## next bucket prefetched (bucket_prefetch.patch)"
  probe/bucket_prefetch_probe 24 15; probe/bucket_prefetch_probe 26 7
  echo "## leaf networks"; probe/leaf_network_probe; python3 $D/leaf_model.py
  echo "## count forms (the Zen 4 folder's probe)"; probe/count_forms_probe; probe/count_forms_probe
  date -u
} > $D/probes.txt 2>&1
cat $D/probes.txt
