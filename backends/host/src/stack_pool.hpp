// Fiber stacks for the emulator: mapped once, kept in a per-OS-thread pool and reused, each
// with an inaccessible guard region below it so that an overflow faults instead of corrupting
// a neighbour (diagnostics.cpp turns that fault into a message).
#pragma once

#include <boost/context/stack_context.hpp>

#include <cstddef>
#include <vector>

namespace xcub::host::detail {

class stack_pool {
 public:
  stack_pool();
  ~stack_pool();
  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;

  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& sc);

  std::size_t stack_bytes() const { return usable_; }
  std::size_t guard_bytes() const { return guard_; }
  /// The lowest address of a stack's guard region.
  char* guard_begin(const boost::context::stack_context& sc) const {
    return static_cast<char*>(sc.sp) - usable_ - guard_;
  }

 private:
  std::size_t usable_, guard_;
  std::vector<void*> free_;  // stack tops (sp) ready for reuse
};

/// The pool of the calling OS thread.
stack_pool& this_thread_stacks();

/// Boost.Context's StackAllocator concept over a pool; remembers the last stack it handed out.
struct pooled_stack_allocator {
  stack_pool* pool;
  boost::context::stack_context* last;
  boost::context::stack_context allocate() { return *last = pool->allocate(); }
  void deallocate(boost::context::stack_context& sc) noexcept { pool->deallocate(sc); }
};

}  // namespace xcub::host::detail
