#include "outputs/input_files.hpp"

#include <fstream>
#include <map>
#include <ostream>
#include <tuple>

#include "parprim/generators.hpp"
#include "records/record_json.hpp"
#include "support/diagnostics.hpp"

namespace parprim::runner {

int write_state_inputs(const nlohmann::json& results, const std::filesystem::path& dir,
                       std::ostream& err) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    err << "runner: inputs: cannot make " << dir.string() << ": " << ec.message() << "\n";
    return exit_bad_config;
  }
  using input_key = std::tuple<int, int, std::uint64_t, int, std::uint64_t, double>;
  std::map<input_key, std::string> written;
  nlohmann::json manifest = nlohmann::json::array();
  if (!results.contains("records") || !results["records"].is_array()) {
    err << "runner: inputs: the results file has no \"records\" list\n";
    return exit_bad_config;
  }
  const auto& records = results["records"];
  for (std::size_t k = 0; k < records.size(); ++k) {
    record r;
    try {
      r = record_from_json(records[k]);
    } catch (const std::exception& e) {
      err << "runner: inputs: record " << k << ": " << e.what() << "\n";
      return exit_bad_config;
    }
    const input_key key{r.task.operation, r.task.dtype, r.n, static_cast<int>(r.input), r.seed,
                        r.error_rate};
    if (written.count(key)) continue;
    const std::string file = "input_" + std::to_string(written.size()) + ".bin";
    const host_array in = generate(r.task.dtype, r.input, r.n, r.seed, r.error_rate);
    std::ofstream out(dir / file, std::ios::binary);
    out.write(static_cast<const char*>(in.data()), static_cast<std::streamsize>(in.bytes()));
    if (!out) {
      err << "runner: inputs: cannot write " << (dir / file).string() << "\n";
      return exit_bad_config;
    }
    written.emplace(key, file);
    manifest.push_back({{"file", file},
                        {"operation", to_string(r.task.operation)},
                        {"type", to_string(r.task.dtype)},
                        {"n", r.n},
                        {"distribution", to_string(r.input)},
                        {"seed", r.seed},
                        {"errors", r.error_rate},
                        {"bytes", in.bytes()}});
  }
  std::ofstream m(dir / "inputs.json");
  m << manifest.dump(1) << "\n";
  if (!m) {
    err << "runner: inputs: cannot write " << (dir / "inputs.json").string() << "\n";
    return exit_bad_config;
  }
  return exit_ok;
}

}  // namespace parprim::runner
