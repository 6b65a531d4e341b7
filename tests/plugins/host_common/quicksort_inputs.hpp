// Inputs for the tests of the AVX-512 sorts of 32-bit keys (vector_quicksort.hpp,
// in_place_quicksort.hpp, four_way_split.hpp): kinds that test their pivots (equal keys, few
// values, sorted, organ pipes, the largest keys), the XORs a plugin passes, and what a sort by
// key ^ flip must write.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace parprim::test::quicksort_inputs {

enum class input {
  uniform,
  all_equal,
  two_values,
  few_unique,
  ascending,
  descending,
  organ_pipe,
  small_range
};
constexpr input all_inputs[] = {input::uniform,    input::all_equal,  input::two_values,
                                input::few_unique, input::ascending,  input::descending,
                                input::organ_pipe, input::small_range};

inline std::vector<std::uint32_t> make_input(input kind, std::uint32_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto common = static_cast<std::uint32_t>(rng());
  std::vector<std::uint32_t> keys(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto r = static_cast<std::uint32_t>(rng());
    switch (kind) {
      case input::uniform:
        keys[i] = r;
        break;
      case input::all_equal:
        keys[i] = common;
        break;
      case input::two_values:
        keys[i] = r % 2 ? common : ~common;
        break;
      case input::few_unique:
        keys[i] = common + r % 5;
        break;
      case input::ascending:
        keys[i] = i;
        break;
      case input::descending:
        keys[i] = n - i;
        break;
      case input::organ_pipe:
        keys[i] = i < n / 2 ? i : n - i;
        break;
      case input::small_range:
        keys[i] = 0xFFFFFFF0u + r % 16;
        break;  // the largest keys too
    }
  }
  return keys;
}

/// What vector_quicksort must write: the elements ordered by element ^ flip.
inline std::vector<std::uint32_t> expected(std::vector<std::uint32_t> keys, std::uint32_t flip) {
  for (auto& k : keys) k ^= flip;
  std::sort(keys.begin(), keys.end());
  for (auto& k : keys) k ^= flip;
  return keys;
}

/// None, a signed key's sign bit, a descending sort's complement, and both.
constexpr std::uint32_t flips[] = {0, 0x80000000u, 0xFFFFFFFFu, 0x7FFFFFFFu};

}  // namespace parprim::test::quicksort_inputs
