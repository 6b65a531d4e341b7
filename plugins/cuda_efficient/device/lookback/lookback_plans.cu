#include "device/lookback/lookback_compact.cuh"
#include "device/lookback/lookback_plans.hpp"
#include "device/lookback/lookback_scan.cuh"
#include "parprim/cuda/plans.cuh"
#include "parprim/wrapping.hpp"

namespace parprim::cuda_efficient {

std::unique_ptr<plan> make_lookback_plan(cuda::cuda_backend& backend, const problem& p,
                                         std::uint64_t n) {
  const lookback_shape shape = lookback_shape_of(p);
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    if (p.operation == PARPRIM_OP_SCAN)
      return cuda::make_scan_plan<T>(backend, p, n, lookback_scanner<wrapping_t<T>>(n, shape));
    std::unique_ptr<plan> made;
    cuda::with_index_type(n, [&]<class I>() {  // counts: 32-bit where they fit (one state word)
      made = cuda::make_compact_plan<T>(backend, p, lookback_compaction<T, I>(n, shape));
    });
    return made;
  });
}

}  // namespace parprim::cuda_efficient
