// cpu_tbb's chained pass (plugins/cpu_tbb/chained_parts.hpp): every part is finished once, with
// the combination of exactly the parts before it, in order, on the worker and slot that reduced
// it, whatever order the workers reach the parts in. The combine below is not commutative (a
// run of part indices, joined only end to end), so a prefix put together out of order, with a
// part missing or counted twice, fails.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "chained_parts.hpp"

using parprim::cpu_tbb::chained_parts;
using parprim::cpu_tbb::held_parts;

namespace {

/// Parts first..last - 1 joined in order; `broken` once two runs were joined out of order.
struct run_of_parts {
  std::uint64_t first = 0, last = 0;
  bool broken = false;
};

run_of_parts join(run_of_parts a, run_of_parts b) {
  if (a.first == a.last) return b;  // the empty run: zero
  if (b.first == b.last) return a;
  return {a.first, b.last, a.broken || b.broken || a.last != b.first};
}

struct finished_part {
  std::atomic<int> times{0};
  run_of_parts prefix, aggregate;
  bool same_worker_and_slot = false;
};

void check_pass(std::uint64_t n, std::uint64_t part_size, int threads, std::uint32_t seed,
                unsigned slow_one_in) {
  CAPTURE(n, part_size, threads, seed, slow_one_in);
  tbb::task_arena arena(threads);
  chained_parts<run_of_parts> parts(n, part_size);
  const std::uint64_t count = (n + part_size - 1) / part_size;
  std::vector<finished_part> finished(count);
  // Which part each worker's slot holds, set by reduce and checked by finish.
  std::vector<std::int64_t> holder(static_cast<std::size_t>(threads) * held_parts, -1);
  std::vector<std::uint32_t> delay_us(count);
  std::mt19937 random(seed);
  for (auto& d : delay_us) d = random() % slow_one_in == 0 ? 200 + random() % 800 : 0;
  const auto slot_of = [&](unsigned slot) {
    return static_cast<std::size_t>(tbb::this_task_arena::current_thread_index()) * held_parts +
           slot;
  };
  // Catch2's assertions are not for worker threads: those count what they find wrong.
  std::atomic<int> wrong_calls{0};
  // Run twice: the state of one run must not leak into the next.
  for (int repeat = 0; repeat < 2; ++repeat) {
    for (auto& f : finished) f.times = 0;
    parts.run(
        arena, run_of_parts{},
        [&](std::uint64_t b, std::uint64_t e, unsigned slot) {
          const std::uint64_t i = b / part_size;
          if (slot >= held_parts || b % part_size != 0 || e != std::min(n, b + part_size) ||
              i >= count) {
            ++wrong_calls;
            return run_of_parts{};
          }
          holder[slot_of(slot)] = static_cast<std::int64_t>(i);
          if (delay_us[i]) std::this_thread::sleep_for(std::chrono::microseconds(delay_us[i]));
          return run_of_parts{i, i + 1};
        },
        join,
        [&](std::uint64_t b, std::uint64_t, run_of_parts prefix, run_of_parts aggregate,
            unsigned slot) {
          finished_part& f = finished[b / part_size];
          f.prefix = prefix;
          f.aggregate = aggregate;
          f.same_worker_and_slot =
              holder[slot_of(slot)] == static_cast<std::int64_t>(b / part_size);
          ++f.times;
        });
    REQUIRE(wrong_calls == 0);
    for (std::uint64_t i = 0; i < count; ++i) {
      CAPTURE(repeat, i);
      REQUIRE(finished[i].times == 1);
      CHECK(finished[i].same_worker_and_slot);
      CHECK(finished[i].aggregate.first == i);
      CHECK(finished[i].aggregate.last == i + 1);
      CHECK_FALSE(finished[i].prefix.broken);
      CHECK(finished[i].prefix.first == 0);
      CHECK(finished[i].prefix.last == (i == 0 ? 0 : i));
    }
  }
}

}  // namespace

TEST_CASE("chained_parts: no parts, one, and a last part shorter than the others") {
  check_pass(0, 16, 4, 1, 1000);
  check_pass(1, 16, 4, 2, 1000);
  check_pass(16, 16, 4, 3, 1000);
  check_pass(17, 16, 4, 4, 1000);
  check_pass(16 * 37 + 5, 16, 4, 5, 1000);
}

TEST_CASE("chained_parts: exact prefixes when parts are slow at random (seeded)") {
  // Slow parts make workers hold parts while others are still reduced, and look back past
  // parts that have published only their aggregate.
  for (const std::uint32_t seed : {20261128u, 7u, 99u})
    for (const int threads : {2, 3, 8}) check_pass(64 * 300 + 13, 64, threads, seed, 7);
}

TEST_CASE("chained_parts: more workers than cores, each part slow, still ends") {
  // An arena of more threads than the machine runs: some workers start only after others
  // end, and a held part never waits on a part that no running worker has claimed.
  const int threads = 4 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  check_pass(100 * 8, 8, threads, 11, 1);
}
