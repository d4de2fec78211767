// The host SIMT emulator as one source file, for header-only use without Meson: compile it once
// with the program and link Boost.Context (docs/header-only.md):
//
//   g++ -std=c++17 $(scripts/xcub-flags host) app.cpp backends/host/xcub_host_all.cpp -lboost_context -rdynamic
//
// It is the library libxcub_host (backends/host/src) in one translation unit, built with the
// program's own flags, so the two always agree on the warp width (-DXCUB_HOST_WARP_THREADS=64 on
// the whole command line for 64-lane warps; 32 without). The shared-memory sanitizer's checks are
// compiled in and stay off unless XCUB_HOST_SANITIZE names them at run time; its instrumentation
// hooks (-fsanitize=thread, src/sanitizer_hooks.cpp) are not part of this file: sanitized runs
// need the Meson build (-Dhost_sanitize=true). -rdynamic is optional: it lets diagnostics name
// kernels.
#define XCUB_HOST_BUILDING_LIBRARY 1

#include "src/scheduler.cpp"
#include "src/warp_collectives.cpp"
#include "src/diagnostics.cpp"
#include "src/stack_pool.cpp"
#include "src/shared_memory.cpp"
#include "src/sanitizer.cpp"
#include "src/device_memory.cpp"
