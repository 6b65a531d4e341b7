// cpu_tbb's per-worker output buffers (plugins/cpu_tbb/worker_buffers.hpp): each worker of an
// arena writes its own, one for each slot, and place() copies exactly its first n elements,
// streamed or not, to a destination at any alignment, touching nothing around it.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <vector>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "worker_buffers.hpp"

using parprim::cpu_tbb::worker_buffers;

TEST_CASE("worker_buffers: each worker places its own elements, streamed or not") {
  constexpr int threads = 3;
  constexpr std::size_t elements = 1000;
  constexpr std::uint32_t untouched = 0xDEADBEEF;
  tbb::task_arena arena(threads);
  for (const bool stream : {false, true}) {
    worker_buffers<std::uint32_t> buffers(arena, elements, stream);
    // Destinations at every offset in a cache line, with lengths across whole lines and none.
    const std::size_t cases = 64;
    std::vector<std::uint32_t> out(cases * (elements + 32), untouched);
    std::vector<const std::uint32_t*> owned(cases);
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, cases, [&](std::size_t c) {
        const unsigned slot = static_cast<unsigned>(c % parprim::cpu_tbb::held_parts);
        std::uint32_t* own = buffers.own(slot);
        const std::size_t n = c == 0 ? 0 : (c * 97) % elements + 1;
        for (std::size_t i = 0; i < n; ++i) own[i] = static_cast<std::uint32_t>(c << 16 | i);
        owned[c] = own;
        buffers.place(slot, out.data() + c * (elements + 32) + c % 16, n);
      });
    });
    CAPTURE(stream);
    for (std::size_t c = 0; c < cases; ++c) {
      const std::size_t n = c == 0 ? 0 : (c * 97) % elements + 1;
      const std::uint32_t* region = out.data() + c * (elements + 32);
      for (std::size_t i = 0; i < elements + 32; ++i) {
        const bool inside = i >= c % 16 && i < c % 16 + n;
        const std::uint32_t want =
            inside ? static_cast<std::uint32_t>(c << 16 | (i - c % 16)) : untouched;
        if (region[i] != want) FAIL("case " << c << " element " << i << ": " << region[i]);
      }
    }
    // At most one buffer per worker of the arena and slot.
    CHECK(std::set<const std::uint32_t*>(owned.begin(), owned.end()).size() <=
          threads * parprim::cpu_tbb::held_parts);
  }
}
