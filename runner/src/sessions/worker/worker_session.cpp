#include "sessions/worker/worker_session.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "parprim/isolation/message_channel.hpp"
#include "parprim/loader.hpp"
#include "parprim/sandbox/policy.hpp"
#include "records/record_json.hpp"
#include "sessions/worker/captured_output.hpp"
#include "sessions/worker/worker_protocol.hpp"
#include "support/interruption.hpp"

namespace parprim::runner::worker {
namespace {

using nlohmann::json;
using clock = std::chrono::steady_clock;
namespace iso = isolation;

// The last bytes a worker printed are kept with a fault: an assertion's message is there.
constexpr std::size_t output_tail_bytes = 2000;

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, s >= 10 ? "%.0f" : "%.3g", s);
  return buf;
}

// A running worker: the child, its two pipes and the file that collects what it prints.
class worker_process {
 public:
  worker_process(const std::filesystem::path& plugin, const std::string& name,
                 const launch_settings& launch)
      : output_fd_(memfd_create("parprim-worker-output", MFD_CLOEXEC)) {
    if (output_fd_ < 0) throw std::system_error(errno, std::generic_category(), "memfd_create");
    // Appending: after the runner empties it between records, the worker writes from the start.
    fcntl(output_fd_, F_SETFL, fcntl(output_fd_, F_GETFL) | O_APPEND);
    iso::child_spec spec;
    spec.executable = launch.executable;
    spec.args = {worker_flag, plugin.string(), to_json(launch.measurement).dump()};
    spec.fds = {{requests_.read_end, request_fd},
                {replies_.write_end, reply_fd},
                {launch.shared_region_fd, shared_region_fd}};
    spec.output_fd = output_fd_;
    if (launch.sandboxed) {
      scratch_.emplace();
      spec.environment = sandbox::worker_environment(sandbox::policy_for_plugin(
          plugin, name, launch.network_plugins, scratch_->path(), launch.cpu_time_s));
    }
    child_.emplace(spec);
    requests_.close_read();
    replies_.close_write();
  }
  ~worker_process() {
    if (child_) child_->kill();
    if (output_fd_ >= 0) close(output_fd_);
  }

  /// Sends one message; false when the worker is gone.
  bool send(const std::string& message) {
    try {
      iso::send_message(requests_.write_end, message);
      return true;
    } catch (const iso::channel_error&) {
      return false;
    }
  }

  /// Waits for one message until `deadline`; a stop request (Ctrl-C) kills the worker and
  /// throws interrupted_error.
  iso::receive_status receive(std::string& out, clock::time_point deadline) {
    while (true) {
      const auto s = iso::receive_message(replies_.read_end, out, deadline);
      if (s != iso::receive_status::interrupted) return s;
      if (interrupted()) {
        child_->kill();
        throw interrupted_error{};
      }
    }
  }

  /// How the worker ended once its pipe closed: it is gone, or about to be.
  iso::termination ended() {
    if (auto t = child_->wait_for(std::chrono::seconds(5))) return *t;
    return child_->kill();
  }
  iso::termination stop() { return child_->kill(); }

  /// Lets a worker go that has nothing more to do (it exits when its request pipe closes).
  void release() {
    requests_.close_write();
    if (!child_->wait_for(std::chrono::seconds(2))) child_->kill();
  }

  /// The CPU time its threads have used, in seconds (the process's CPU-time clock).
  double cpu_seconds() const {
    clockid_t clock_id;
    timespec t{};
    if (clock_getcpuclockid(child_->pid(), &clock_id) != 0 || clock_gettime(clock_id, &t) != 0)
      return 0;
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
  }

  void clear_output() {
    if (ftruncate(output_fd_, 0) != 0) return;
  }
  /// The last bytes the worker printed, printable (captured_output.hpp).
  std::string output_tail() const {
    const off_t size = lseek(output_fd_, 0, SEEK_END);
    if (size <= 0) return {};
    const off_t from = size > off_t(output_tail_bytes) ? size - off_t(output_tail_bytes) : 0;
    std::string bytes(std::size_t(size - from), '\0');
    const ssize_t got = pread(output_fd_, bytes.data(), bytes.size(), from);
    bytes.resize(got > 0 ? std::size_t(got) : 0);
    return printable(bytes);
  }

 private:
  iso::pipe_pair requests_, replies_;
  int output_fd_ = -1;
  std::optional<sandbox::scratch_folder> scratch_;  // removed after the child is gone
  std::optional<iso::child_process> child_;
};

