// What the emulator's check tests share: a launch in a forked child on the in-order schedule, and
// the check that the child stopped with an emulator report holding given parts.
#pragma once

#include "child_process.hpp"
#include "test_support.hpp"

#include <signal.h>

#include <cstdlib>
#include <initializer_list>
#include <string>

namespace xcub_test {

/// Launches in a child, on the in-order schedule whatever the environment says, so that which
/// thread trips a check is known.
template <class... Params, class... Args>
child_result launch_in_child(xcub::dim3 grid, xcub::dim3 block, void (*kernel)(Params...), Args... args) {
  return run_in_child([&] {
    unsetenv("XCUB_HOST_SCHEDULE_SEED");
    xcub::host::detail::set_schedule_seed(false, 0);
    (void)xcub::launch(grid, block, 0, nullptr, kernel, args...);
  });
}

/// The child died of `sig`, and its stderr holds an emulator report with every one of `parts`.
inline void check_report(const child_result& r, int sig, std::initializer_list<std::string> parts) {
  INFO("child stderr:\n" << r.err);
  CHECK(r.died());
  CHECK(r.signal == sig);
  CHECK(r.err.find("xcub host emulator: ") != std::string::npos);
  for (const std::string& part : parts) {
    INFO("expected in the report: " << part);
    CHECK(r.err.find(part) != std::string::npos);
  }
}

}  // namespace xcub_test
