// The type in which a scan sums an element type: integers as their unsigned counterpart (so sums
// wrap, defined and identical everywhere, and the two types may alias), floats as themselves.
#pragma once

#include <type_traits>

namespace parprim {

template <class T>
using wrapping_t = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>,
                                               std::type_identity<T>>::type;

}  // namespace parprim
