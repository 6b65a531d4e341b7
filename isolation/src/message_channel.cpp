#include "parprim/isolation/message_channel.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <system_error>

namespace parprim::isolation {
namespace {

void write_all(int fd, const char* data, std::size_t bytes) {
  while (bytes > 0) {
    const ssize_t wrote = write(fd, data, bytes);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      throw channel_error(std::string("cannot send to the other process: ") + std::strerror(errno));
    }
    data += wrote;
    bytes -= std::size_t(wrote);
  }
}

// Reads exactly `bytes`, or reports why not.
receive_status read_all(int fd, char* data, std::size_t bytes,
                        std::optional<std::chrono::steady_clock::time_point> deadline) {
  while (bytes > 0) {
    int timeout_ms = -1;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return receive_status::timed_out;
      timeout_ms = int(std::min<long long>(left.count() + 1, 1 << 30));
    }
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, timeout_ms);
    if (ready < 0) {
      if (errno == EINTR) return receive_status::interrupted;
      return receive_status::closed;
    }
    if (ready == 0) continue;  // the loop re-checks the deadline
    const ssize_t got = read(fd, data, bytes);
    if (got < 0) {
      if (errno == EINTR) return receive_status::interrupted;
      return receive_status::closed;
    }
    if (got == 0) return receive_status::closed;
    data += got;
    bytes -= std::size_t(got);
  }
  return receive_status::message;
}

}  // namespace

void send_message(int fd, const std::string& message) {
  const std::uint64_t length = message.size();
  char header[8];
  std::memcpy(header, &length, sizeof header);
  write_all(fd, header, sizeof header);
  write_all(fd, message.data(), message.size());
}

receive_status receive_message(int fd, std::string& out,
                               std::optional<std::chrono::steady_clock::time_point> deadline) {
  // A message that is half read when a signal arrives is finished before returning, so that the
  // stream never loses its framing; only the wait for its first byte can be interrupted.
  char header[8];
  receive_status s = read_all(fd, header, 1, deadline);
  if (s != receive_status::message) return s;
  do s = read_all(fd, header + 1, sizeof header - 1, deadline);
  while (s == receive_status::interrupted);
  if (s != receive_status::message) return s;
  std::uint64_t length = 0;
  std::memcpy(&length, header, sizeof header);
  if (length > max_message_bytes) {
    out.assign(header, sizeof header);  // what was read, for the caller to show
    return receive_status::malformed;
  }
  out.assign(length, '\0');
  do s = read_all(fd, out.data(), out.size(), deadline);
  while (s == receive_status::interrupted);
  return s;
}

pipe_pair::pipe_pair() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  read_end = fds[0];
  write_end = fds[1];
}

pipe_pair::~pipe_pair() {
  close_read();
  close_write();
}

void pipe_pair::close_read() {
  if (read_end >= 0) close(read_end);
  read_end = -1;
}

void pipe_pair::close_write() {
  if (write_end >= 0) close(write_end);
  write_end = -1;
}

}  // namespace parprim::isolation
