// cpu_tbb's radix plan (plugins/cpu_tbb/parallel_radix_sort.hpp), called directly with a small
// cache sort (4096 u32 keys, 2048 8-byte ones; one thread sorts up to four of them), its
// in-place paths off so that every CPU takes the split: the split with no count before it
// (cpu_sort.md, step 38; on up to 3 threads whatever the CPU's rule) at sizes at its edges (one
// thread's limit and past it, blocks of whole chunks with a short last one), on 1-3 threads, u32,
// i32, f32 and u64 keys, both orders; its stability through the blocks' chunks (f32's -0.0 and +0.0
// tie, and keep input order) in buckets the cache sort takes, in buckets past it that one thread
// sorts, and in one that every thread splits again; and the arrays that keep the counted split.
// Each against std::stable_sort by the same radix keys; inputs from recorded seeds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <type_traits>
#include <vector>

#include "parallel_radix_sort.hpp"

using namespace parprim;

namespace {

host::radix_sort_policy small_cache() {
  host::radix_sort_policy policy;
  policy.cache_bytes = 16u << 10;
  policy.min_chunk_bytes = 64;  // chunks of one line: every block's buckets cross chunks
  policy.in_place_partitions = false;
  policy.parallel_in_place_max_keys = 0;
  policy.parallel_split_without_count_max_threads = 3;  // whatever this CPU's rule
  return policy;
}

template <class T>
parprim_dtype dtype_of() {
  if constexpr (std::is_same_v<T, float>) return PARPRIM_F32;
  if constexpr (std::is_same_v<T, std::uint64_t>) return PARPRIM_U64;
  if constexpr (std::is_signed_v<T>) return PARPRIM_I32;
  return PARPRIM_U32;
}

// Keys of every bit pattern the type has (f32: NaNs too), from `seed`.
template <class T>
std::vector<T> uniform_keys(std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> keys(n);
  for (auto& k : keys) {
    const std::uint64_t r = rng();
    std::memcpy(&k, &r, sizeof(T));
  }
  return keys;
}

struct outcome {
  bool without_count;
  bool sorted;
};

// The plan's output for `keys`, and whether it is std::stable_sort's by the radix keys.
template <class T>
outcome sort_with_plan(const std::vector<T>& keys, int threads, bool descending,
                       const host::radix_sort_policy& policy = small_cache()) {
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = dtype_of<T>();
  p.sort_order = descending ? PARPRIM_SORT_DESCENDING : PARPRIM_SORT_ASCENDING;
  const std::uint64_t n = keys.size();
  cpu_tbb::parallel_radix_sort_plan<T> plan(p, n, threads, policy);
  std::vector<T> out(n);
  parprim_io io{sizeof(parprim_io), keys.data(), out.data(), nullptr, nullptr, nullptr, nullptr};
  plan.run(io);
  const host::radix_keys<T> radix(descending);
  std::vector<T> want = keys;
  std::stable_sort(want.begin(), want.end(), [&](T a, T b) { return radix(a) < radix(b); });
  const bool same = std::memcmp(out.data(), want.data(), n * sizeof(T)) == 0;
  return {plan.splits_without_count(keys.data()), same};
}

// -0.0 and +0.0 in turn at every place i with i % every == 1, uniform floats elsewhere (the
// plan's 256 sampled keys, at even places, then differ in their top bit).
std::vector<float> with_zeros(std::uint64_t n, std::uint64_t every, std::uint64_t seed) {
  auto keys = uniform_keys<float>(n, seed);
  for (std::uint64_t i = 1; i < n; i += every) keys[i] = (i / every) % 2 ? -0.0f : 0.0f;
  return keys;
}

}  // namespace

TEST_CASE("parallel_radix_sort: the split with no count, sizes at its edges, 1-3 threads") {
  // 16384 u32 keys: one thread's limit (4 cache sorts), sorted by one thread; past it, the
  // split with no count: 16385, blocks cut on chunks with a short last one, non-powers of two.
  const std::uint64_t sizes[] = {16384, 16385, 20011, 65536, 100003, 262147};
  for (const std::uint64_t n : sizes)
    for (const int threads : {1, 2, 3})
      for (const bool descending : {false, true}) {
        const std::uint64_t seed = 38000 + n + threads;
        CAPTURE(n, threads, descending, seed);
        const outcome u32 =
            sort_with_plan(uniform_keys<std::uint32_t>(n, seed), threads, descending);
        CHECK(u32.sorted);
        // On 3 threads (6 blocks) a block's slack, a chunk a bucket, would pass a quarter of
        // the block at these sizes, and the counted split is taken.
        if (threads < 3) CHECK(u32.without_count == (n > 16384));
        CHECK(sort_with_plan(uniform_keys<std::int32_t>(n, seed), threads, descending).sorted);
        CHECK(sort_with_plan(uniform_keys<float>(n, seed), threads, descending).sorted);
        // 8-byte keys: a cache sort of 2048, one thread's limit 8192.
        const outcome u64 =
            sort_with_plan(uniform_keys<std::uint64_t>(n, seed), threads, descending);
        CHECK(u64.sorted);
        if (threads < 3) CHECK(u64.without_count);
      }
}

TEST_CASE("parallel_radix_sort: the split with no count keeps ties in input order") {
  // f32 -0.0 and +0.0 tie: their bucket gathers them from every block's chunks in block order.
  // One in 40 keys a zero: a bucket of about 2500 keys, which the cache sort takes from the
  // staging array; one in 8: about 12500, past the cache sort, sorted by one thread in place;
  // one in 2: about 50000, past one thread's limit, split again by every thread.
  const std::uint64_t n = 100003;
  for (const std::uint64_t every : {40, 8, 2})
    for (const int threads : {1, 2, 3})
      for (const bool descending : {false, true}) {
        const std::uint64_t seed = 38100 + every;
        CAPTURE(every, threads, descending, seed);
        const outcome o = sort_with_plan(with_zeros(n, every, seed), threads, descending);
        CHECK(o.without_count);
        CHECK(o.sorted);
      }
}

TEST_CASE("parallel_radix_sort: arrays that keep the counted split are sorted by it") {
  const std::uint64_t n = 100003, seed = 38200;
  // Keys that agree in their top bit: the sampled keys say the top digit would not spread them.
  auto low = uniform_keys<std::uint32_t>(n, seed);
  for (auto& k : low) k >>= 1;
  const outcome agreeing = sort_with_plan(low, 2, false);
  CHECK_FALSE(agreeing.without_count);
  CHECK(agreeing.sorted);
  // The policy's choice off.
  host::radix_sort_policy counted = small_cache();
  counted.split_without_count = false;
  const outcome off = sort_with_plan(with_zeros(n, 8, seed), 2, false, counted);
  CHECK_FALSE(off.without_count);
  CHECK(off.sorted);
  // More threads than the policy splits so on.
  host::radix_sort_policy two = small_cache();
  two.parallel_split_without_count_max_threads = 2;
  const outcome many = sort_with_plan(with_zeros(n, 8, seed), 3, true, two);
  CHECK_FALSE(many.without_count);
  CHECK(many.sorted);
  CHECK(sort_with_plan(with_zeros(n, 8, seed), 2, true, two).without_count);
  // Chunks too small for the policy's least (a block's slack would pass a quarter of it).
  host::radix_sort_policy large_chunks = small_cache();
  large_chunks.min_chunk_bytes = 64u << 10;
  const outcome coarse =
      sort_with_plan(uniform_keys<std::uint32_t>(n, seed), 2, true, large_chunks);
  CHECK_FALSE(coarse.without_count);
  CHECK(coarse.sorted);
}
