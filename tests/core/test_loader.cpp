#include <catch2/catch.hpp>

#include <filesystem>

#include "parprim/loader.hpp"
#include "parprim/plugin_client.hpp"

using namespace parprim;
namespace fs = std::filesystem;

namespace {
fs::path broken(const std::string& name) {
  return fs::path(PARPRIM_BROKEN_PLUGIN_DIR) / ("parprim_plugin_broken_" + name + ".so");
}
std::string load_message(const fs::path& path) {
  try {
    load_plugin(path);
  } catch (const load_error& e) {
    return e.what();
  }
  return "loaded";
}
}  // namespace

TEST_CASE("loader: a missing file") {
  const auto path = broken("does_not_exist");
  CHECK(load_message(path) == path.string() + ": cannot load plugin: file does not exist");
}

TEST_CASE("loader: a file that is not a shared object") {
  const auto path = broken("not_elf");
  CHECK(load_message(path) ==
        path.string() + ": cannot load plugin: not a shared object (no ELF header)");
}

TEST_CASE("loader: a folder is not a plugin") {
  const fs::path path = PARPRIM_BROKEN_PLUGIN_DIR;
  CHECK(load_message(path) ==
        path.string() + ": cannot load plugin: is a directory, not a shared object");
}

TEST_CASE("loader: a shared object without the version symbol") {
  const auto path = broken("no_symbols");
  CHECK(load_message(path) == path.string() +
                                  ": cannot load plugin: no symbol 'parprim_abi_version' (not a "
                                  "parprim plugin?)");
}

TEST_CASE("loader: a plugin without the descriptor symbol") {
  const auto path = broken("no_entry");
  CHECK(load_message(path) ==
        path.string() + ": cannot load plugin: no descriptor symbol 'parprim_plugin_entry'");
}

TEST_CASE("loader: an ABI version mismatch names both versions") {
  const auto path = broken("wrong_abi");
  CHECK(load_message(path) ==
        path.string() +
            ": cannot load plugin: ABI version mismatch: plugin has 999, this "
            "runner supports 1");
}

TEST_CASE("loader: a descriptor that is too short") {
  const auto path = broken("short_descriptor");
  const std::string message = load_message(path);
  CHECK(message.starts_with(path.string() +
                            ": cannot load plugin: descriptor too short: 16 bytes, ABI 1 needs "
                            "at least "));
}

TEST_CASE("loader: an entry point that returns no descriptor") {
  const auto path = broken("null_descriptor");
  CHECK(load_message(path) == path.string() +
                                  ": cannot load plugin: entry point 'parprim_plugin_entry' "
                                  "returned no descriptor");
}

TEST_CASE("loader: a plugin that is unavailable loads and says why") {
  const auto& plugin = load_plugin(broken("unavailable"));
  CHECK(plugin.name() == "broken_unavailable");
  CHECK_FALSE(plugin.available());
  CHECK(plugin.unavailable_reason == "no frobnicator on this machine");
}

TEST_CASE("loader: an exception inside a plugin comes back as a status and a message") {
  const auto& plugin = load_plugin(broken("throwing"));
  REQUIRE(plugin.available());
  plugin_client client(plugin);
  problem p;
  try {
    client.create_plan(p, 10);
    FAIL("create_plan should have failed");
  } catch (const plugin_error& e) {
    CHECK(e.status() == PARPRIM_ERROR);
    CHECK(std::string(e.what()) ==
          "broken_throwing: create_plan failed (error): create_plan exploded on purpose");
  }
}

TEST_CASE("loader: loading twice gives the same plugin") {
  const auto& a = load_plugin(broken("throwing"));
  const auto& b = load_plugin(broken("throwing"));
  CHECK(&a == &b);
}

TEST_CASE("loader: the folder scan finds plugin files only, sorted") {
  const auto files = find_plugin_files(PARPRIM_BROKEN_PLUGIN_DIR);
  REQUIRE(files.size() == 8);
  CHECK(files.front().filename() == "parprim_plugin_broken_no_entry.so");
  CHECK_THROWS_WITH(find_plugin_files("/no/such/folder"),
                    "/no/such/folder: plugin folder does not exist");
}

TEST_CASE("loader: a ':'-separated path list keeps its order and drops empty entries") {
  using paths = std::vector<std::filesystem::path>;
  CHECK(split_path_list("") == paths{});
  CHECK(split_path_list("/a") == paths{"/a"});
  CHECK(split_path_list("/a::b/c:") == paths{"/a", "b/c"});
}

TEST_CASE("loader: the plugin name a file carries, before the plugin says it") {
  CHECK(parprim::plugin_name_of_file("/opt/x/parprim_plugin_nccl.so") == "nccl");
  CHECK(parprim::plugin_name_of_file("lib/parprim_plugin_cpu_seq.so") == "cpu_seq");
  CHECK(parprim::plugin_name_of_file("/opt/x/my_backend.so") == "my_backend");
}
