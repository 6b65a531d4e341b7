// A scan backend whose scans are right and whose variants each try, inside run(), what an
// untrusted plugin should not be able to do (docs/isolation.md, "The sandbox"): `write_home`
// writes a file into $PARPRIM_PLANTED_HOME, `read_home` reads its `secret`, `connect` sends
// that secret to a listener on 127.0.0.1:$PARPRIM_PLANTED_PORT, `exec_shell` execs /bin/sh,
// `fork_bomb` forks 200 times (each child sleeps a while, so it stays bounded even where
// nothing refuses it), and `well_behaved` only scans. Each goes on to its right result
// whatever it was refused: a sandboxed run is valid, with the refusals listed beside it.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"
#include "planted_scan.hpp"

namespace {

using parprim::test::exclusive_scan_variant;

std::string home() {
  const char* h = std::getenv("PARPRIM_PLANTED_HOME");
  return h ? h : "/nonexistent";
}

std::string read_secret() {
  std::ifstream f(home() + "/secret");
  std::string s;
  std::getline(f, s);
  return f ? s : "(no secret)";
}

void write_home() {
  std::ofstream(home() + "/written_by_plugin") << "planted\n";
}

void send_secret() {
  const char* port = std::getenv("PARPRIM_PLANTED_PORT");
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0 || !port) return;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(std::uint16_t(std::atoi(port)));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    const std::string secret = read_secret();
    (void)!write(s, secret.data(), secret.size());
  }
  close(s);
}

void exec_shell() {
  const std::string command = "echo ran > " + home() + "/exec_ran";
  execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
}

void fork_bomb() {
  for (int i = 0; i < 200; ++i) {
    const pid_t child = fork();
    if (child == 0) {
      sleep(20);
      _exit(0);
    }
  }
}

void misbehave(const std::string& how) {
  if (how == "write_home") write_home();
  if (how == "read_home") std::fprintf(stderr, "planted_escapes: read %s\n", read_secret().c_str());
  if (how == "connect") send_secret();
  if (how == "exec_shell") exec_shell();
  if (how == "fork_bomb") fork_bomb();
}

class escapes_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_escapes",
            .version = "0.0.1",
            .description = "right scans that try to leave the sandbox in run()",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {exclusive_scan_variant("write_home", "writes a file into a home folder"),
                         exclusive_scan_variant("read_home", "reads a secret from a home folder"),
                         exclusive_scan_variant("connect", "sends the secret to a TCP listener"),
                         exclusive_scan_variant("exec_shell", "execs /bin/sh"),
                         exclusive_scan_variant("fork_bomb", "forks 200 times"),
                         exclusive_scan_variant("well_behaved", "only scans")},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n, how = p.variant](const parprim_io& io) {
        misbehave(how);
        parprim::host::scan_range<false>(parprim::io_in<T>(io), parprim::io_out<T>(io), n, T(0));
      });
    });
  }
};

}  // namespace

PARPRIM_PLUGIN(escapes_backend)
