// cuda_naive's declared parameters, read through the ABI as the runner reads them (anywhere:
// no GPU needed). What each block size computes is checked on a GPU by the conformance suite
// (bash bundle/gpu_run.sh blocksize).
#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("cuda_naive: every variant takes block_size, 32 to 1024 threads, 256 by default") {
  const plugin_client client = test::built_plugin("cuda_naive");
  int variants = 0;
  for (auto op : {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT, PARPRIM_OP_SORT, PARPRIM_OP_UTF8_DECODE,
                  PARPRIM_OP_UTF8_ENCODE})
    for (const variant* v : client.variants(op)) {
      CAPTURE(v->name);
      ++variants;
      REQUIRE(v->params.size() == 1);
      const param& block = v->params.front();
      CHECK(block.name == "block_size");
      CHECK(block.default_value == 256);
      CHECK(block.allowed == std::vector<std::int64_t>{32, 64, 128, 256, 512, 1024});
    }
  CHECK(variants == 6);
}

TEST_CASE("cuda_naive: the course's UTF-8 decoder in both forms and its encoder, as `course`") {
  const plugin_client client = test::built_plugin("cuda_naive");
  const auto decode = client.variants(PARPRIM_OP_UTF8_DECODE);
  REQUIRE(decode.size() == 1);
  CHECK(decode.front()->name == "course");
  CHECK(decode.front()->flags == (PARPRIM_CAP_UTF8_REPLACE | PARPRIM_CAP_UTF8_VALIDATE));
  const auto encode = client.variants(PARPRIM_OP_UTF8_ENCODE);
  REQUIRE(encode.size() == 1);
  CHECK(encode.front()->name == "course");
  CHECK(encode.front()->flags == PARPRIM_CAP_UTF8_REPLACE);
}
