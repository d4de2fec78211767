// `using namespace xcub;` in a user's file, as CUB users write `using namespace cub;`: the C
// library's memcpy and memset stay callable unqualified (xcub's runtime functions of the same
// names are templates, so the non-template C functions win), the toolkit's headers still compile
// (on CUDA, crt/math_functions.hpp calls memcpy unqualified), and xcub::memcpy / xcub::memset
// work qualified.
#include <cstring>
#include <vector>

#include <xcub/xcub.hpp>

#include "test_support.hpp"

using namespace xcub;

TEST_CASE("using namespace xcub: C memcpy/memset unqualified, xcub's qualified") {
  XCUB_TEST_CONTEXT();
  int a[4] = {1, 2, 3, 4}, b[4] = {};
  memcpy(b, a, sizeof a);  // the C library's
  CHECK(b[3] == 4);
  memset(b, 0, sizeof b);
  CHECK(b[3] == 0);

  device_buffer<int> d(std::vector<int>{5, 6, 7, 8});
  std::vector<int> h(4);
  REQUIRE(xcub::memcpy(h.data(), d.data(), 4 * sizeof(int)) == xcub::success);
  CHECK(h == std::vector<int>{5, 6, 7, 8});
  REQUIRE(xcub::memset(d.data(), 0, 4 * sizeof(int)) == xcub::success);
  CHECK(d.download() == std::vector<int>(4, 0));
}
