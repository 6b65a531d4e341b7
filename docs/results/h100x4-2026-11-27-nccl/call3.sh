#!/usr/bin/env bash
# Call 3 (issue 36, on the first multi-GPU machine lent; asked as nvidia-h200-x4, given 4 H100s): `gpu_run.sh nccl` (the links, the nccl
# plugin's conformance on all GPUs and on one, the exchange probe, configs/nccl.yaml on 1, 2 and
# 4 GPUs beside cub), then `gpu_run.sh nccl_large` (sorts of 2^30..2^32 keys) in the time left.
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0, as gpu_run.sh sets it too).
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null; chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT nccl nccl_large 2>/dev/null; }
mkdir -p $OUT/nccl $OUT/nccl_large
nvidia-smi > $OUT/nccl/nvidia-smi.txt 2>&1; nproc >> $OUT/nccl/nvidia-smi.txt
s=$(date +%s)
NCCL_CONFORMANCE_TIMEOUT=150 OUT=$OUT/nccl timeout 370 bash $B/gpu_run.sh nccl > $OUT/nccl/gpu_run.log 2>&1
echo "nccl: exit $? in $(( $(date +%s) - s )) s"; grep -E "^nccl_conformance|exit|GPU[0-9]" $OUT/nccl/gpu_run.log | head -20; keep
s=$(date +%s)
OUT=$OUT/nccl_large timeout 150 bash $B/gpu_run.sh nccl_large > $OUT/nccl_large/gpu_run.log 2>&1
echo "nccl_large: exit $? in $(( $(date +%s) - s )) s"; tail -14 $OUT/nccl_large/gpu_run.log | cut -c1-200; keep
