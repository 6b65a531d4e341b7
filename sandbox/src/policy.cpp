#include "parprim/sandbox/policy.hpp"

#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>

namespace parprim::sandbox {

using nlohmann::json;

std::string environment_entry(const policy& p) {
  json readable = json::array();
  for (const auto& r : p.readable) readable.push_back(r.string());
  const json j = {{"scratch", p.scratch.string()},
                  {"readable", readable},
                  {"network", p.network},
                  {"cpu_time_s", p.cpu_time_s}};
  return std::string(policy_variable) + "=" + j.dump();
}

std::optional<policy> policy_from_environment() {
  const char* text = std::getenv(policy_variable);
  if (!text) return std::nullopt;
  try {
    const json j = json::parse(text);
    policy p;
    p.scratch = j.at("scratch").get<std::string>();
    for (const auto& r : j.at("readable")) p.readable.emplace_back(r.get<std::string>());
    p.network = j.at("network").get<bool>();
    p.cpu_time_s = j.at("cpu_time_s").get<double>();
    if (p.scratch.empty() || !p.scratch.is_absolute())
      throw std::invalid_argument("the scratch folder is not an absolute path");
    return p;
  } catch (const json::exception& e) {
    throw std::invalid_argument(std::string(policy_variable) +
                                " is not a sandbox policy: " + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(policy_variable) + ": " + e.what());
  }
}

policy policy_for_plugin(const std::filesystem::path& plugin_file, const std::string& name,
                         const std::vector<std::string>& network_plugins,
                         const std::filesystem::path& scratch, double cpu_time_s) {
  policy p;
  p.scratch = scratch;
  p.readable = {std::filesystem::absolute(plugin_file).parent_path()};
  p.network =
      std::find(network_plugins.begin(), network_plugins.end(), name) != network_plugins.end();
  p.cpu_time_s = cpu_time_s;
  return p;
}

std::vector<std::string> worker_environment(const policy& p) {
  const std::string s = p.scratch.string();
  // CUDA_CACHE_PATH: the CUDA driver makes its compute cache in the user's home as the password
  // file names it (not $HOME), which the sandbox refuses.
  return {environment_entry(p), "TMPDIR=" + s, "HOME=" + s, "XDG_CACHE_HOME=" + s,
          "CUDA_CACHE_PATH=" + (p.scratch / "cuda-cache").string()};
}

scratch_folder::scratch_folder() {
  // mkdtemp's template: it replaces the six Xs with random characters.
  std::string pattern =
      (std::filesystem::temp_directory_path() / "parprim-sandbox-XXXXXX").string();
  if (!mkdtemp(pattern.data()))
    throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
  path_ = pattern;
}

scratch_folder::~scratch_folder() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace parprim::sandbox
