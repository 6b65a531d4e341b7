// `runner plot` on a small fixed results file (data/small_results.json, made by the runner):
// the plots exist, are non-empty and are PNG and SVG files.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace fs = std::filesystem;

namespace {
std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}
int run(const std::string& args) {
  const int raw = std::system(
      (std::string(PARPRIM_RUNNER_EXE) + " plot " + args + " > /dev/null 2>&1").c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}
}  // namespace

TEST_CASE("plot: a size sweep and a thread sweep become PNG and SVG files") {
  const fs::path out = fs::temp_directory_path() / "parprim_test_plot";
  fs::remove_all(out);
  REQUIRE(run(std::string(PARPRIM_RUNNER_DATA_DIR) + "/small_results.json --out " + out.string()) ==
          0);
  for (const char* stem : {"scan_exclusive_i32_uniform", "scaling_sort_keys_ascending_i32_3000"}) {
    CAPTURE(stem);
    const std::string png = read(out / (std::string(stem) + ".png"));
    const std::string svg = read(out / (std::string(stem) + ".svg"));
    REQUIRE(png.size() > 1000);
    CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    CHECK(svg.find("<svg") != std::string::npos);
  }
}

TEST_CASE("plot: time against any swept parameter, named after it") {
  // The thread sweep of small_results.json, its parameter renamed in the records (not in the
  // context's CPU): a block-size study has the same shape.
  std::string text = read(std::string(PARPRIM_RUNNER_DATA_DIR) + "/small_results.json");
  std::size_t renamed = 0;
  for (std::size_t at = text.find("\"records\"");
       (at = text.find("\"threads\": ", at)) != std::string::npos; ++renamed)
    text.replace(at, 9, "\"block_size\"");
  REQUIRE(renamed == 2);
  const fs::path dir = fs::temp_directory_path() / "parprim_test_plot_param";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "results.json") << text;
  REQUIRE(run((dir / "results.json").string() + " --out " + (dir / "plots").string()) == 0);
  const std::string svg = read(dir / "plots" / "by_block_size_sort_keys_ascending_i32_3000.svg");
  CHECK(svg.find("block_size") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "plots" / "scaling_sort_keys_ascending_i32_3000.svg"));
}

TEST_CASE("plot: a file that is not parprim results is refused") {
  const fs::path bad = fs::temp_directory_path() / "parprim_test_plot_bad.json";
  std::ofstream(bad) << "{\"schema\": \"something else\"}";
  CHECK(run(bad.string()) == 2);
}

TEST_CASE("report: a Markdown page with the tables and the plots beside it") {
  const fs::path dir = fs::temp_directory_path() / "parprim_test_report";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path md = dir / "page.md";
  const int raw =
      std::system((std::string(PARPRIM_RUNNER_EXE) + " report " + PARPRIM_RUNNER_DATA_DIR +
                   "/small_results.json --out " + md.string() + " > /dev/null 2>&1")
                      .c_str());
  REQUIRE(WIFEXITED(raw));
  REQUIRE(WEXITSTATUS(raw) == 0);
  const std::string text = read(md);
  CHECK(text.starts_with("# parprim results: "));
  CHECK(text.find("## scan exclusive i32, uniform") != std::string::npos);
  CHECK(text.find("![scan exclusive i32](page_plots/scan_exclusive_i32_uniform.png)") !=
        std::string::npos);
  CHECK(text.find("| n | cpu_seq/sequential | cpu_tbb/chained |") != std::string::npos);
  CHECK(fs::file_size(dir / "page_plots" / "scan_exclusive_i32_uniform.png") > 1000);
}
