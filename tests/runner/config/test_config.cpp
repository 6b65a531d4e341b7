#include <catch2/catch.hpp>

#include "config_fixture.hpp"

using namespace parprim;
using namespace parprim::runner;
using test::parse;

TEST_CASE("config: a full config is read") {
  const auto p = parse(R"(
plugin_paths: [plugins]
backends: [cpu_seq]
seed: 7
measurement: {warmup: 2, min_samples: 3, max_samples: 9, min_time: 0.01, max_time: 2, max_noise: 0.1}
outputs: {json: out/r.json, csv: out/r.csv, markdown: out/r.md, console: false}
defaults:
  types: [i32, f64]
  distributions: [uniform, small]
benchmarks:
  - operation: scan
    kinds: [exclusive, inclusive]
    sizes: {powers_of_two: {from: 10, to: 14, step: 2}, offsets: [0, -3], list: [1000]}
  - name: big sorts
    operation: sort
    payloads: [keys, pairs]
    orders: [descending]
    types: [u64]
    sizes: [2^20, 2^20+1]
    variants: [radix]
    params: {radix_bits: [8, 11]}
  - operation: compact
    predicates: [nonzero, {greater_than: 2.5}]
    sizes: 4099
)");
  INFO(p.messages());
  REQUIRE(p.cfg);
  CHECK(p.diag.items().empty());
  const config& c = *p.cfg;
  CHECK(c.plugin_paths == std::vector<std::filesystem::path>{"plugins"});
  CHECK(c.backends == std::vector<std::string>{"cpu_seq"});
  CHECK(c.seed == 7);
  CHECK(c.measurement.warmup == 2);
  CHECK(c.measurement.max_noise == 0.1);
  CHECK_FALSE(c.outputs.console);
  CHECK(c.outputs.csv == std::filesystem::path("out/r.csv"));
  REQUIRE(c.benchmarks.size() == 3);

  const auto& scan = c.benchmarks[0];
  CHECK(scan.forms.size() == 2);
  CHECK(scan.types == std::vector<parprim_dtype>{PARPRIM_I32, PARPRIM_F64});
  CHECK(scan.sizes == std::vector<std::uint64_t>{1024, 1021, 4096, 4093, 16384, 16381, 1000});
  CHECK(scan.distributions.size() == 2);

  const auto& sort = c.benchmarks[1];
  CHECK(sort.name == "big sorts");
  CHECK(sort.forms.size() == 2);
  CHECK(sort.forms[1].shape.sort_payload == PARPRIM_SORT_PAIRS);
  CHECK(sort.forms[1].shape.sort_order == PARPRIM_SORT_DESCENDING);
  CHECK(sort.sizes == std::vector<std::uint64_t>{1u << 20, (1u << 20) + 1});
  CHECK(sort.variants == std::vector<std::string>{"radix"});
  CHECK(sort.params.at("radix_bits") == std::vector<std::int64_t>{8, 11});

  const auto& compact = c.benchmarks[2];
  REQUIRE(compact.forms.size() == 2);
  CHECK(compact.forms[1].for_type(PARPRIM_I32).threshold<std::int32_t>() == 2);
  CHECK(compact.forms[1].for_type(PARPRIM_F32).threshold<float>() == 2.5f);
  CHECK(compact.sizes == std::vector<std::uint64_t>{4099});
}

TEST_CASE("config: malformed YAML names file, line and column") {
  const auto p = parse("benchmarks:\n  - operation: [scan\n    sizes: 3\n");
  CHECK_FALSE(p.cfg);
  REQUIRE(p.diag.items().size() == 1);
  CHECK(p.diag.items()[0].code == exit_bad_config);
  CHECK(p.messages().starts_with("test.yaml:3:"));
  CHECK(p.messages().find("malformed YAML") != std::string::npos);
}

