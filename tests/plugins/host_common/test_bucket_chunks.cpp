// Buckets kept as chunk lists (plugins/host_common/include/parprim/host/bucket_chunks.hpp) and
// the split that fills them (write_combining_buffers::scatter_to_chunks): every bucket, copied
// out of its chunks, holds exactly its keys in input order, whatever the bucket sizes, down to
// the pool's worst case (every bucket's last chunk holding one line).
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "parprim/host/bucket_chunks.hpp"
#include "parprim/host/digit_counts.hpp"
#include "parprim/host/write_combining_scatter.hpp"

using namespace parprim::host;

namespace {

/// Splits keys by their low `bits` bits into chunks of chunk_keys and checks each bucket
/// against the keys of that digit in input order.
template <class T>
void check_split(const std::vector<T>& keys, unsigned bits, std::uint64_t chunk_keys) {
  const std::uint64_t n = keys.size();
  const std::uint32_t buckets = std::uint32_t(1) << bits;
  aligned_array<T> in(n), spare(n);
  std::copy(keys.begin(), keys.end(), in.data());
  bucket_chunks<T> chunks;
  chunks.reserve(n, buckets, chunk_keys);
  REQUIRE(chunks.reserved(n, buckets, chunk_keys));
  chunks.begin(spare.data(), n, buckets, chunk_keys);
  write_combining_buffers<T, max_buckets> lines(false);
  const auto digit = [&](T k) { return static_cast<unsigned>(k & (buckets - 1)); };
  lines.scatter_to_chunks(in.data(), n, chunks, digit);

  std::vector<std::vector<T>> expected(buckets);
  for (const T k : keys) expected[digit(k)].push_back(k);
  for (std::uint32_t b = 0; b < buckets; ++b) {
    CAPTURE(b, n, bits, chunk_keys);
    REQUIRE(chunks.counts()[b] == expected[b].size());
    std::vector<T> got(expected[b].size());
    chunks.copy_out(b, got.data());
    CHECK(got == expected[b]);
  }
}

}  // namespace

TEST_CASE("bucket_chunks: each bucket's keys come back in input order, u32 and u64") {
  std::mt19937_64 rng(20261128);
  for (const std::uint64_t n : {0, 1, 15, 16, 17, 255, 256, 257, 4096, 10007, 65536 + 3})
    for (const unsigned bits : {0u, 1u, 4u, 11u})
      for (const std::uint64_t chunk : {16, 64, 256}) {
        std::vector<std::uint32_t> k32(n);
        std::vector<std::uint64_t> k64(n);
        for (std::uint64_t i = 0; i < n; ++i) k32[i] = static_cast<std::uint32_t>(k64[i] = rng());
        check_split(k32, bits, chunk);
        check_split(k64, bits, chunk / 2 < 8 ? 8 : chunk / 2);
      }
}

TEST_CASE("bucket_chunks: the pool's worst case, every bucket one line into a new chunk") {
  // Each of 64 buckets holds 2 chunks and a line (64 lines in all, under a chunk): 3 chunks
  // a bucket, floor(n / C) + 64 = 128 + 64, the spare array's and the whole slack.
  constexpr unsigned bits = 6;
  constexpr std::uint64_t chunk = 2048, buckets = 64, per_bucket = 2 * chunk + 16;
  std::vector<std::uint32_t> keys;
  for (std::uint64_t i = 0; i < per_bucket; ++i)
    for (std::uint32_t b = 0; b < buckets; ++b)
      keys.push_back(static_cast<std::uint32_t>(i << bits | b));
  check_split(keys, bits, chunk);
}

TEST_CASE("bucket_chunks: the chunk size keeps the slack within a quarter of the array") {
  using chunks = bucket_chunks<std::uint32_t>;
  // 2^24 keys in 2048 buckets: chunks of 2048 keys (8 KiB), a slack of 16 MiB = n / 4.
  CHECK(chunks::chunk_keys_for(std::uint64_t(1) << 24, 2048, 1024, 16 << 10) == 2048);
  CHECK(chunks::chunk_keys_for(std::uint64_t(1) << 26, 2048, 1024, 16 << 10) == 4096);  // max
  CHECK(chunks::chunk_keys_for(std::uint64_t(1) << 21, 2048, 1024, 16 << 10) == 256);   // min
  CHECK(chunks::chunk_keys_for((std::uint64_t(1) << 21) - 1, 2048, 1024, 16 << 10) == 0);
  // u64: the same quarter in keys, the least chunk (1 KiB) half as many keys.
  using chunks64 = bucket_chunks<std::uint64_t>;
  CHECK(chunks64::chunk_keys_for(std::uint64_t(1) << 21, 2048, 1024, 16 << 10) == 256);
  CHECK(chunks64::chunk_keys_for(std::uint64_t(1) << 20, 2048, 1024, 16 << 10) == 128);
  CHECK(chunks64::chunk_keys_for((std::uint64_t(1) << 20) - 1, 2048, 1024, 16 << 10) == 0);
  CHECK(chunks::chunk_keys_for(100, 2048, 64, 16 << 10) == 0);
}
