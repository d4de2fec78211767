// The argument checks' debug log (<xcub/device/detail/argument_check.hpp>): with the log on, a
// refused call writes one line naming the entry point and the argument (through the test hook, and
// on stderr when XCUB_DEBUG_LOG=1 is in the environment of a fresh process); off, nothing; the error
// is error_invalid_value either way, and xcub::error_string names it.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#if defined(__unix__)
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <xcub/device/detail/argument_check.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_scan.hpp>

#include "device_test_support.hpp"

using namespace xcub_device_test;

namespace {

std::vector<std::string>& captured() {
  static std::vector<std::string> lines;
  return lines;
}
void capture(const char* line) { captured().emplace_back(line); }

/// The log on (or off) into captured() for one scope; the previous state after.
class log_capture {
 public:
  explicit log_capture(bool on) : on_(xcub::detail::debug_log().on.load()), sink_(xcub::detail::debug_log().sink) {
    captured().clear();
    xcub::detail::debug_log().on = on ? 1 : 0;
    xcub::detail::debug_log().sink = capture;
  }
  ~log_capture() {
    xcub::detail::debug_log().on = on_;
    xcub::detail::debug_log().sink = sink_;
  }
  log_capture(const log_capture&) = delete;
  log_capture& operator=(const log_capture&) = delete;

 private:
  int on_;
  void (*sink_)(const char*);
};

/// The one line the log holds.
std::string only_line() {
  REQUIRE(captured().size() == 1);
  return captured()[0];
}

}  // namespace

TEST_CASE("argument log: a refused call names the entry point and the argument") {
  log_capture log(true);
  xcub::device_buffer<unsigned> keys(16), out(16);
  std::size_t bytes = 0;

  CHECK(xcub::DeviceRadixSort::SortKeys(nullptr, bytes, keys.data(), out.data(), 16, 20, 10) ==
        xcub::error_invalid_value);
  CHECK(only_line() == "xcub::DeviceRadixSort::SortKeys: begin_bit (20) >= end_bit (10)");
  captured().clear();
  CHECK(xcub::DeviceRadixSort::SortPairsDescending(nullptr, bytes, keys.data(), out.data(), keys.data(), out.data(),
                                                   16, 0, 33) == xcub::error_invalid_value);
  CHECK(only_line() == "xcub::DeviceRadixSort::SortPairsDescending: end_bit (33) > the key's 32 bits");
  captured().clear();

  CHECK(xcub::DeviceReduce::Sum(nullptr, bytes, keys.data(), out.data(), -3) == xcub::error_invalid_value);
  CHECK(only_line() == "xcub::DeviceReduce::Sum: num_items (-3) < 0");
  captured().clear();

  // null data pointers pass the size query and are named in the second call
  CHECK(xcub::DeviceScan::ExclusiveSum(nullptr, bytes, static_cast<const unsigned*>(nullptr), out.data(), 16) ==
        xcub::success);
  CHECK(captured().empty());
  xcub::device_buffer<unsigned char> temp(bytes);
  CHECK(xcub::DeviceScan::ExclusiveSum(temp.data(), bytes, static_cast<const unsigned*>(nullptr), out.data(), 16) ==
        xcub::error_invalid_value);
  CHECK(only_line() == "xcub::DeviceScan::ExclusiveSum: d_in is null");
  captured().clear();

  // too little temp storage: the size the query gives is named
  std::size_t need = 0;
  REQUIRE(xcub::DeviceRadixSort::SortKeys(nullptr, need, keys.data(), out.data(), 16) == xcub::success);
  std::size_t small = need - 1;
  xcub::device_buffer<unsigned char> temp2(need);
  CHECK(xcub::DeviceRadixSort::SortKeys(temp2.data(), small, keys.data(), out.data(), 16) == xcub::error_invalid_value);
  CHECK(only_line() == "xcub::DeviceRadixSort::SortKeys: temp_storage_bytes (" + std::to_string(need - 1) + ") < " +
                           std::to_string(need) + ", the size the query gives");
  captured().clear();

  CHECK(xcub::DeviceHistogram::HistogramEven(nullptr, bytes, keys.data(), out.data(), 1, 0u, 256u, 16) ==
        xcub::error_invalid_value);
  CHECK(only_line() == "xcub::DeviceHistogram::HistogramEven: num_levels (1) < 2");
}

TEST_CASE("argument log: off, nothing is written and the errors are the same") {
  log_capture log(false);
  xcub::device_buffer<unsigned> keys(16), out(16);
  std::size_t bytes = 0;
  CHECK(xcub::DeviceRadixSort::SortKeys(nullptr, bytes, keys.data(), out.data(), 16, 20, 10) ==
        xcub::error_invalid_value);
  CHECK(xcub::DeviceReduce::Sum(nullptr, bytes, keys.data(), out.data(), -3) == xcub::error_invalid_value);
  CHECK(captured().empty());
  CHECK(std::string(xcub::error_string(xcub::error_invalid_value)).size() > 0);
  CHECK(std::string(xcub::error_string(xcub::success)) != std::string(xcub::error_string(xcub::error_invalid_value)));
}

#if defined(__unix__)
namespace {
/// What a fresh process with XCUB_DEBUG_LOG=`value` writes on stderr for a refused SortKeys.
std::string child_stderr(const char* value) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 2);
    setenv("XCUB_DEBUG_LOG", value, 1);
    xcub::detail::debug_log().on = -1;  // as at the start of a program: the environment is read again
    xcub::detail::debug_log().sink = nullptr;
    unsigned* keys = nullptr;
    std::size_t bytes = 0;
    const bool refused =
        xcub::DeviceRadixSort::SortKeys(nullptr, bytes, keys, keys, 16, 20, 10) == xcub::error_invalid_value;
    std::fflush(stderr);
    _exit(refused ? 0 : 1);
  }
  close(fds[1]);
  std::string out;
  char buffer[256];
  for (ssize_t got; (got = read(fds[0], buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(got));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  return out;
}
}  // namespace

TEST_CASE("argument log: XCUB_DEBUG_LOG=1 in the environment writes the line on stderr") {
  CHECK(child_stderr("1") == "xcub::DeviceRadixSort::SortKeys: begin_bit (20) >= end_bit (10)\n");
  CHECK(child_stderr("0").empty());
  CHECK(child_stderr("").empty());
}
#endif
