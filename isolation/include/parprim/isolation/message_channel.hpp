// Whole messages over a pipe: an 8-byte length, then the bytes. A reader waits with a deadline,
// so that a peer that never answers is noticed, and tells a closed pipe (the peer died) from a
// message.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace parprim::isolation {

class channel_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Writes one message; throws channel_error when the reader is gone (the caller must ignore
/// SIGPIPE) or the write fails.
void send_message(int fd, const std::string& message);

enum class receive_status {
  message,      // `out` holds one whole message
  closed,       // the writer closed its end (or died) before a whole message came
  timed_out,    // the deadline passed first
  interrupted,  // a signal arrived (the caller decides whether to go on waiting)
  malformed,    // the length read is beyond any message: something else wrote into the pipe
};

/// The longest message a peer sends (a record or a plugin's summary is kilobytes).
inline constexpr std::uint64_t max_message_bytes = std::uint64_t(1) << 26;

/// Reads one message, waiting until `deadline` at the latest (none: forever).
receive_status receive_message(int fd, std::string& out,
                               std::optional<std::chrono::steady_clock::time_point> deadline);

/// A pipe whose both ends close on exec (a child gets the end it needs by child_spec::fds).
struct pipe_pair {
  int read_end = -1, write_end = -1;
  pipe_pair();
  ~pipe_pair();
  pipe_pair(const pipe_pair&) = delete;
  pipe_pair& operator=(const pipe_pair&) = delete;
  void close_read();
  void close_write();
};

}  // namespace parprim::isolation
