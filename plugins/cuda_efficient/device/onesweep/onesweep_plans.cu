#include "device/onesweep/onesweep_plans.hpp"
#include "device/onesweep/onesweep_sort.cuh"
#include "parprim/cuda/plans.cuh"
#include "shapes/onesweep_shape.hpp"

namespace parprim::cuda_efficient {

std::unique_ptr<plan> make_onesweep_plan(cuda::cuda_backend& backend, const problem& p,
                                         std::uint64_t n) {
  const lookback_shape shape = onesweep_shape_of(p);
  const bool pairs = p.sort_payload == PARPRIM_SORT_PAIRS;
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    return cuda::make_sort_plan<T>(backend, p, onesweep_sort<T>(n, pairs, shape));
  });
}

}  // namespace parprim::cuda_efficient
