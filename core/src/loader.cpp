#include "parprim/loader.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#define BOOST_DLL_USE_STD_FS
#include <boost/dll/import.hpp>
#include <boost/dll/shared_library.hpp>

namespace parprim {
namespace {

namespace fs = std::filesystem;

// The end of the last field ABI version 1 defines: a shorter descriptor cannot be used.
constexpr std::size_t descriptor_v1_size =
    offsetof(parprim_plugin_descriptor, device_description) + sizeof(void*);

[[noreturn]] void fail(const fs::path& path, const std::string& cause) {
  throw load_error(path.string() + ": cannot load plugin: " + cause);
}

bool has_elf_header(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::array<char, 4> magic{};
  f.read(magic.data(), magic.size());
  return f.gcount() == 4 && std::memcmp(magic.data(),
                                        "\x7f"
                                        "ELF",
                                        4) == 0;
}

// Boost.DLL reports a failed load without the loader's diagnostic (it clears dlerror), so on
// that failure path alone the file is opened once more with dlopen to say why.
std::string dlopen_diagnostic(const fs::path& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle) {
    dlclose(handle);
    return "the dynamic loader refused it";
  }
  const char* text = dlerror();
  return text ? text : "the dynamic loader refused it";
}

struct registry_entry {
  boost::dll::shared_library library;
  loaded_plugin plugin;
};

// Never destroyed: unloading a plugin at exit (before or after its own static objects, TBB's
// workers or a CUDA context are torn down) is a known source of crashes.
std::map<fs::path, registry_entry>& registry() {
  static auto* r = new std::map<fs::path, registry_entry>();
  return *r;
}

void check_descriptor(const fs::path& path, const parprim_plugin_descriptor* d) {
  if (!d) fail(path, "entry point '" PARPRIM_ENTRY_SYMBOL "' returned no descriptor");
  if (d->abi_version != PARPRIM_ABI_VERSION)
    fail(path, "descriptor has ABI version " + std::to_string(d->abi_version) +
                   ", this runner supports " + std::to_string(PARPRIM_ABI_VERSION));
  if (d->struct_size < descriptor_v1_size)
    fail(path, "descriptor too short: " + std::to_string(d->struct_size) + " bytes, ABI " +
                   std::to_string(PARPRIM_ABI_VERSION) + " needs at least " +
                   std::to_string(descriptor_v1_size));
  if (!d->name || !*d->name) fail(path, "descriptor has no name");
  const std::pair<const void*, const char*> required[] = {
      {reinterpret_cast<const void*>(d->unavailable_reason), "unavailable_reason"},
      {reinterpret_cast<const void*>(d->last_error), "last_error"},
      {reinterpret_cast<const void*>(d->allocate), "allocate"},
      {reinterpret_cast<const void*>(d->release), "release"},
      {reinterpret_cast<const void*>(d->upload), "upload"},
      {reinterpret_cast<const void*>(d->download), "download"},
      {reinterpret_cast<const void*>(d->copy), "copy"},
      {reinterpret_cast<const void*>(d->synchronize), "synchronize"},
      {reinterpret_cast<const void*>(d->create_plan), "create_plan"},
      {reinterpret_cast<const void*>(d->run), "run"},
      {reinterpret_cast<const void*>(d->destroy_plan), "destroy_plan"},
      {reinterpret_cast<const void*>(d->timer_start), "timer_start"},
      {reinterpret_cast<const void*>(d->timer_stop), "timer_stop"},
      {reinterpret_cast<const void*>(d->timer_elapsed), "timer_elapsed"},
      {reinterpret_cast<const void*>(d->device_description), "device_description"}};
  for (const auto& [fn, field] : required)
    if (!fn) fail(path, std::string("descriptor has no ") + field + " function");
  if (d->variant_count > 0 && !d->variants) fail(path, "descriptor lists variants it lacks");
  if (parprim_descriptor_has(d, timing_basis)) {
    if (d->timing_basis != PARPRIM_TIMING_RESIDENT && d->timing_basis != PARPRIM_TIMING_OWN_REGION)
      fail(path, "descriptor has an unknown timing basis " + std::to_string(d->timing_basis));
    if (d->timing_basis == PARPRIM_TIMING_OWN_REGION &&
        (!parprim_descriptor_has(d, own_time) || !d->own_time))
      fail(path, "descriptor times its own region but has no own_time function");
  }
}

}  // namespace

const loaded_plugin& load_plugin(const fs::path& requested) {
  std::error_code ec;
  if (!fs::exists(requested, ec)) fail(requested, "file does not exist");
  if (fs::is_directory(requested, ec)) fail(requested, "is a directory, not a shared object");
  const fs::path path = fs::canonical(requested, ec);
  if (auto it = registry().find(path); it != registry().end()) return it->second.plugin;

  if (!has_elf_header(path)) fail(requested, "not a shared object (no ELF header)");

  boost::dll::shared_library library;
  std::error_code load_ec;
  library.load(path, load_ec, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  if (load_ec) fail(requested, "not a loadable shared object: " + dlopen_diagnostic(path));

  // The version symbol is read before anything in the plugin is called.
  if (!library.has(PARPRIM_ABI_VERSION_SYMBOL))
    fail(requested, "no symbol '" PARPRIM_ABI_VERSION_SYMBOL "' (not a parprim plugin?)");
  const std::uint32_t version =
      *boost::dll::import <const std::uint32_t>(library, PARPRIM_ABI_VERSION_SYMBOL);
  if (version != PARPRIM_ABI_VERSION)
    fail(requested, "ABI version mismatch: plugin has " + std::to_string(version) +
                        ", this runner supports " + std::to_string(PARPRIM_ABI_VERSION));
  if (!library.has(PARPRIM_ENTRY_SYMBOL))
    fail(requested, "no descriptor symbol '" PARPRIM_ENTRY_SYMBOL "'");
  auto entry =
      boost::dll::import <const parprim_plugin_descriptor*()>(library, PARPRIM_ENTRY_SYMBOL);
  const parprim_plugin_descriptor* descriptor = entry();
  check_descriptor(requested, descriptor);

  loaded_plugin plugin;
  plugin.path = path;
  plugin.descriptor = descriptor;
  if (const char* reason = descriptor->unavailable_reason()) plugin.unavailable_reason = reason;

  auto [it, inserted] =
      registry().emplace(path, registry_entry{std::move(library), std::move(plugin)});
  return it->second.plugin;
}

fs::path default_plugin_folder() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return fs::path("lib") / "parprim";
  return exe.parent_path().parent_path() / "lib" / "parprim";
}

std::string plugin_name_of_file(const fs::path& plugin_file) {
  const std::string stem = plugin_file.stem().string();
  return stem.starts_with(plugin_file_prefix) ? stem.substr(std::strlen(plugin_file_prefix)) : stem;
}

std::vector<fs::path> split_path_list(const std::string& list) {
  std::vector<fs::path> entries;
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ':');)
    if (!item.empty()) entries.emplace_back(item);
  return entries;
}

std::vector<fs::path> find_plugin_files(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    throw load_error(folder.string() + ": plugin folder does not exist");
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(plugin_file_prefix) && name.ends_with(plugin_file_suffix) &&
        !entry.is_directory())
      files.push_back(entry.path());
  }
  if (ec) throw load_error(folder.string() + ": cannot read plugin folder: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace parprim
