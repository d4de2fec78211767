// xcub/device/detail/scan_init.hpp: the InitT of inclusive scans that have no initial value, shared
// by every backend's scan dispatch (the façade names it before any backend code).
#pragma once

namespace xcub::detail {

/// The InitT of inclusive scans that have no initial value.
struct scan_no_init {};

}  // namespace xcub::detail
