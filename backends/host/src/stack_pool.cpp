#include "stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <new>

// AddressSanitizer's interface, weak so that one library serves plain and ASan runs.
extern "C" void __asan_unpoison_memory_region(void const volatile* addr, std::size_t size) __attribute__((weak));

namespace xcub::host::detail {
namespace {

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

std::size_t stack_bytes_from_environment() {
  std::size_t bytes = 256 * 1024;
  if (const char* s = std::getenv("XCUB_HOST_STACK_SIZE")) {
    const long long v = std::atoll(s);
    if (v >= 16 * 1024) bytes = static_cast<std::size_t>(v);
  }
  return bytes;
}

}  // namespace

stack_pool::stack_pool() {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  usable_ = round_up(stack_bytes_from_environment(), page);
  guard_ = round_up(64 * 1024, page);  // wide enough that a large frame cannot jump over it
}

stack_pool::~stack_pool() {
  for (void* sp : free_) {
    // AddressSanitizer does not follow fiber stacks: clear the redzones their frames left, or
    // whatever is mapped at these addresses next (a device allocation, say) would seem poisoned.
    if (__asan_unpoison_memory_region) __asan_unpoison_memory_region(static_cast<char*>(sp) - usable_, usable_);
    munmap(static_cast<char*>(sp) - usable_ - guard_, usable_ + guard_);
  }
}

boost::context::stack_context stack_pool::allocate() {
  boost::context::stack_context sc;
  sc.size = usable_;
  if (!free_.empty()) {
    sc.sp = free_.back();
    free_.pop_back();
    return sc;
  }
  void* base = mmap(nullptr, usable_ + guard_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                    -1, 0);
  if (base == MAP_FAILED) throw std::bad_alloc();
  mprotect(base, guard_, PROT_NONE);
  sc.sp = static_cast<char*>(base) + guard_ + usable_;
  return sc;
}

void stack_pool::deallocate(boost::context::stack_context& sc) { free_.push_back(sc.sp); }

stack_pool& this_thread_stacks() {
  static thread_local stack_pool pool;
  return pool;
}

}  // namespace xcub::host::detail
