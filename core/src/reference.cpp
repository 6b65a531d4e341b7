#include "parprim/reference.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <thread>
#include <type_traits>
#include <vector>

#include "parprim/utf8/operations.hpp"

namespace parprim {
namespace {

// Integer sums wrap like unsigned arithmetic, so they are done in the unsigned type.
template <class T>
T add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return a + b;
  }
}

template <class T>
void scan(const problem& p, std::span<const T> in, std::span<T> out) {
  if constexpr (std::is_floating_point_v<T>) {
    long double sum = 0;  // the higher-precision reference; rounded once per output
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (p.scan_kind == PARPRIM_SCAN_INCLUSIVE) sum += in[i];
      out[i] = static_cast<T>(sum);
      if (p.scan_kind == PARPRIM_SCAN_EXCLUSIVE) sum += in[i];
    }
  } else {
    T sum = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (p.scan_kind == PARPRIM_SCAN_INCLUSIVE) sum = add(sum, in[i]);
      out[i] = sum;
      if (p.scan_kind == PARPRIM_SCAN_EXCLUSIVE) sum = add(sum, in[i]);
    }
  }
}

template <class T>
bool keep(const problem& p, T x) {
  if (p.predicate == PARPRIM_PRED_NONZERO) return x != T(0);
  return x > p.threshold<T>();
}

template <class T>
std::uint64_t compact(const problem& p, std::span<const T> in, std::span<T> out) {
  std::uint64_t count = 0;
  for (T x : in)
    if (keep(p, x)) out[count++] = x;
  return count;
}

// std::stable_sort on every core: chunks sorted in parallel, then merged pairwise, each round in
// parallel. std::merge is stable (on ties it takes the left range first), so the result is
// exactly std::stable_sort's. Large inputs only: a 2^31-key sort on one core takes minutes.
template <class V, class Less>
void parallel_stable_sort(std::vector<V>& v, Less before) {
  const std::size_t n = v.size();
  const unsigned threads = std::min(64u, std::max(1u, std::thread::hardware_concurrency()));
  if (n < (std::size_t{1} << 22) || threads == 1) {
    std::stable_sort(v.begin(), v.end(), before);
    return;
  }
  std::vector<std::size_t> bounds;  // range k is [bounds[k], bounds[k + 1])
  for (unsigned k = 0; k <= threads; ++k) bounds.push_back(n * k / threads);
  {
    std::vector<std::jthread> workers;
    for (unsigned k = 0; k < threads; ++k)
      workers.emplace_back(
          [&, k] { std::stable_sort(v.begin() + bounds[k], v.begin() + bounds[k + 1], before); });
  }
  std::vector<V> merged(n);
  while (bounds.size() > 2) {
    std::vector<std::size_t> next = {0};
    {
      std::vector<std::jthread> workers;
      for (std::size_t k = 0; k + 1 < bounds.size(); k += 2) {
        const std::size_t lo = bounds[k], mid = bounds[k + 1];
        const std::size_t hi = k + 2 < bounds.size() ? bounds[k + 2] : mid;  // a lone last range
        workers.emplace_back([&, lo, mid, hi] {
          std::merge(v.begin() + lo, v.begin() + mid, v.begin() + mid, v.begin() + hi,
                     merged.begin() + lo, before);
        });
        next.push_back(hi);
      }
    }
    v.swap(merged);
    bounds = std::move(next);
  }
}

template <class T>
void sort(const problem& p, std::span<const T> keys, const host_array* values,
          reference_output& r) {
  const bool descending = p.sort_order == PARPRIM_SORT_DESCENDING;
  auto before = [descending](T a, T b) {
    return descending ? sorts_before(b, a) : sorts_before(a, b);
  };
  auto out = r.out.as<T>();
  if (p.sort_payload == PARPRIM_SORT_KEYS) {
    std::vector<T> sorted(keys.begin(), keys.end());
    parallel_stable_sort(sorted, before);
    std::copy(sorted.begin(), sorted.end(), out.begin());
    return;
  }
  struct pair {
    T key, value;
  };
  const auto vin = values->as<T>();
  std::vector<pair> pairs(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) pairs[i] = {keys[i], vin[i]};
  parallel_stable_sort(pairs, [&](const pair& a, const pair& b) { return before(a.key, b.key); });
  r.values_out = host_array(p.dtype, keys.size());
  auto vout = r.values_out.as<T>();
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    out[i] = pairs[i].key;
    vout[i] = pairs[i].value;
  }
}

}  // namespace

template <class T>
bool sorts_before(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    // Class: negative NaN, then every number (±inf included), then positive NaN.
    auto rank = [](T x) { return std::isnan(x) ? (std::signbit(x) ? 0 : 2) : 1; };
    const int ra = rank(a), rb = rank(b);
    if (ra != rb) return ra < rb;
    if (ra == 1) return a < b;  // -0.0 < +0.0 is false: they tie
    // Two NaNs of one sign: by payload, as CUB's bit ordering puts them (larger negative
    // payloads first, larger positive payloads last).
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    const U pa = std::bit_cast<U>(a), pb = std::bit_cast<U>(b);
    return ra == 0 ? pa > pb : pa < pb;
  } else {
    return a < b;
  }
}

template bool sorts_before(std::int32_t, std::int32_t);
template bool sorts_before(std::uint32_t, std::uint32_t);
template bool sorts_before(std::int64_t, std::int64_t);
template bool sorts_before(std::uint64_t, std::uint64_t);
template bool sorts_before(float, float);
template bool sorts_before(double, double);

reference_output compute_reference(const problem& p, const host_array& in,
                                   const host_array* values) {
  if (in.dtype() != p.dtype) throw std::invalid_argument("input type differs from the problem's");
  if (is_utf8(p.operation)) return utf8::reference_of(p, in);
  if (p.has_values() && (!values || values->size() != in.size() || values->dtype() != p.dtype))
    throw std::invalid_argument("sort pairs needs values of the same size and type");
  reference_output r;
  r.out = host_array(p.dtype, in.size());
  r.count = in.size();
  dispatch_dtype(p.dtype, [&]<class T>() {
    switch (p.operation) {
      case PARPRIM_OP_SCAN:
        scan<T>(p, in.as<T>(), r.out.as<T>());
        break;
      case PARPRIM_OP_COMPACT:
        r.count = compact<T>(p, in.as<T>(), r.out.as<T>());
        break;
      case PARPRIM_OP_SORT:
        sort<T>(p, in.as<T>(), values, r);
        break;
      case PARPRIM_OP_UTF8_DECODE:
      case PARPRIM_OP_UTF8_ENCODE:
        break;  // utf8::reference_of, above
    }
  });
  return r;
}

}  // namespace parprim
