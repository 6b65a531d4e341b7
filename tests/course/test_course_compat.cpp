// course/course_compat.h, force-included as it is into every source of a course plugin: the
// MSVC functions it supplies behave as MSVC's do.
#include <catch2/catch.hpp>

#include <cerrno>

TEST_CASE("course compat: memcpy_s copies, or refuses and empties the destination, as MSVC's") {
  int src[4] = {1, 2, 3, 4};
  int dest[4] = {9, 9, 9, 9};
  CHECK(memcpy_s(dest, sizeof dest, src, 3 * sizeof(int)) == 0);
  CHECK((dest[0] == 1 && dest[1] == 2 && dest[2] == 3 && dest[3] == 9));
  // A count past the destination: ERANGE, and the destination emptied.
  CHECK(memcpy_s(dest, 2 * sizeof(int), src, 4 * sizeof(int)) == ERANGE);
  CHECK((dest[0] == 0 && dest[1] == 0 && dest[2] == 3));
  CHECK(memcpy_s(dest, sizeof dest, nullptr, sizeof(int)) == EINVAL);
  CHECK(dest[2] == 0);
  CHECK(memcpy_s(nullptr, 4, src, 4) == EINVAL);
  CHECK(memcpy_s(dest, sizeof dest, src, 0) == 0);
}
