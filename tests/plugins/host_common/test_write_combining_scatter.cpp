// The write-combining scatter of a radix pass (plugins/host_common/include/parprim/host/
// write_combining_scatter.hpp): the output equals a plain stable scatter, keys and values,
// whether the output is line-aligned (its full lines streamed, each line's last element from a
// register: streaming_store.hpp's stream_line_ending) or not (stored plainly), whether the
// buckets start on a line or inside one, and nothing outside the output's range is written.
// The split into chunk lists is tested in test_bucket_chunks.cpp.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/digit_counts.hpp"
#include "parprim/host/write_combining_scatter.hpp"

using namespace parprim::host;

namespace {

template <class T>
auto bits_of(T x) {
  if constexpr (sizeof(T) == 4)
    return std::bit_cast<std::uint32_t>(x);
  else
    return std::bit_cast<std::uint64_t>(x);
}

template <class T>
T from_bits(std::uint64_t b) {
  if constexpr (sizeof(T) == 4)
    return std::bit_cast<T>(static_cast<std::uint32_t>(b));
  else
    return std::bit_cast<T>(b);
}

/// Scatters n random elements (seeded) by their low `bits` bits into an output whose element
/// `shift` is line-aligned plus `shift` (0: aligned, streamed), the buckets starting at `base`,
/// and compares the keys, values, every bucket's end offset and the untouched rest with a
/// plain scatter. Bits compare exactly, so NaN payloads and -0.0 of floating keys count.
template <class T>
void check_scatter(std::uint64_t n, unsigned bits, bool pairs, std::uint64_t shift,
                   std::uint64_t base, std::uint64_t seed) {
  CAPTURE(sizeof(T), n, bits, pairs, shift, base, seed);
  std::mt19937_64 rng(seed);
  const std::uint32_t buckets = std::uint32_t(1) << bits;
  const auto digit = [&](T k) { return static_cast<unsigned>(bits_of(k) & (buckets - 1)); };
  aligned_array<T> keys(n + 1), values(n + 1);
  for (std::uint64_t i = 0; i < n; ++i) {
    keys.data()[i] = from_bits<T>(rng());
    values.data()[i] = from_bits<T>(rng());
  }
  // A few buckets take most keys so that long runs of full lines occur beside short buckets.
  for (std::uint64_t i = 0; i < n; i += 3)
    keys.data()[i] = from_bits<T>(bits_of(keys.data()[i]) & ~std::uint64_t(buckets > 4 ? 3 : 0));

  std::vector<std::uint64_t> counts(buckets, 0), offsets(buckets);
  for (std::uint64_t i = 0; i < n; ++i) ++counts[digit(keys.data()[i])];
  exclusive_offsets(counts.data(), buckets, base, offsets.data());
  std::vector<std::uint64_t> expected_offsets = offsets;

  const std::uint64_t room = base + n + 2 * 16;
  const T sentinel = from_bits<T>(0x5a5a5a5a5a5a5a5aull);
  std::vector<T> expected_keys(room, sentinel), expected_values(room, sentinel);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t to = expected_offsets[digit(keys.data()[i])]++;
    expected_keys[to] = keys.data()[i];
    expected_values[to] = values.data()[i];
  }

  aligned_array<T> out_keys(room + shift), out_values(room + shift);
  for (std::uint64_t i = 0; i < room + shift; ++i)
    out_keys.data()[i] = out_values.data()[i] = sentinel;
  elements<T> dst{out_keys.data() + shift, pairs ? out_values.data() + shift : nullptr};
  write_combining_buffers<T, max_buckets> lines(pairs);
  lines.scatter(elements<const T>{keys.data(), pairs ? values.data() : nullptr}, n, buckets,
                offsets.data(), dst, digit);

  CHECK(offsets == expected_offsets);
  std::uint64_t key_mismatches = 0, value_mismatches = 0;
  for (std::uint64_t i = 0; i < room; ++i) {
    key_mismatches += bits_of(dst.keys[i]) != bits_of(expected_keys[i]);
    if (pairs) value_mismatches += bits_of(dst.values[i]) != bits_of(expected_values[i]);
  }
  CHECK(key_mismatches == 0);
  CHECK(value_mismatches == 0);
  for (std::uint64_t i = 0; i < shift; ++i) CHECK(bits_of(out_keys.data()[i]) == bits_of(sentinel));
}

template <class T>
void check_all_shapes(std::uint64_t seed) {
  constexpr std::uint64_t per_line = cache_line / sizeof(T);
  // The edges of a line (empty, one element, a line less one, a line, a line and one), then
  // sizes of many lines, one not a multiple of a line.
  const std::vector<std::uint64_t> sizes{
      0, 1, per_line - 1, per_line, per_line + 1, 2 * per_line - 1, 1000, 4096, 10007, 65539};
  for (const std::uint64_t n : sizes)
    for (const unsigned bits : {0u, 1u, 4u, 11u})
      for (const bool pairs : {false, true})
        for (const std::uint64_t shift : {std::uint64_t(0), std::uint64_t(1)})
          for (const std::uint64_t base : {std::uint64_t(0), std::uint64_t(3), per_line - 1})
            check_scatter<T>(n, bits, pairs, shift, base, seed++);
}

}  // namespace

TEST_CASE("write_combining_buffers::scatter equals a plain stable scatter, u32 and u64") {
  check_all_shapes<std::uint32_t>(20261202);
  check_all_shapes<std::uint64_t>(20261203);
}

TEST_CASE("write_combining_buffers::scatter moves floating keys bit for bit (NaNs, -0.0)") {
  // Random bits as floats: NaNs with payloads, signed zeros and subnormals among them; the
  // scatter copies bits and never compares, so every pattern must arrive unchanged.
  check_all_shapes<float>(20261204);
  check_all_shapes<double>(20261205);
}
