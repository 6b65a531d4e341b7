// nccl: scan, compaction and sort across the GPUs of one host, over NCCL (nccl_backend.hpp,
// docs/algorithms/multi_gpu.md).
#include "nccl_backend.hpp"

PARPRIM_PLUGIN(parprim::nccl::nccl_backend)
