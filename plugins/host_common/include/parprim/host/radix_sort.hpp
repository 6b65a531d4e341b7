// LSD radix sort building blocks: digit histograms, the choice of passes, and the stable
// scatter of one pass over a range. cpu_seq applies them to the whole array, cpu_tbb to one
// block per thread.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "parprim/host/write_combining_scatter.hpp"
#include "parprim/radix_key.hpp"

namespace parprim::host {

template <class T, unsigned Bits>
struct radix_digits {
  using key_type = radix_key_t<T>;
  static constexpr unsigned key_bits = sizeof(key_type) * 8;
  static constexpr unsigned passes = (key_bits + Bits - 1) / Bits;
  static constexpr unsigned buckets = 1u << Bits;
  using histogram = std::array<std::uint64_t, buckets>;

  /// `flip` is all ones for a descending sort: the complemented key sorts in reverse, ties kept.
  static key_type key(T x, key_type flip) { return to_radix_key(x) ^ flip; }
  static unsigned digit(key_type k, unsigned pass) {
    return static_cast<unsigned>((k >> (pass * Bits)) & (buckets - 1));
  }
  static key_type flip(bool descending) { return descending ? key_type(~key_type(0)) : 0; }
};

/// Adds the digit counts of every pass over in[0..n) to hist[pass].
template <class T, unsigned Bits>
void histogram_all_passes(const T* in, std::uint64_t n, bool descending,
                          typename radix_digits<T, Bits>::histogram* hist) {
  using D = radix_digits<T, Bits>;
  const auto flip = D::flip(descending);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto k = D::key(in[i], flip);
    for (unsigned pass = 0; pass < D::passes; ++pass) ++hist[pass][D::digit(k, pass)];
  }
}

/// Adds the digit counts of one pass over in[0..n) to hist.
template <class T, unsigned Bits>
void histogram_one_pass(const T* in, std::uint64_t n, bool descending, unsigned pass,
                        typename radix_digits<T, Bits>::histogram& hist) {
  using D = radix_digits<T, Bits>;
  const auto flip = D::flip(descending);
  for (std::uint64_t i = 0; i < n; ++i) ++hist[D::digit(D::key(in[i], flip), pass)];
}

/// The passes worth running: a pass whose digit is the same for all n keys moves nothing.
template <class T, unsigned Bits>
std::vector<unsigned> needed_passes(const typename radix_digits<T, Bits>::histogram* hist,
                                    std::uint64_t n) {
  std::vector<unsigned> passes;
  for (unsigned pass = 0; pass < radix_digits<T, Bits>::passes; ++pass) {
    bool constant = false;
    for (std::uint64_t c : hist[pass]) constant |= (c == n);
    if (!constant) passes.push_back(pass);
  }
  return passes;
}

/// Stable scatter of keys[0..n) (and values, when given) by the digit of `pass`; `offsets[d]` is
/// where the next key with digit d goes, advanced as keys are written. Through write-combining
/// buffers (write_combining_scatter.hpp): the same result as a store per key, faster.
template <class T, unsigned Bits>
void scatter_pass(const T* keys, const T* values, std::uint64_t n, bool descending, unsigned pass,
                  std::uint64_t* offsets, T* keys_out, T* values_out,
                  write_combining_buffers<T, radix_digits<T, Bits>::buckets>& buffers) {
  using D = radix_digits<T, Bits>;
  const auto flip = D::flip(descending);
  buffers.scatter(keys, values, n, offsets, keys_out, values_out,
                  [flip, pass](T x) { return D::digit(D::key(x, flip), pass); });
}

/// Where pass k of `count` reads from and writes to, so that the input is never written and the
/// last pass lands in the output: passes alternate between the output and a scratch buffer.
template <class T>
struct ping_pong {
  const T* source;
  T* destination;
};

template <class T>
ping_pong<T> pass_buffers(unsigned k, unsigned count, const T* in, T* out, T* scratch) {
  const bool to_out = (count - 1 - k) % 2 == 0;
  T* destination = to_out ? out : scratch;
  const T* source = k == 0 ? in : (to_out ? scratch : out);
  return {source, destination};
}

}  // namespace parprim::host
