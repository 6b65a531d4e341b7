// The NCCL data type of an element type: integers as their unsigned counterparts, which is how
// scans sum them and how keys are moved.
#pragma once

#include <nccl.h>

#include <type_traits>

namespace parprim::nccl {

template <class T>
constexpr ncclDataType_t nccl_type() {
  if constexpr (std::is_same_v<T, float>)
    return ncclFloat32;
  else if constexpr (std::is_same_v<T, double>)
    return ncclFloat64;
  else if constexpr (sizeof(T) == 4)
    return ncclUint32;
  else
    return ncclUint64;
}

}  // namespace parprim::nccl
