// Built into test_icu only, which runs on the ICU data library the system has: the plugin's
// description then names ICU's version alone (test_icu_empty_data.cpp holds the other case).
#include <unicode/ucnv.h>
#include <unicode/uversion.h>

#include <string>

#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("icu: on ICU's own data library the description names the version alone") {
  REQUIRE(ucnv_countAvailable() > 0);
  CHECK(std::string(test::built_plugin("icu").descriptor().device_description()) ==
        std::string("one thread; ICU ") + U_ICU_VERSION);
}
