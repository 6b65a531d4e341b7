// The nearest-name suggestion of config errors.
#include <catch2/catch.hpp>

#include "support/spelling.hpp"

using namespace parprim::runner;

TEST_CASE("spelling: edit distance counts a swap of neighbours as one edit") {
  CHECK(edit_distance("sequential", "sequential") == 0);
  CHECK(edit_distance("sequentail", "sequential") == 1);  // swapped "ia"
  CHECK(edit_distance("radx", "radix") == 1);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("spelling: the closest name, when it is close enough") {
  const std::vector<std::string> names = {"sequential", "branchless", "radix", "std"};
  CHECK(closest_name("sequentail", names) == "sequential");
  CHECK(closest_name("radex", names) == "radix");
  CHECK(closest_name("stf", names) == "std");
  CHECK_FALSE(closest_name("onesweep", names));
  CHECK_FALSE(closest_name("x", {}));
}