TEST_CASE("config: an empty file") {
  for (const char* text : {"", "# nothing but a comment\n"}) {
    const auto p = parse(text);
    CHECK_FALSE(p.cfg);
    CHECK(p.messages() == "test.yaml: the config is empty (see docs/config.md)\n");
  }
}

TEST_CASE("config: an unknown key is named with the valid ones, and the rest still runs") {
  const auto p = parse("benchmarks:\n  - operation: scan\n    sizes: [8]\n    colour: blue\n");
  REQUIRE(p.cfg);
  CHECK(p.cfg->benchmarks.size() == 1);
  CHECK(p.messages() ==
        "test.yaml:4:5: unknown key 'colour' in benchmarks[0] (valid keys: name, operation, "
        "kinds, predicates, payloads, orders, forms, types, sizes, distributions, errors, variants, "
        "params)\n");
  CHECK(p.diag.worst() == exit_bad_config);
}

TEST_CASE("config: a duplicate key") {
  const auto p = parse("seed: 1\nseed: 2\nbenchmarks:\n  - {operation: scan, sizes: [8]}\n");
  REQUIRE(p.cfg);
  CHECK(p.messages() == "test.yaml:2:1: duplicate key 'seed' in the config\n");
  CHECK(p.cfg->seed == 1);
}

TEST_CASE("config: a value of the wrong type") {
  auto p = parse("seed: twelve\nbenchmarks:\n  - {operation: scan, sizes: [8]}\n");
  CHECK(p.messages() == "test.yaml:1:7: seed: expected a non-negative integer, got 'twelve'\n");
  p = parse("measurement: {max_time: soon}\nbenchmarks:\n  - {operation: scan, sizes: [8]}\n");
  CHECK(p.messages() == "test.yaml:1:25: measurement.max_time: expected a number, got 'soon'\n");
  p = parse("benchmarks: {operation: scan}\n");
  CHECK(p.messages().find("'benchmarks' must be a non-empty list") != std::string::npos);
}

TEST_CASE("config: negative and non-integer sizes are reported and left out, 0 is a size") {
  const auto p = parse("benchmarks:\n  - operation: scan\n    sizes: [-4, 0, 2.5, ten, 16]\n");
  REQUIRE(p.cfg);
  REQUIRE(p.cfg->benchmarks.size() == 1);
  CHECK(p.cfg->benchmarks[0].sizes == std::vector<std::uint64_t>{0, 16});
  const char* hint = " is not a size (an integer of at least 0 such as 0, 1000, 2^20 or 2^20-3)\n";
  CHECK(p.messages() == std::string("test.yaml:3:13: sizes: '-4'") + hint +
                            "test.yaml:3:20: sizes: '2.5'" + hint + "test.yaml:3:25: sizes: 'ten'" +
                            hint);
}

TEST_CASE("config: size offsets that are not a list are reported, not read") {
  // Found by the config fuzzer: iterating a mapping's pairs as nodes threw and terminated.
  const auto p = parse(
      "benchmarks:\n  - operation: scan\n    sizes: {list: [8], offsets: {a: 1}}\n");
  CHECK(p.messages().find("sizes.offsets: expected a list of integers such as [0, -3]") !=
        std::string::npos);
}

TEST_CASE("config: a bad size in the defaults is reported once, not once per benchmark") {
  const auto p = parse(
      "defaults: {sizes: [-1, 8]}\nbenchmarks:\n  - {operation: scan}\n  - {operation: sort}\n"
      "  - {operation: compact}\n");
  REQUIRE(p.cfg);
  CHECK(p.cfg->benchmarks.size() == 3);
  CHECK(p.messages() ==
        "test.yaml:1:20: sizes: '-1' is not a size (an integer of at least 0 such "
        "as 0, 1000, 2^20 or 2^20-3)\n");
}

