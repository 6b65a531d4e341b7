// A TCP listener on 127.0.0.1 that never accepts by itself, for the sandbox's tests: a plugin
// (or a sandboxed child) is pointed at it, and what reached it is read afterwards.
#pragma once

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace parprim::test {

struct loopback_listener {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in address{};
  loopback_listener() {
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(listen(fd, 16) == 0);
    socklen_t len = sizeof address;
    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &len);
  }
  ~loopback_listener() { close(fd); }
  loopback_listener(const loopback_listener&) = delete;
  loopback_listener& operator=(const loopback_listener&) = delete;

  int port() const { return ntohs(address.sin_port); }
  /// Everything the connections made so far sent, each ended by '|'; empty when none came.
  std::string received() {
    std::string all;
    for (int c; (c = accept(fd, nullptr, nullptr)) >= 0; close(c)) {
      char buf[256];
      for (ssize_t n; (n = read(c, buf, sizeof buf)) > 0;) all.append(buf, std::size_t(n));
      all += "|";
    }
    return all;
  }
};

}  // namespace parprim::test
