// CUDA: named ranges for profilers (Nsight Systems), through NVTX v3 (header-only, shipped with the
// toolkit). Defining NVTX_DISABLE turns them into nothing.
#pragma once

#if !defined(NVTX_DISABLE) && __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define XCUB_DETAIL_HAS_NVTX 1
#else
#define XCUB_DETAIL_HAS_NVTX 0
#endif

namespace xcub::detail {

/// Opens a range named `name` (a string literal) in the "xcub" domain for the object's lifetime.
class profile_range {
 public:
#if XCUB_DETAIL_HAS_NVTX
  explicit profile_range(const char* name) {
    nvtxEventAttributes_t attributes = {};
    attributes.version = NVTX_VERSION;
    attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
    attributes.message.ascii = name;
    nvtxDomainRangePushEx(domain(), &attributes);
  }
  ~profile_range() { nvtxDomainRangePop(domain()); }

 private:
  static nvtxDomainHandle_t domain() {
    static const nvtxDomainHandle_t handle = nvtxDomainCreateA("xcub");
    return handle;
  }
#else
  explicit profile_range(const char*) {}
#endif

 public:
  profile_range(const profile_range&) = delete;
  profile_range& operator=(const profile_range&) = delete;
};

}  // namespace xcub::detail
