// Scoped settings of the host emulator for tests: an environment variable, and the schedule.
#pragma once

#include <xcub/xcub.hpp>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

namespace xcub_test {

/// Sets (or, with nullopt, unsets) an environment variable for the scope; restores it after.
class env_scope {
 public:
  env_scope(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* s = std::getenv(name)) saved_ = s;
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  ~env_scope() {
    if (saved_) {
      setenv(name_, saved_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  env_scope(const env_scope&) = delete;
  env_scope& operator=(const env_scope&) = delete;

 private:
  const char* name_;
  std::optional<std::string> saved_;
};

/// Runs the scope's launches on the in-order schedule (nullopt) or the random one of a seed,
/// whatever XCUB_HOST_SCHEDULE_SEED says; afterwards the environment decides again.
class schedule_scope {
 public:
  explicit schedule_scope(std::optional<std::uint64_t> seed) : env_("XCUB_HOST_SCHEDULE_SEED", std::nullopt) {
    xcub::host::detail::set_schedule_seed(seed.has_value(), seed.value_or(0));
  }
  ~schedule_scope() { xcub::host::detail::set_schedule_seed(false, 0); }
  schedule_scope(const schedule_scope&) = delete;
  schedule_scope& operator=(const schedule_scope&) = delete;

 private:
  env_scope env_;
};

/// Seed 0 stands for the in-order schedule in loops over seeds.
inline std::optional<std::uint64_t> seed_or_in_order(std::uint64_t seed) {
  return seed == 0 ? std::nullopt : std::optional<std::uint64_t>(seed);
}

}  // namespace xcub_test
