// Kokkos backend: the device layer's profiling ranges are Kokkos Tools regions (seen by any
// Kokkos profiling tool: nsys through kp_nvtx_connector, the simple kernel timer, ...).
#pragma once

#include <Kokkos_Core.hpp>

namespace xcub::detail {

class profile_range {
 public:
  explicit profile_range(const char* name) { Kokkos::Profiling::pushRegion(name); }
  ~profile_range() { Kokkos::Profiling::popRegion(); }
  profile_range(const profile_range&) = delete;
  profile_range& operator=(const profile_range&) = delete;
};

}  // namespace xcub::detail
