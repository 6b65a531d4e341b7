#include <fstream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "outputs/printers.hpp"

namespace parprim::runner {
namespace {
// Quotes a field when it holds a separator, a quote or a line break (RFC 4180).
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}
std::string number(const std::optional<sample_stats>& s, double sample_stats::*m) {
  return s ? fmt::format("{:.9g}", (*s).*m) : "";
}
}  // namespace

void write_csv(const std::filesystem::path& path, const results& res) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error(path.string() + ": cannot write CSV results");
  f << "benchmark,operation,form,type,variant,params,n,distribution,errors,seed,backend,status,"
       "median_s,min_s,max_s,noise,samples,copy_median_s,end_to_end_median_s,timing,call_median_s,"
       "bytes_moved,"
       "elements_per_s,gb_per_s,copy_gb_per_s,fraction_of_copy,read_median_s,fraction_of_read,mode,batch_runs,launches_queued,"
       "host_median_s,sm_mhz_min,max_sm_mhz,throttled,reason\n";
  for (const auto& r : res.records) {
    fmt::print(f,
               "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.0f},{:.6g},{:.6g},{:"
               ".6g},{:.4f},{},{:.4f},{},{},{},{},{},{},{},{}\n",
               field(r.benchmark), to_string(r.task.operation), field(r.task.form()),
               to_string(r.task.dtype), field(r.task.variant), field(r.params_suffix()), r.n,
               to_string(r.input), r.error_rate, r.seed, field(r.backend), to_string(r.status),
               number(r.time, &sample_stats::median), number(r.time, &sample_stats::min),
               number(r.time, &sample_stats::max), number(r.time, &sample_stats::noise),
               r.time ? std::to_string(r.time->samples) : "",
               number(r.copy_time, &sample_stats::median),
               number(r.end_to_end_time, &sample_stats::median), to_string(r.timing),
               number(r.call_time, &sample_stats::median), r.bytes_moved, r.elements_per_second(),
               r.gb_per_second(), r.copy_gb_per_second(), r.fraction_of_copy(),
               number(r.read_time, &sample_stats::median), r.fraction_of_read(), to_string(r.mode),
               r.batch_runs, r.launches_queued ? 1 : 0, number(r.host_time, &sample_stats::median),
               r.clocks ? std::to_string(r.clocks->sm_mhz_min) : "",
               r.clocks ? std::to_string(r.clocks->max_sm_mhz) : "",
               r.clocks && r.clocks->throttled() ? 1 : 0, field(r.reason));
  }
}

}  // namespace parprim::runner
