// cuda_efficient's declared parameters, read through the ABI as the runner reads them
// (anywhere: no GPU needed). What each tile shape computes is checked on a GPU by the
// conformance suite (bash bundle/gpu_run.sh blocksize).
#include "plugin_fixture.hpp"

using namespace parprim;

namespace {
const param* find(const variant& v, const std::string& name) {
  for (const param& p : v.params)
    if (p.name == name) return &p;
  return nullptr;
}
}  // namespace

TEST_CASE("cuda_efficient: the scan's tile shape and the compaction's block size are parameters") {
  const plugin_client client = test::built_plugin("cuda_efficient");
  const std::vector<std::int64_t> blocks = {32, 64, 128, 256, 512, 1024};

  const variant& scan = *client.variants(PARPRIM_OP_SCAN).at(0);
  REQUIRE(find(scan, "block_size"));
  CHECK(find(scan, "block_size")->default_value == 256);
  CHECK(find(scan, "block_size")->allowed == blocks);
  REQUIRE(find(scan, "items_per_thread"));
  CHECK(find(scan, "items_per_thread")->default_value == 8);
  CHECK(find(scan, "items_per_thread")->allowed == std::vector<std::int64_t>{1, 2, 4, 8, 16});

  const variant& compact = *client.variants(PARPRIM_OP_COMPACT).at(0);
  REQUIRE(compact.params.size() == 1);
  CHECK(compact.params.front().name == "block_size");
  CHECK(compact.params.front().allowed == blocks);

  // The radix sort's tile is fixed; its tunable is the digit width.
  const variant& sort = *client.variants(PARPRIM_OP_SORT).at(0);
  REQUIRE(sort.params.size() == 1);
  CHECK(sort.params.front().name == "radix_bits");
}

TEST_CASE("cuda_efficient: the look-back scan and compaction declare their tile shape") {
  const plugin_client client = test::built_plugin("cuda_efficient");
  for (parprim_operation op : {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT}) {
    CAPTURE(op);
    const variant* lookback = nullptr;
    for (const variant* v : client.variants(op))
      if (v->name == "lookback") lookback = v;
    REQUIRE(lookback);
    REQUIRE(find(*lookback, "block_size"));
    CHECK(find(*lookback, "block_size")->default_value == 256);
    CHECK(find(*lookback, "block_size")->allowed ==
          std::vector<std::int64_t>{32, 64, 128, 256, 512});
    REQUIRE(find(*lookback, "items_per_thread"));
    // 0: the policy for the element size.
    CHECK(find(*lookback, "items_per_thread")->default_value == 0);
    CHECK(find(*lookback, "items_per_thread")->allowed ==
          std::vector<std::int64_t>{0, 8, 12, 16, 24});
  }
}

TEST_CASE("cuda_efficient: the Onesweep sort declares its tile shape") {
  const plugin_client client = test::built_plugin("cuda_efficient");
  const variant* onesweep = nullptr;
  for (const variant* v : client.variants(PARPRIM_OP_SORT))
    if (v->name == "onesweep") onesweep = v;
  REQUIRE(onesweep);
  CHECK(onesweep->dtypes == PARPRIM_ALL_DTYPES);
  REQUIRE(find(*onesweep, "block_size"));
  CHECK(find(*onesweep, "block_size")->default_value == 0);  // the policy: 384 or 256
  // At least one thread per 8-bit digit; at most the kernel's __launch_bounds__.
  CHECK(find(*onesweep, "block_size")->allowed == std::vector<std::int64_t>{0, 256, 384, 512});
  REQUIRE(find(*onesweep, "items_per_thread"));
  CHECK(find(*onesweep, "items_per_thread")->default_value == 0);  // the policy: 23
  CHECK(find(*onesweep, "items_per_thread")->allowed == std::vector<std::int64_t>{0, 16, 23});
}

TEST_CASE("cuda_efficient: UTF-8 decoding in both forms and encoding, as `lookback`") {
  const plugin_client client = test::built_plugin("cuda_efficient");
  const auto decode = client.variants(PARPRIM_OP_UTF8_DECODE);
  REQUIRE(decode.size() == 1);
  CHECK(decode.front()->name == "lookback");
  CHECK(decode.front()->flags == (PARPRIM_CAP_UTF8_REPLACE | PARPRIM_CAP_UTF8_VALIDATE));
  CHECK(decode.front()->offers(PARPRIM_U8));
  const auto encode = client.variants(PARPRIM_OP_UTF8_ENCODE);
  REQUIRE(encode.size() == 1);
  CHECK(encode.front()->name == "lookback");
  CHECK(encode.front()->flags == PARPRIM_CAP_UTF8_REPLACE);
  CHECK(encode.front()->offers(PARPRIM_U32));
}
