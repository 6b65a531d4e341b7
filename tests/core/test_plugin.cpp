#include <catch2/catch.hpp>

#include "parprim/plugin.hpp"

using parprim::param;

TEST_CASE("a parameter with a list allows exactly its listed values") {
  const param block{"block_size", "threads per block", 256, {32, 256, 1024}};
  CHECK(block.allows(32));
  CHECK(block.allows(1024));
  CHECK_FALSE(block.allows(64));
  CHECK_FALSE(block.allows(0));
  CHECK_FALSE(block.allows(-32));
  CHECK(block.allowed_text() == "32, 256, 1024");
}

TEST_CASE("a parameter without a list allows any positive value") {
  const param threads{"threads", "worker threads", 0, {}};
  CHECK(threads.allows(1));
  CHECK(threads.allows(std::int64_t(1) << 40));
  CHECK_FALSE(threads.allows(0));
  CHECK_FALSE(threads.allows(-1));
  CHECK(threads.allowed_text() == "any positive value");
}

TEST_CASE("resolving a problem refuses a value its variant does not allow, by name") {
  parprim::plugin_info info;
  info.name = "tuned";
  info.variants = {{PARPRIM_OP_SCAN,
                    "tiled",
                    "a tiled scan",
                    PARPRIM_ALL_DTYPES,
                    parprim::every_scan,
                    {{"block_size", "threads per block", 256, {128, 256}}}}};
  parprim::problem p;
  p.operation = PARPRIM_OP_SCAN;
  p.dtype = PARPRIM_I32;
  p.params["block_size"] = 128;
  CHECK(parprim::detail::resolve(info, p).params.at("block_size") == 128);
  p.params["block_size"] = 64;
  CHECK_THROWS_WITH(parprim::detail::resolve(info, p),
                    Catch::Contains("block_size") && Catch::Contains("64"));
  p.params.clear();
  CHECK(parprim::detail::resolve(info, p).params.at("block_size") == 256);
}
