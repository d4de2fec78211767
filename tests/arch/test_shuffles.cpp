// Warp shuffles (idx, up, down, xor) at every width from 1 to the warp, on 1- to 12-byte types,
// with full, prefix and scattered member masks and a partial last warp, against a host model of
// CUDA's __shfl_*_sync. A lane only ever reads a lane of its mask (other reads are unspecified).
#include "test_support.hpp"

#include <algorithm>

namespace arch = xcub::arch;
using arch::lane_mask_t;

namespace {
constexpr unsigned W = arch::warp_threads;

struct bytes12 {  // a 12-byte struct: 2 shuffle words on the host, 3 on GPUs
  std::uint32_t a, b, c;
};

enum : int { op_idx, op_up, op_down, op_xor, op_kinds };

/// Shuffle widths 1, 2, 4, ..., warp_threads.
XCUB_HOST_DEVICE constexpr int width_count() {
  int n = 0;
  for (int w = 1; w <= arch::warp_threads; w *= 2) ++n;
  return n;
}
constexpr int rounds = op_kinds * width_count();  // round r: op r / width_count(), width 1 << r % width_count()

// Each round, the lanes of masks[r * total_warps + warp] shuffle in[r][thread] with operands[r][thread]
// and write out[r][thread]; the others skip the round and wait at the block barrier that ends it.
template <class T>
XCUB_KERNEL void shuffle_rounds(const T* in, const int* operands, const lane_mask_t* masks, T* out) {
  const xcub_test::thread_place p = xcub_test::this_thread_place();
  const unsigned lane = p.lane;
  const unsigned long long n = p.n, gid = p.gid, total_warps = p.warps, gwarp = p.gwarp;
  for (int r = 0; r < rounds; ++r) {
    const lane_mask_t mask = masks[r * total_warps + gwarp];
    if (mask >> lane & 1) {
      const int width = 1 << (r % width_count());
      const int operand = operands[r * n + gid];
      const T v = in[r * n + gid];
      T got = v;
      switch (r / width_count()) {
        case op_idx: got = arch::shfl_idx(mask, v, operand, width); break;
        case op_up: got = arch::shfl_up(mask, v, static_cast<unsigned>(operand), width); break;
        case op_down: got = arch::shfl_down(mask, v, static_cast<unsigned>(operand), width); break;
        default: got = arch::shfl_xor(mask, v, operand, width); break;
      }
      out[r * n + gid] = got;
    }
    arch::sync_threads();  // keeps the rounds apart: a lane skipping one does not run ahead into the next
  }
}

/// The lane whose value `lane` reads (CUDA semantics), or -1 for its own value.
int source_lane(int op, int lane, int operand, int width) {
  const int segment = lane & ~(width - 1);
  switch (op) {
    case op_idx: return segment + static_cast<int>(static_cast<unsigned>(operand) % static_cast<unsigned>(width));
    case op_up: return lane - operand < segment ? -1 : lane - operand;
    case op_down: return lane + operand >= segment + width ? -1 : lane + operand;
    default: return (lane ^ operand) >= segment + width ? -1 : lane ^ operand;  // earlier segments may be read
  }
}

/// Lanes of warp `warp` that exist in a block of `threads`.
lane_mask_t existing_lanes(unsigned threads, unsigned warp) {
  return arch::lane_range_mask(0, std::min(W, threads - warp * W));
}

/// Kind 0: every existing lane; 1: a prefix [0, k); 2: a random nonempty subset.
lane_mask_t draw_mask(int kind, lane_mask_t existing, std::mt19937_64& rng) {
  if (kind == 0) return existing;
  unsigned count = 0;
  for (unsigned l = 0; l < W; ++l) count += existing >> l & 1;
  if (kind == 1) return arch::lane_range_mask(0, 1 + static_cast<unsigned>(rng() % count));
  lane_mask_t m = 0;
  while (m == 0) m = static_cast<lane_mask_t>(rng()) & existing;
  return m;
}

template <class T>
void check_shuffles(xcub::dim3 grid, xcub::dim3 block, std::mt19937_64& rng) {
  const unsigned threads = block.x * block.y * block.z, warps = (threads + W - 1) / W;
  const std::size_t blocks = std::size_t{grid.x} * grid.y * grid.z, n = blocks * threads, total_warps = blocks * warps;
  CAPTURE(threads);
  CAPTURE(blocks);
  const auto in = xcub_test::random_vector<T>(rounds * n, rng);
  std::vector<lane_mask_t> masks(rounds * total_warps);
  std::vector<int> operands(rounds * n, 0);
  std::vector<T> want(rounds * n);
  std::memset(static_cast<void*>(want.data()), 0xFF, want.size() * sizeof(T));  // lanes outside the mask
  for (int r = 0; r < rounds; ++r) {
    const int op = r / width_count(), width = 1 << (r % width_count());
    for (std::size_t gw = 0; gw < total_warps; ++gw) {
      const lane_mask_t mask = draw_mask(static_cast<int>((r + gw) % 3), existing_lanes(threads, gw % warps), rng);
      masks[r * total_warps + gw] = mask;
      const std::size_t first = gw / warps * threads + gw % warps * W;  // thread of lane 0
      for (int lane = 0; lane < static_cast<int>(W); ++lane) {
        if (!(mask >> lane & 1)) continue;
        const int range = op == op_idx ? 4 * static_cast<int>(W) : std::min(2 * width, static_cast<int>(W));
        int operand = op == op_idx ? lane : 0, src = -1;  // fallback: the own value
        for (int attempt = 0; attempt < 16; ++attempt) {  // an operand that reads a lane of the mask
          const int o = static_cast<int>(rng() % static_cast<unsigned>(range));
          const int s = source_lane(op, lane, o, width);
          if (s < 0 || mask >> s & 1) {
            operand = o;
            break;
          }
        }
        src = source_lane(op, lane, operand, width);
        operands[r * n + first + lane] = operand;
        want[r * n + first + lane] = in[r * n + first + (src < 0 ? lane : src)];
      }
    }
  }
  xcub::device_buffer<T> d_in(in), d_out(in.size());
  xcub::device_buffer<int> d_operands(operands);
  xcub::device_buffer<lane_mask_t> d_masks(masks);
  d_out.fill_bytes(0xFF);
  xcub_test::launch_and_wait(grid, block, 0, shuffle_rounds<T>, d_in.data(), d_operands.data(), d_masks.data(),
                             d_out.data());
  const auto got = d_out.download();
  for (int r = 0; r < rounds; ++r) {
    CAPTURE(r);
    const char* names[] = {"shfl_idx", "shfl_up", "shfl_down", "shfl_xor"};
    const std::string what = std::string(names[r / width_count()]) + " width " + std::to_string(1 << (r % width_count()));
    xcub_test::check_equal(std::vector<T>(got.begin() + r * n, got.begin() + (r + 1) * n),
                           std::vector<T>(want.begin() + r * n, want.begin() + (r + 1) * n), what);
  }
}
}  // namespace

