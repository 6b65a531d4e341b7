// The thrust plugin where there may be no GPU: it must load and answer for itself. Its results
// are checked by the conformance suite wherever a GPU is present (docs/results/).
#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("thrust: loads everywhere and says whether it can run") {
  const plugin_client client = test::built_plugin("thrust");
  CHECK(client.name() == "thrust");
  CHECK(client.descriptor().memory_domain == PARPRIM_DOMAIN_DEVICE);
  CHECK(client.variants(PARPRIM_OP_SORT).size() == 2);
  if (client.plugin().available()) {
    const char* device = client.descriptor().device_description();
    REQUIRE(device);
    CHECK(std::string(device).find("sm_") != std::string::npos);
  } else {
    const std::string reason = *client.plugin().unavailable_reason;
    INFO(reason);
    CHECK((reason.find("CUDA") != std::string::npos || reason.find("device") != std::string::npos));
  }
}

TEST_CASE("thrust: with no visible device it is unavailable, and a run skips it") {
  const auto [status, text] =
      test::run_command("CUDA_VISIBLE_DEVICES= " + std::string(PARPRIM_RUNNER_EXE) + " --list");
  INFO(text);
  CHECK(status == 0);
  CHECK(text.find("unavailable: no CUDA device visible (CUDA_VISIBLE_DEVICES is empty)") !=
        std::string::npos);
}

TEST_CASE("thrust: UTF-8 decoding in both forms and encoding, in both variants") {
  const plugin_client client = test::built_plugin("thrust");
  auto names = [](const std::vector<const variant*>& vs) {
    std::vector<std::string> out;
    for (const variant* v : vs) out.push_back(v->name);
    return out;
  };
  const auto decode = client.variants(PARPRIM_OP_UTF8_DECODE);
  CHECK(names(decode) == std::vector<std::string>{"thrust", "cub"});
  for (const variant* v : decode)
    CHECK(v->flags == (PARPRIM_CAP_UTF8_REPLACE | PARPRIM_CAP_UTF8_VALIDATE));
  const auto encode = client.variants(PARPRIM_OP_UTF8_ENCODE);
  CHECK(names(encode) == std::vector<std::string>{"thrust", "cub"});
  for (const variant* v : encode) CHECK(v->flags == PARPRIM_CAP_UTF8_REPLACE);
}
