// The emulator's checks report here: a message naming the kernel, block and thread, then abort.
// Also: kernel names for those messages, stalls (deadlocks), and faults on fiber stacks.
#include "emulator.hpp"
#include "stack_pool.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace xcub::host::detail {

std::string describe(const dim3& d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

const char* op_name(warp_op op) {
  switch (op) {
    case warp_op::sync: return "sync_warp";
    case warp_op::shfl_idx: return "shfl_idx";
    case warp_op::shfl_up: return "shfl_up";
    case warp_op::shfl_down: return "shfl_down";
    case warp_op::shfl_xor: return "shfl_xor";
    case warp_op::ballot: return "ballot";
    case warp_op::any: return "any";
    case warp_op::all: return "all";
    case warp_op::match_any: return "match_any";
  }
  return "?";
}

std::string describe_wait(const emu_thread& t) {
  const std::string who = "thread " + describe(t.ids.thread_idx) + " (warp " + std::to_string(t.ids.warp) + ", lane " +
                          std::to_string(t.ids.lane) + ")";
  switch (t.state) {
    case thread_state::at_barrier:
      return who + " waits at the barrier at " + t.barrier_file + ":" + std::to_string(t.barrier_line);
    case thread_state::at_warp:
      return who + " waits in " + op_name(t.op) + " with member mask " + hex(t.op_mask);
    case thread_state::done: return who + " has exited";
    default: return who + " is runnable";
  }
}

namespace {
std::string place(const grid_run& run, const emu_thread* t) {
  std::string s = "\n  kernel: " + run.kernel_name;
  if (t) s += "\n  block " + describe(t->ids.block_idx) + ", thread " + describe(t->ids.thread_idx) + " (warp " +
              std::to_string(t->ids.warp) + ", lane " + std::to_string(t->ids.lane) + ")";
  s += "\n  grid " + describe(run.request.grid) + ", block " + describe(run.request.block) + ", warp width " +
       std::to_string(warp_width);
  s += run.random ? "\n  schedule: random, XCUB_HOST_SCHEDULE_SEED=" + std::to_string(run.seed) + " replays it"
                  : std::string("\n  schedule: in order");
  return s;
}
}  // namespace

void fatal(const std::string& what, const emu_thread* t) {
  const grid_run* run = active_run();
  if (!t && run) t = run->current;
  std::string msg = "xcub host emulator: " + what;
  if (run) msg += place(*run, t);
  msg += "\n";
  std::fputs(msg.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}

void report_block_shape(const char* name, unsigned x, unsigned y, unsigned z) {
  const grid_run* run = active_run();
  const std::string launched = run ? describe(run->request.block) : std::string("(none: no kernel runs)");
  fatal(std::string(name) + " is declared for blocks of " + describe(dim3(x, y, z)) +
        " threads but runs in a block of " + launched +
        ": a block collective's BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z must be the launch's block dimensions");
}

void report_stall(grid_run& run) {
  for (const auto& slot : run.slots) {
    if (slot && slot->live != 0 && slot->live != ~0u) report_mask_disagreement(*slot);
  }
  std::string detail;
  int listed = 0;
  for (const auto& slot : run.slots) {
    if (!slot || slot->live == 0 || slot->live == ~0u) continue;
    for (const emu_thread& t : slot->threads) {
      if (t.state == thread_state::done) continue;
      if (listed++ < 12) detail += "\n    block " + describe(t.ids.block_idx) + ": " + describe_wait(t);
    }
  }
  if (listed > 12) detail += "\n    ... and " + std::to_string(listed - 12) + " more";
  run.current = nullptr;
  fatal("deadlock: no thread can run; the waiting threads are:" + detail);
}

std::string kernel_name_of(const void* kernel) {
  static std::mutex mutex;
  static std::map<const void*, std::string> names;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = names.find(kernel); it != names.end()) return it->second;
  std::string name = "<kernel at " + hex(reinterpret_cast<std::uintptr_t>(kernel)) +
                     "; link with -rdynamic to see its name>";
  Dl_info info;
  if (dladdr(kernel, &info) && info.dli_sname) {
    int status = 0;
    char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
    name = status == 0 && demangled ? demangled : info.dli_sname;
    std::free(demangled);
  }
  return names[kernel] = name;
}

// ---- faults on fiber stacks ---------------------------------------------------------------------
namespace {

struct sigaction previous_segv, previous_bus;  // what on_fault hands a fault on to

void write_text(const char* s) {
  if (write(STDERR_FILENO, s, std::strlen(s)) < 0) return;
}

void on_fault(int sig, siginfo_t* info, void* uctx) {
  grid_run* run = active_run();
  const emu_thread* t = run ? run->current : nullptr;
  if (t && t->stack.sp) {
    const stack_pool& pool = this_thread_stacks();
    const char* addr = static_cast<const char*>(info->si_addr);
    const char* guard = pool.guard_begin(t->stack);
    char buf[512];
    if (const std::string device = describe_device_address(addr); !device.empty()) {
      std::snprintf(buf, sizeof buf, "xcub host emulator: %s\n", device.c_str());
    } else if (addr >= guard && addr < guard + pool.guard_bytes()) {
      std::snprintf(buf, sizeof buf,
                    "xcub host emulator: stack overflow: the thread ran past its %zu-byte stack into the guard page "
                    "(raise XCUB_HOST_STACK_SIZE)\n",
                    pool.stack_bytes());
    } else {
      std::snprintf(buf, sizeof buf, "xcub host emulator: invalid memory access at %p\n", info->si_addr);
    }
    write_text(buf);
    write_text("  kernel: ");
    write_text(run->kernel_name.c_str());
    std::snprintf(buf, sizeof buf, "\n  block (%u,%u,%u), thread (%u,%u,%u) (warp %u, lane %u)\n", t->ids.block_idx.x,
                  t->ids.block_idx.y, t->ids.block_idx.z, t->ids.thread_idx.x, t->ids.thread_idx.y,
                  t->ids.thread_idx.z, t->ids.warp, t->ids.lane);
    write_text(buf);
  } else if (const std::string device = describe_device_address(info->si_addr); !device.empty()) {
    write_text(("xcub host emulator: " + device + " (in host code, outside any kernel)\n").c_str());
  }
  // Hand the fault to whoever handled it before (or the default: terminate with the signal).
  sigaction(sig, sig == SIGBUS ? &previous_bus : &previous_segv, nullptr);
  (void)uctx;
}

}  // namespace

void install_fault_handler() {
  // Checked at every launch, not once: a test framework or another library may have replaced the
  // handler or the alternate stack since the last one (doctest restores its predecessors after
  // each test case), and a fault would then end the process without a word.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  // The handler needs a stack of its own: the faulting one is the overflowed fiber stack.
  constexpr std::size_t alt_bytes = 64 * 1024;
  // Owned per OS thread; unregistered before it is freed when the thread ends.
  struct alternate_stack {
    std::unique_ptr<char[]> bytes;
    ~alternate_stack() {
      stack_t now{};
      if (bytes && sigaltstack(nullptr, &now) == 0 && now.ss_sp == bytes.get()) {
        stack_t off{};
        off.ss_flags = SS_DISABLE;
        sigaltstack(&off, nullptr);
      }
    }
  };
  static thread_local alternate_stack alt_stack;
  stack_t current{};
  if (sigaltstack(nullptr, &current) == 0 && ((current.ss_flags & SS_DISABLE) || current.ss_size < alt_bytes)) {
    if (!alt_stack.bytes) alt_stack.bytes.reset(new char[alt_bytes]);
    stack_t ss{};
    ss.ss_sp = alt_stack.bytes.get();
    ss.ss_size = alt_bytes;
    sigaltstack(&ss, nullptr);
  }
  for (const int sig : {SIGSEGV, SIGBUS}) {
    struct sigaction now {};
    sigaction(sig, nullptr, &now);
    if ((now.sa_flags & SA_SIGINFO) && now.sa_sigaction == on_fault) continue;
    struct sigaction sa {};
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, sig == SIGBUS ? &previous_bus : &previous_segv);
  }
}

}  // namespace xcub::host::detail
