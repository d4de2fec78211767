// Checks at compile time that <xcub/version.hpp> agrees with the version of the package that
// found it (the CMake package version, passed in as EXPECTED_VERSION), and prints both.
#include <xcub/xcub.hpp>

#include <cstdio>
#include <cstring>

static_assert(XCUB_VERSION == XCUB_VERSION_MAJOR * 100000 + XCUB_VERSION_MINOR * 100 + XCUB_VERSION_PATCH,
              "XCUB_VERSION is not MAJOR * 100000 + MINOR * 100 + PATCH");

int main() {
  std::printf("xcub version: header %s (XCUB_VERSION %d), package %s\n", XCUB_VERSION_STRING, XCUB_VERSION,
              EXPECTED_VERSION);
  return std::strcmp(XCUB_VERSION_STRING, EXPECTED_VERSION) == 0 ? 0 : 1;
}
