// The vocabulary of the CPU radix sorts: an element's radix key in the sort's order, a digit's
// place in that key, the bits in which a range's keys differ, and keys with their values.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "parprim/host/prefetch_ahead.hpp"
#include "parprim/radix_key.hpp"

namespace parprim::host {

/// Maps elements to unsigned keys whose ascending order is the sort's order: radix_key.hpp's
/// map, complemented for a descending sort (which keeps ties in input order).
template <class T>
struct radix_keys {
  using key_type = radix_key_t<T>;
  static constexpr unsigned bits = sizeof(key_type) * 8;

  explicit radix_keys(bool descending) : flip(descending ? key_type(~key_type(0)) : 0) {}
  key_type operator()(T x) const { return to_radix_key(x) ^ flip; }

  key_type flip;
};

/// Where a digit sits in a key: `width` bits from bit `shift` up.
struct digit_place {
  unsigned shift = 0;
  unsigned width = 0;

  std::uint32_t buckets() const { return std::uint32_t(1) << width; }
  template <class Key>
  std::uint32_t of(Key key) const {
    return static_cast<std::uint32_t>(key >> shift) & (buckets() - 1);
  }
  bool operator==(const digit_place&) const = default;
};

/// The digit at `place` of an element's radix key.
template <class T>
struct digit_of {
  radix_keys<T> keys;
  digit_place place;

  std::uint32_t operator()(T x) const { return place.of(keys(x)); }
};

/// The OR and the AND of a range's keys: the bits set in `any` but not in `all` are those in
/// which some two keys differ. A sort needs to look at no other bit.
template <class Key>
struct key_bounds {
  Key any = 0;
  Key all = Key(~Key(0));

  void add(Key k) {
    any |= k;
    all &= k;
  }
  void merge(const key_bounds& other) {
    any |= other.any;
    all &= other.all;
  }
  /// The differing bits below bit `below` (keys in a range being sorted agree above it).
  Key varying(unsigned below) const {
    const Key mask = below >= sizeof(Key) * 8 ? Key(~Key(0)) : Key((Key(1) << below) - 1);
    return (any ^ all) & mask;
  }
};

/// Keys and, for pairs, their values (null for a keys-only sort), at one position.
template <class T>
struct elements {
  T* keys;
  T* values;

  elements operator+(std::uint64_t i) const { return {keys + i, values ? values + i : nullptr}; }
  operator elements<const T>() const { return {keys, values}; }
};

/// Copies n elements (keys, and values where src has them) from src to dst, unless they are
/// the same place. T is taken from dst, so that src may be given as elements<T>.
template <class T>
void copy_elements(std::type_identity_t<elements<const T>> src, elements<T> dst,
                   std::uint64_t n) {
  if (src.keys == dst.keys || n == 0) return;  // an empty range's pointers may be null
  std::memcpy(dst.keys, src.keys, n * sizeof(T));
  if (src.values) std::memcpy(dst.values, src.values, n * sizeof(T));
}

/// A scatter's per-key step, which the compiler must inline into for_each_key's four copies:
/// left to itself, GCC 12 calls it for some element types.
#if defined(__GNUC__)
#define PARPRIM_ALWAYS_INLINE __attribute__((always_inline))
#else
#define PARPRIM_ALWAYS_INLINE
#endif

/// Where a loop's keys come from: memory (a pass over the whole array, whose loads the
/// hardware prefetchers may leave waiting: prefetch_ahead.hpp) or a range already in cache (a
/// cache sort's passes, where a prefetch is only an instruction more a step).
enum class key_source { memory, cache };

/// Calls visit(keys[i], i) for i in [0, n), in order, loading four keys before visiting any: a
/// scatter's stores may alias the keys, so a key loaded after a store would wait for it.
template <key_source Source, class T, class Index, class Visit>
void for_each_key(const T* keys, Index n, Visit visit) {
  Index i = 0;
  for (; i + 4 <= n; i += 4) {
    if constexpr (Source == key_source::memory) prefetch_ahead(keys + i);
    const T k0 = keys[i], k1 = keys[i + 1], k2 = keys[i + 2], k3 = keys[i + 3];
    visit(k0, i);
    visit(k1, i + 1);
    visit(k2, i + 2);
    visit(k3, i + 3);
  }
  for (; i < n; ++i) visit(keys[i], i);
}

}  // namespace parprim::host