TEST_CASE("config: a benchmark left with no sizes is skipped, the others run") {
  const auto p =
      parse("benchmarks:\n  - {operation: scan, sizes: [-1]}\n  - {operation: sort, sizes: [8]}\n");
  REQUIRE(p.cfg);
  REQUIRE(p.cfg->benchmarks.size() == 1);
  CHECK(p.cfg->benchmarks[0].operation == PARPRIM_OP_SORT);
  CHECK(p.messages().find("benchmarks[0] (scan) has nothing left to run and is skipped") !=
        std::string::npos);
}

TEST_CASE("config: unknown operation, type and distribution names") {
  const auto p = parse(
      "benchmarks:\n"
      "  - {operation: reduce, sizes: [8]}\n"
      "  - {operation: scan, sizes: [8], types: [i32, int128], distributions: [gaussian]}\n");
  REQUIRE(p.cfg);
  CHECK(p.messages() ==
        "test.yaml:2:17: unknown operation 'reduce' (valid: scan, compact, sort, utf8_decode, "
        "utf8_encode)\n"
        "test.yaml:3:48: unknown element type 'int128' (valid: i32, u32, i64, u64, f32, f64)\n"
        "test.yaml:3:73: unknown distribution 'gaussian' (valid: uniform, small, all_equal, "
        "sorted, reverse_sorted, few_unique, float_special, nonnegative)\n"
        "test.yaml:3:5: benchmarks[1] (scan) has nothing left to run and is skipped\n");
}

TEST_CASE("config: the UTF-8 operations take forms, text distributions and error rates") {
  const auto p = parse(
      "benchmarks:\n"
      "  - {operation: utf8_decode, forms: [replace, validate], distributions: [cjk, emoji],\n"
      "     errors: [0, 1e-2], sizes: [8]}\n"
      "  - {operation: utf8_encode, sizes: [8]}\n");
  REQUIRE(p.cfg);
  CHECK(p.messages().empty());
  REQUIRE(p.cfg->benchmarks.size() == 2);
  const auto& decode = p.cfg->benchmarks[0];
  REQUIRE(decode.forms.size() == 2);
  CHECK(decode.forms[1].shape.utf8_form == PARPRIM_UTF8_VALIDATE);
  CHECK(decode.types == std::vector<parprim_dtype>{PARPRIM_U8});
  CHECK(decode.distributions ==
        std::vector<distribution>{distribution::text_cjk, distribution::text_emoji});
  CHECK(decode.error_rates == std::vector<double>{0, 0.01});
  const auto& encode = p.cfg->benchmarks[1];
  CHECK(encode.types == std::vector<parprim_dtype>{PARPRIM_U32});
  CHECK(encode.distributions == std::vector<distribution>{distribution::text_mixed});
  CHECK(encode.error_rates == std::vector<double>{0});
}

TEST_CASE("config: text and numbers, types and error rates each on their own operations") {
  const auto p = parse(
      "benchmarks:\n"
      "  - {operation: utf8_decode, types: [u32], distributions: [uniform], sizes: [8]}\n"
      "  - {operation: scan, types: [u8], distributions: [cjk], errors: [0.5], sizes: [8]}\n"
      "  - {operation: utf8_encode, forms: [validate], errors: [2], sizes: [8]}\n");
  REQUIRE(p.cfg);
  const std::string m = p.messages();
  CHECK(m.find("types does not apply to utf8_decode, which reads u8") != std::string::npos);
  CHECK(m.find("unknown text distribution 'uniform' (valid: ascii, latin, cyrillic, arabic, "
               "cjk, emoji, mixed)") != std::string::npos);
  CHECK(m.find("unknown element type 'u8'") != std::string::npos);
  CHECK(m.find("unknown distribution 'cjk'") != std::string::npos);
  CHECK(m.find("errors applies to the UTF-8 operations' text inputs only") != std::string::npos);
  CHECK(m.find("forms applies to utf8_decode benchmarks only") != std::string::npos);
  CHECK(m.find("errors: 2 is not a rate from 0 to 1") != std::string::npos);
  CHECK(p.diag.worst() == exit_bad_config);
}

