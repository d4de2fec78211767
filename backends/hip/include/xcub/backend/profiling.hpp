// Named ranges for profilers: none on this backend (the CUDA backend's open NVTX ranges).
#pragma once

namespace xcub::detail {

class profile_range {
 public:
  explicit profile_range(const char*) {}
  profile_range(const profile_range&) = delete;
  profile_range& operator=(const profile_range&) = delete;
};

}  // namespace xcub::detail
