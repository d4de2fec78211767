// xcub/util/debug.hpp: CUB's error-checking macros under xcub's spelling (CubDebug -> XcubDebug,
// CubDebugExit -> XcubDebugExit, _CubLog -> _XcubLog; scripts/cub-to-xcub.sed renames them).
//
//   #define XCUB_STDERR                     // before the include: report errors on stderr
//   #include <xcub/util_debug.hpp>
//   XcubDebugExit(xcub::DeviceScan::ExclusiveSum(d_temp, bytes, d_in, d_out, n));  // exit(1) on an error
//   if (xcub::error_t e = XcubDebug(xcub::device_synchronize())) return e;        // reports, passes it on
//
// Contract (host code; CUB's behaviour):
//   xcub::Debug(error, file, line): when `error` is success, takes the runtime's pending error
//     instead (get_last_error(), which also clears it, so that it does not surface in a later
//     launch). Where XCUB_STDERR is defined (or DEBUG / _DEBUG is), a non-success result is printed to
//     stderr as "xcub error N [file, line]: text" (N the backend's number, text its error_string).
//     Returns the result.
//   XcubDebug(e)      xcub::Debug(e, __FILE__, __LINE__)
//   XcubDebugExit(e)  exit(1) when XcubDebug(e) is not success (a statement, as CUB's)
//   _XcubLog(format, ...)  printf(format, ...): a log line, from host code or kernels (no block and
//     thread prefix, which CUB's adds in device code)
// Each macro is defined only where it is not defined already, as CUB's are.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <xcub/runtime.hpp>

#if (defined(DEBUG) || defined(_DEBUG)) && !defined(XCUB_STDERR)
#define XCUB_STDERR
#endif

namespace xcub {

inline error_t Debug(error_t error, const char* filename, int line) {
  const error_t last_error = get_last_error();
  if (error == success && last_error != success) error = last_error;
#ifdef XCUB_STDERR
  if (error != success) {
    std::fprintf(stderr, "xcub error %d [%s, %d]: %s\n", static_cast<int>(error), filename, line, error_string(error));
    std::fflush(stderr);
  }
#else
  (void)filename;
  (void)line;
#endif
  return error;
}

}  // namespace xcub

#ifndef XcubDebug
#define XcubDebug(e) ::xcub::Debug(static_cast<::xcub::error_t>(e), __FILE__, __LINE__)
#endif

#ifndef XcubDebugExit
#define XcubDebugExit(e)                                                                  \
  if (::xcub::Debug(static_cast<::xcub::error_t>(e), __FILE__, __LINE__) != ::xcub::success) { \
    std::exit(1);                                                                         \
  }
#endif

#ifndef _XcubLog
#define _XcubLog(format, ...) printf(format, __VA_ARGS__)
#endif
