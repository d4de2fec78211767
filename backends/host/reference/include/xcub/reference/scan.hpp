// xcub/reference/scan.hpp: the oracle for prefix scans. Sequential, left to right.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace xcub::reference {

/// out[i] = in[0] op ... op in[i].
template <class T, class Op>
std::vector<T> inclusive_scan(const std::vector<T>& in, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  for (const T& v : in) out.push_back(out.empty() ? v : op(out.back(), v));
  return out;
}

/// out[i] = init op in[0] op ... op in[i] (an inclusive scan seeded with init).
template <class T, class Op>
std::vector<T> inclusive_scan(const std::vector<T>& in, T init, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  T acc = init;
  for (const T& v : in) out.push_back(acc = op(acc, v));
  return out;
}

/// out[0] = init, out[i] = init op in[0] op ... op in[i-1].
template <class T, class Op>
std::vector<T> exclusive_scan(const std::vector<T>& in, T init, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  T acc = init;
  for (const T& v : in) {
    out.push_back(acc);
    acc = op(acc, v);
  }
  return out;
}


// ---- seeded, unseeded and per-group forms (the thread and warp tests) ---------------------------
// Each step's result is converted to T, so `op` may return a wider accumulator.

/// Seeded: out[i] = init op in[0] op ... op in[i].
template <class T, class Op>
std::vector<T> inclusive_scan(const std::vector<T>& in, T init, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  T acc = init;
  for (const T& v : in) out.push_back(acc = static_cast<T>(op(acc, v)));
  return out;
}

/// Unseeded: out[i] = in[0] op ... op in[i-1] for i >= 1; out[0] is T{} (no operand defines it:
/// the caller decides what, if anything, the first item must be).
template <class T, class Op>
std::vector<T> exclusive_scan(const std::vector<T>& in, Op op) {
  std::vector<T> out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    out.push_back(i == 0 ? T{} : i == 1 ? in[0] : static_cast<T>(op(out.back(), in[i - 1])));
  }
  return out;
}

/// Each consecutive run of `segment` items (the last may be shorter) scanned on its own: the scan
/// `scan_one(run)` (any of the forms above, bound to its operator and initial value) per run,
/// concatenated. E.g. per logical warp of the lanes that call, in lane order.
template <class T, class ScanOne>
std::vector<T> scan_segments(const std::vector<T>& in, std::size_t segment, ScanOne scan_one) {
  if (segment == 0) throw std::invalid_argument("xcub::reference::scan_segments: segment must be >= 1");
  std::vector<T> out;
  out.reserve(in.size());
  for (std::size_t begin = 0; begin < in.size(); begin += segment) {
    const std::size_t end = begin + segment < in.size() ? begin + segment : in.size();
    const std::vector<T> run(in.begin() + static_cast<std::ptrdiff_t>(begin), in.begin() + static_cast<std::ptrdiff_t>(end));
    const std::vector<T> scanned = scan_one(run);
    out.insert(out.end(), scanned.begin(), scanned.end());
  }
  return out;
}

template <class T, class Op>
std::vector<T> inclusive_scan_segments(const std::vector<T>& in, std::size_t segment, Op op) {
  return scan_segments(in, segment, [&](const std::vector<T>& run) { return inclusive_scan(run, op); });
}
template <class T, class Op>
std::vector<T> inclusive_scan_segments(const std::vector<T>& in, std::size_t segment, T init, Op op) {
  return scan_segments(in, segment, [&](const std::vector<T>& run) { return inclusive_scan(run, init, op); });
}
template <class T, class Op>
std::vector<T> exclusive_scan_segments(const std::vector<T>& in, std::size_t segment, Op op) {
  return scan_segments(in, segment, [&](const std::vector<T>& run) { return exclusive_scan(run, op); });
}
template <class T, class Op>
std::vector<T> exclusive_scan_segments(const std::vector<T>& in, std::size_t segment, T init, Op op) {
  return scan_segments(in, segment, [&](const std::vector<T>& run) { return exclusive_scan(run, init, op); });
}

}  // namespace xcub::reference