TEST_CASE("config: a form key on the wrong operation") {
  const auto p = parse("benchmarks:\n  - {operation: scan, sizes: [8], orders: [descending]}\n");
  CHECK(p.messages().find("orders applies to sort benchmarks only") != std::string::npos);
}

TEST_CASE("config: a config path that does not exist") {
  diagnostics diag;
  CHECK_FALSE(load_config("/no/such/config.yaml", diag));
  REQUIRE(diag.items().size() == 1);
  CHECK(diag.items()[0].message == "/no/such/config.yaml: config file does not exist");
}

TEST_CASE("config: sizes in text form") {
  CHECK(parse_size("1048576") == 1048576u);
  CHECK(parse_size("2^20") == 1u << 20);
  CHECK(parse_size("2^20-3") == (1u << 20) - 3);
  CHECK(parse_size("2^20+1") == (1u << 20) + 1);
  CHECK(parse_size("2^40") == 1ull << 40);
  CHECK(parse_size("0") == 0u);
  CHECK(parse_size("2^3-8") == 0u);
  CHECK_FALSE(parse_size("-1"));
  CHECK_FALSE(parse_size("3^4"));
  CHECK_FALSE(parse_size("2^3-9"));
  CHECK_FALSE(parse_size("1e6"));
  CHECK_FALSE(parse_size(""));
  CHECK_FALSE(parse_size("99999999999999999999999"));
}

TEST_CASE("config: sample modes, GPUs cold and CPUs hot by default, a wrong one is named") {
  const auto plain = parse("benchmarks: [{operation: scan, sizes: [8]}]\n");
  CHECK(plain.cfg->measurement.device_mode == sample_mode::cold);
  CHECK(plain.cfg->measurement.host_mode == sample_mode::hot);
  CHECK(plain.cfg->measurement.mode_for(PARPRIM_DOMAIN_DEVICE) == sample_mode::cold);
  CHECK(plain.cfg->measurement.mode_for(PARPRIM_DOMAIN_HOST) == sample_mode::hot);
  const auto set = parse(
      "measurement: {mode: batch, host_mode: cold, batch_runs: 8}\n"
      "benchmarks: [{operation: scan, sizes: [8]}]\n");
  CHECK(set.messages().empty());
  CHECK(set.cfg->measurement.device_mode == sample_mode::batch);
  CHECK(set.cfg->measurement.host_mode == sample_mode::cold);
  CHECK(set.cfg->measurement.batch_runs == 8);
  const auto bad = parse("measurement: {mode: warm}\nbenchmarks: [{operation: scan, sizes: [8]}]\n");
  CHECK(bad.messages() ==
        "test.yaml:1:21: measurement.mode: expected cold, hot or batch, got 'warm'\n");
  CHECK(bad.cfg->measurement.device_mode == sample_mode::cold);  // the rest is kept
}

TEST_CASE("config: isolation modes, a wrong one is named with the valid ones") {
  using mode = isolation_settings::mode;
  CHECK(parse("benchmarks: [{operation: scan, sizes: [8]}]\n").cfg->isolation.how == mode::process);
  for (const auto& [text, expected] : std::vector<std::pair<std::string, mode>>{
           {"process", mode::process}, {"none", mode::none}, {"both", mode::both}}) {
    const auto p = parse("isolation: {mode: " + text + "}\nbenchmarks: [{operation: scan, sizes: [8]}]\n");
    INFO(text);
    CHECK(p.messages().empty());
    CHECK(p.cfg->isolation.how == expected);
  }
  const auto bad = parse("isolation: {mode: thread}\nbenchmarks: [{operation: scan, sizes: [8]}]\n");
  CHECK(bad.messages() ==
        "test.yaml:1:19: isolation.mode: expected process, none or both, got 'thread'\n");
  CHECK(bad.cfg->isolation.how == mode::process);
}