TEST_CASE_TEMPLATE("shuffles: idx, up, down, xor at every width, full and partial masks", T, std::int32_t, std::int64_t,
                   double, bytes12, std::uint8_t) {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("shuffles");
  check_shuffles<T>(xcub::dim3(2), xcub::dim3(100), rng);       // partial last warp at 32 and 64
  check_shuffles<T>(xcub::dim3(1), xcub::dim3(W, 2), rng);      // whole warps, 2D block
  check_shuffles<T>(xcub::dim3(1, 2), xcub::dim3(7, 3, 2), rng);  // 42 threads: one partial warp, 3D
}

namespace {
// The upper half of the warp first shuffles among itself, then the whole warp shuffles: a lane
// may be waited for in one collective while it passes through another (legal on GPUs).
XCUB_KERNEL void nested_mask_shuffles(int* out) {
  const int lane = static_cast<int>(arch::lane_id());
  constexpr unsigned half = arch::warp_threads / 2;
  int a = lane;
  if (static_cast<unsigned>(lane) >= half) a = arch::shfl_xor(arch::lane_range_mask(half, half), a, 1);
  out[lane] = arch::shfl_xor(arch::full_lane_mask, a, 1);
}
}  // namespace

TEST_CASE("shuffles: a lane passes through a sub-mask collective before a full-mask one") {
  xcub::device_buffer<int> d(arch::warp_threads);
  d.fill_bytes(0xFF);
  xcub_test::launch_and_wait(xcub::dim3(1), xcub::dim3(arch::warp_threads), 0, nested_mask_shuffles, d.data());
  std::vector<int> want(arch::warp_threads);
  for (int lane = 0; lane < arch::warp_threads; ++lane) {
    const int partner = lane ^ 1;  // its value: the partner's own lane, or after the upper-half swap, lane itself
    want[lane] = partner >= arch::warp_threads / 2 ? lane : partner;
  }
  xcub_test::check_equal(d.download(), want, "nested masks");
}
