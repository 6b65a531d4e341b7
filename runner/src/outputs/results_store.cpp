#include "outputs/results_store.hpp"

#include <unistd.h>

#include "records/record_json.hpp"

namespace parprim::runner {
namespace fs = std::filesystem;

namespace {
// An output that exists and is not a regular file (/dev/null, a pipe) is written in place: it
// cannot be replaced by renaming, and has no folder to keep a log beside it.
bool special_file(const fs::path& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  return !ec && fs::exists(status) && !fs::is_regular_file(status);
}
}  // namespace

fs::path record_log_path(const fs::path& json) {
  fs::path log = json;
  log.replace_extension(".jsonl");
  return log;
}

std::optional<prior_records> read_prior_records(const fs::path& results_json, diagnostics& diag) {
  prior_records prior;
  auto add = [&](const nlohmann::json& j) {
    record r = record_from_json(j);
    prior.insert_or_assign(record_key(r), std::move(r));
  };
  const fs::path log = record_log_path(results_json);
  std::error_code ec;
  if (fs::exists(log, ec)) {
    // The log holds every finished record; a last line cut short by a kill is dropped.
    std::ifstream f(log);
    std::size_t line_number = 0;
    for (std::string line; std::getline(f, line);) {
      ++line_number;
      if (line.empty()) continue;
      try {
        add(nlohmann::json::parse(line));
      } catch (const std::exception& e) {
        if (f.peek() != EOF)  // a broken line in the middle is worth a word
          diag.add(exit_ok, log.string() + ":" + std::to_string(line_number) +
                                ": record skipped: " + e.what());
      }
    }
    return prior;
  }
  std::ifstream f(results_json);
  if (!f) {
    diag.add(exit_bad_config, results_json.string() + ": cannot resume: neither it nor " +
                                  log.string() + " can be read");
    return std::nullopt;
  }
  try {
    const nlohmann::json j = nlohmann::json::parse(f);
    if (j.value("schema", "") != "parprim-results")
      throw std::runtime_error("not a parprim results file");
    for (const auto& r : j.at("records")) add(r);
  } catch (const std::exception& e) {
    diag.add(exit_bad_config, results_json.string() + ": cannot resume: " + e.what());
    return std::nullopt;
  }
  return prior;
}

results_store::results_store(const output_settings& outputs, const prior_records& prior,
                             diagnostics& diag)
    : outputs_(outputs) {
  if (!outputs.json || special_file(*outputs.json)) return;
  const fs::path log = record_log_path(*outputs.json);
  std::error_code ec;
  if (log.has_parent_path()) fs::create_directories(log.parent_path(), ec);
  log_.open(log, std::ios::trunc);
  if (!log_) {
    diag.add(exit_bad_config, log.string() + ": cannot write the record log");
    return;
  }
  for (const auto& [key, r] : prior) append(r);
}

void results_store::append(const record& r) {
  if (!log_.is_open()) return;
  log_ << json_text(record_to_json(r)) << "\n";
  log_.flush();
}

bool results_store::due() const {
  return std::chrono::steady_clock::now() - last_write_ >= std::chrono::seconds(2);
}

void results_store::write_outputs(const results& res, diagnostics& diag) {
  last_write_ = std::chrono::steady_clock::now();
  auto write = [&](const std::optional<fs::path>& path, auto writer) {
    if (!path) return;
    try {
      if (special_file(*path)) {
        writer(*path, res);
        return;
      }
      if (path->has_parent_path()) fs::create_directories(path->parent_path());
      // Written beside, then renamed over: a reader (or a kill) never sees half a file.
      const fs::path temporary =
          path->string() + ".tmp" + std::to_string(static_cast<long>(getpid()));
      writer(temporary, res);
      fs::rename(temporary, *path);
    } catch (const std::exception& e) {
      diag.add(exit_bad_config, e.what());
    }
  };
  write(outputs_.json, write_json);
  write(outputs_.csv, write_csv);
  write(outputs_.markdown, write_markdown);
}

}  // namespace parprim::runner
