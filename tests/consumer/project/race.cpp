// xcub consumer check of the sanitizer variant: a kernel with a deliberate shared-memory race
// (thread 1 reads what thread 0 writes, with no barrier between). Built against
// xcub-host-sanitize (or xcub::host_sanitize), it must stop with the emulator's race report;
// built against plain xcub it runs, and XCUB_HOST_SANITIZE only earns a warning.
#include <xcub/xcub.hpp>

#include <cstdio>

namespace arch = xcub::arch;

XCUB_KERNEL void missing_barrier(int* out) {
  XCUB_SHARED(int, cell);
  if (arch::linear_thread_id() == 0) cell = 42;
  // a barrier belongs here
  if (arch::linear_thread_id() == 1) out[0] = cell;
}

int main() {
  xcub::device_buffer<int> d_out(1);
  xcub::error_t err = xcub::launch(xcub::dim3(1), xcub::dim3(64), 0, 0, missing_barrier, d_out.data());
  if (err == xcub::success) err = xcub::device_synchronize();
  std::printf("xcub race check: the racy kernel ran to the end (%s)\n", xcub::error_string(err));
  return 0;
}