// Starts a worker and waits for its hello; on failure `error` says why.
std::unique_ptr<worker_process> start_worker(const std::filesystem::path& plugin,
                                             const std::string& name, const launch_settings& launch,
                                             std::optional<plugin_summary>& summary,
                                             std::string& sandbox, std::string& error) {
  auto w = std::make_unique<worker_process>(plugin, name, launch);
  std::string text;
  switch (
      w->receive(text, clock::now() + std::chrono::duration_cast<clock::duration>(
                                          std::chrono::duration<double>(launch.load_timeout_s)))) {
    case iso::receive_status::message: {
      std::string why;
      const auto hello = read_hello(text, why);
      if (hello) sandbox = hello->sandbox;
      if (hello && hello->summary) {
        summary = hello->summary;
        return w;
      }
      if (hello) {
        error = printable(hello->load_error);
        w->release();
      } else {
        w->stop();
        error = plugin.string() + ": cannot load: the worker's first message is " + why;
      }
      return nullptr;
    }
    case iso::receive_status::malformed:
      w->stop();
      error = plugin.string() + ": cannot load: " + malformed_frame(text);
      return nullptr;
    case iso::receive_status::timed_out:
      w->stop();
      error = plugin.string() + ": cannot load: no answer within " +
              seconds_text(launch.load_timeout_s) + " s while loading: stopped";
      return nullptr;
    default: {
      const iso::termination t = w->ended();
      const std::string tail = w->output_tail();
      if (t.signaled && t.code == SIGABRT)
        error = "the library aborted while loading";
      else if (t.signaled)
        error = "the library crashed while loading: " + t.describe();
      else
        error = "the library called exit(" + std::to_string(t.code) + ") while loading";
      error = plugin.string() + ": cannot load: " + error +
              (tail.empty() ? "" : " (it printed: " + tail.substr(0, 300) + ")");
      return nullptr;
    }
  }
}

class worker_session final : public backend_session {
 public:
  worker_session(const plugin_summary& summary, const launch_settings& launch,
                 const std::string& name_suffix)
      : summary_(summary),
        name_(summary.name + name_suffix),
        launch_(launch),
        sandbox_(launch.sandboxed ? "on" : "off") {}

  const plugin_summary& summary() const override { return summary_; }
  const std::string& backend_name() const override { return name_; }

  record run(record r, const state_arena& arena, double timeout_s) override {
    r.sandbox = sandbox_;
    if (!worker_) {
      std::optional<plugin_summary> fresh;
      std::string error;
      worker_ = start_worker(summary_.path, summary_.name, launch_, fresh, sandbox_, error);
      r.sandbox = sandbox_;
      if (!worker_) return failed(std::move(r), error);
    }
    worker_->clear_output();
    const json request = {
        {"type", "run"}, {"record", record_to_json(r)}, {"layout", to_json(arena.layout())}};
    if (!worker_->send(request.dump())) return ended(std::move(r));

    std::string text;
    const auto deadline = clock::now() + std::chrono::duration_cast<clock::duration>(
                                             std::chrono::duration<double>(timeout_s));
    switch (worker_->receive(text, deadline)) {
      case iso::receive_status::message: {
        std::string why;
        auto reply = read_run_reply(text, why);
        if (!reply) return garbled(std::move(r), "the worker's reply is " + why);
        // A worker that has used half its CPU time limit goes too: the next state's fresh one
        // starts from nothing, and an honest worker never meets the limit midway.
        if (reply->retire ||
            (launch_.sandboxed && worker_->cpu_seconds() > launch_.cpu_time_s / 2)) {
          worker_->release();
          worker_.reset();
        }
        // Said by the worker before the plugin was loaded, not by the reply (which the plugin
        // could have forged).
        reply->done.sandbox = sandbox_;
        return std::move(reply->done);
      }
      case iso::receive_status::malformed:
        return garbled(std::move(r), malformed_frame(text));
      case iso::receive_status::timed_out: {
        worker_->stop();
        r.worker_output = worker_->output_tail();
        worker_.reset();
        return failed(std::move(r), "no answer within " + seconds_text(timeout_s) + " s: stopped");
      }
      default:
        return ended(std::move(r));
    }
  }

 private:
  static record failed(record r, const std::string& reason) {
    r.status = record_status::failed;
    r.reason = reason;
    return r;
  }
  // The worker's reply pipe carried something else than a reply (the plugin shares its
  // descriptors and may write anything into it): this state fails, and the worker is stopped,
  // since its channel has lost its framing.
  record garbled(record r, const std::string& why) {
    worker_->stop();
    r.worker_output = worker_->output_tail();
    worker_.reset();
    return failed(std::move(r), why + "; the plugin may have written into the worker's reply pipe");
  }
  // The worker died while running `r`.
  record ended(record r) {
    const iso::termination t = worker_->ended();
    r.worker_output = worker_->output_tail();
    worker_.reset();
    return failed(std::move(r), fault_reason(t));
  }

  plugin_summary summary_;
  std::string name_;
  const launch_settings& launch_;
  std::unique_ptr<worker_process> worker_;
  std::string sandbox_;  // as the last worker said ("on" or "off" until one has)
};

}  // namespace

std::string malformed_frame(const std::string& header) {
  return "a message of the worker that is no message of the runner's protocol (its length "
         "field reads \"" +
         printable(header) + "\")";
}

std::string fault_reason(const iso::termination& t) {
  if (t.signaled && t.code == SIGABRT) return "aborted (SIGABRT)";
  if (t.signaled && t.code == SIGXCPU)
    return "stopped by the sandbox's CPU time limit (isolation.cpu_time_s): " + t.describe();
  if (t.signaled) return "crashed: " + t.describe();
  return "the plugin called exit(" + std::to_string(t.code) + ")";
}

probe_result probe_plugin(const std::filesystem::path& path, const launch_settings& launch) {
  probe_result result;
  auto w = start_worker(path, plugin_name_of_file(path), launch, result.summary, result.sandbox,
                        result.error);
  if (w) w->stop();  // it has said all a probe needs
  return result;
}

std::unique_ptr<backend_session> make_worker_session(const plugin_summary& summary,
                                                     const launch_settings& launch,
                                                     const std::string& name_suffix) {
  return std::make_unique<worker_session>(summary, launch, name_suffix);
}

}  // namespace parprim::runner::worker
