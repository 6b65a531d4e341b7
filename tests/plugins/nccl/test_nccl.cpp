// The nccl plugin where there may be fewer than two GPUs (CI has none): it loads, declares its
// variants and its `gpus` axis, and answers for itself. Its results are checked by the
// conformance suite on the multi-GPU machines (docs/results/). The shard layout, the plugin's
// one piece of arithmetic every buffer depends on, is checked here directly.
#include <cstdint>
#include <string>

#include "plugin_fixture.hpp"
#include "shards/shard_layout.hpp"

using namespace parprim;
using parprim::nccl::shard_layout;

TEST_CASE("nccl: loads everywhere, with a gpus axis, and says whether it can run") {
  const plugin_client client = test::built_plugin("nccl");
  CHECK(client.name() == "nccl");
  CHECK(client.descriptor().memory_domain == PARPRIM_DOMAIN_DEVICE);
  for (auto op : {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT, PARPRIM_OP_SORT}) {
    const auto variants = client.variants(op);
    REQUIRE(variants.size() == 1);
    const parprim::variant& v = *variants[0];
    REQUIRE(v.params.size() == 1);
    CHECK(v.params[0].name == "gpus");
    CHECK(v.params[0].default_value == 0);  // every visible GPU
  }
  if (!client.plugin().available()) {
    const std::string reason = *client.plugin().unavailable_reason;
    INFO(reason);
    CHECK((reason.find("CUDA") != std::string::npos || reason.find("NCCL") != std::string::npos ||
           reason.find("two GPUs") != std::string::npos));
  }
}

TEST_CASE("nccl: with no visible device it is unavailable, and a run skips it") {
  const auto [status, text] =
      test::run_command("CUDA_VISIBLE_DEVICES= " + std::string(PARPRIM_RUNNER_EXE) + " --list");
  INFO(text);
  CHECK(status == 0);
  const auto at = text.find("nccl 1.0.0");
  REQUIRE(at != std::string::npos);
  CHECK(text.find("unavailable: no CUDA device visible", at) != std::string::npos);
}

TEST_CASE("nccl: shards cover the array once, in rank order, in whole elements") {
  const std::uint64_t sizes[] = {
      1, 4, 8, 255, 256, 257, 511, 512, 4096, 4100, (1ull << 31) * 4 + 20, 3 * 1000 * 8};
  for (int gpus : {1, 2, 3, 4, 8})
    for (std::uint64_t bytes : sizes) {
      CAPTURE(gpus, bytes);
      const shard_layout l{bytes, gpus};
      CHECK(l.stride() % shard_layout::granularity == 0);  // whole elements of 4 and 8 bytes
      std::uint64_t covered = 0;
      for (int r = 0; r < gpus; ++r) {
        CHECK(l.offset(r) == covered);
        CHECK(l.data_bytes(r) <= l.stride());
        CHECK(l.data_bytes(r) <= l.capacity());
        covered += l.data_bytes(r);
      }
      CHECK(covered == bytes);
      // Every shard but the trailing ones is full: the split is even up to one block.
      CHECK(l.data_bytes(0) == std::min(bytes, l.stride()));
    }
}

TEST_CASE("nccl: a shard across several GPUs has room for a sort's uneven share") {
  const shard_layout one{1000, 1};
  CHECK(one.capacity() == 1000);  // one GPU: nothing moves, no room needed
  const shard_layout two{(1ull << 30) * 4, 2};
  CHECK(two.capacity() == two.stride() + two.stride() / 16);
  // Small arrays: the room holds the whole array, so no split can overflow a shard.
  const shard_layout tiny{600, 4};
  CHECK(tiny.capacity() >= tiny.bytes);
  CHECK(tiny.data_bytes(2) == 88);  // 600 bytes in 256-byte blocks over 4 GPUs: 256, 256, 88, 0
  CHECK(tiny.data_bytes(3) == 0);
}
