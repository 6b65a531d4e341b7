#!/usr/bin/env bash
# On the GPU machine's host (issue 35): what sets cpu_seq's pace from process to process. The
# host's facts, then swing_probe (built here, carried as .device/swing_probe) as 30 processes in
# turn, each line with the host's steal and iowait ticks (/proc/stat, all CPUs) over that process.
#   run carry [".device/swing_probe"], command:
#   bash docs/results/gpuhost-2026-12-07-process-swing/call.sh
set -u
: "${OUT:?OUT is the folder the device brings back}"
{ lscpu; nproc; date -u; free -m; grep -i huge /proc/meminfo
  for f in enabled defrag; do
    echo "transparent_hugepage/$f: $(cat /sys/kernel/mm/transparent_hugepage/$f)"; done
  ls /sys/devices/system/node; uptime; } > $OUT/host.txt 2>&1
stat_cpu() { awk '/^cpu /{print $6, $9}' /proc/stat; }  # iowait, steal (ticks)
for i in $(seq 1 30); do
  read -r io0 st0 < <(stat_cpu)
  line=$(timeout 20 .device/swing_probe)
  read -r io1 st1 < <(stat_cpu)
  echo "$i $line steal_ticks $((st1 - st0)) iowait_ticks $((io1 - io0))"
done | tee $OUT/swing.txt
date -u >> $OUT/host.txt
