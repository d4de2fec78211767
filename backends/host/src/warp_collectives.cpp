// Warp collectives on the emulator: the lanes of a member mask meet at a rendezvous, the last
// to arrive computes every lane's result, and the others resume with theirs. Lanes of one warp
// whose masks are disjoint gather independently, as independent thread scheduling allows.
#include "emulator.hpp"

#include <algorithm>

namespace xcub::host::detail {
namespace {

/// What a lane reads from a lane that is outside the member mask: recognisable garbage.
constexpr std::uint64_t absent_lane_value = 0xDEADBEEFDEADBEEFull;

bool is_shuffle(warp_op op) {
  return op == warp_op::shfl_idx || op == warp_op::shfl_up || op == warp_op::shfl_down || op == warp_op::shfl_xor;
}

std::string lanes_of(mask64 m) {
  std::string s;
  for (int l = 0; l < warp_width; ++l) {
    if (m >> l & 1) s += (s.empty() ? "" : ",") + std::to_string(l);
  }
  return s.empty() ? "none" : s;
}

/// The lane whose value lane `lane` reads, or -1 for its own value.
int shuffle_source(const emu_thread& t, int lane) {
  const int width = t.op_width;
  const int segment = lane & ~(width - 1);
  switch (t.op) {
    case warp_op::shfl_idx: return segment + static_cast<int>(static_cast<unsigned>(t.op_operand) % width);
    case warp_op::shfl_up: return lane - t.op_operand < segment ? -1 : lane - t.op_operand;
    case warp_op::shfl_down: return lane + t.op_operand >= segment + width ? -1 : lane + t.op_operand;
    case warp_op::shfl_xor: {
      const int src = lane ^ t.op_operand;
      return src >= segment + width || src < 0 || src >= warp_width ? -1 : src;
    }
    default: return -1;
  }
}

/// Computes every member's result; `lanes[l]` is lane l's thread.
void complete(const warp_group& g, emu_thread* const* lanes) {
  mask64 votes = 0;
  for (int l = 0; l < warp_width; ++l) {
    if (g.mask >> l & 1 && lanes[l]->op_in) votes |= mask64{1} << l;
  }
  for (int l = 0; l < warp_width; ++l) {
    if (!(g.mask >> l & 1)) continue;
    emu_thread& t = *lanes[l];
    switch (g.op) {
      case warp_op::sync: t.op_out = 0; break;
      case warp_op::ballot: t.op_out = votes; break;
      case warp_op::any: t.op_out = votes != 0; break;
      case warp_op::all: t.op_out = votes == g.mask; break;
      case warp_op::match_any: {
        mask64 same = 0;
        for (int o = 0; o < warp_width; ++o) {
          if (g.mask >> o & 1 && lanes[o]->op_in == t.op_in) same |= mask64{1} << o;
        }
        t.op_out = same;
        break;
      }
      default: {
        const int src = shuffle_source(t, l);
        t.op_out = src < 0 ? t.op_in : (g.mask >> src & 1) ? lanes[src]->op_in : absent_lane_value;
      }
    }
  }
}

void check_arguments(const emu_thread& t, warp_op op, mask64 mask, int width) {
  const emu_warp& w = t.block->warps[t.ids.warp];
  const mask64 self = mask64{1} << t.ids.lane;
  // the message's start, made only when a check fails: formatting it on every call would cost
  // more than the rendezvous itself
  const auto call = [&] { return std::string(op_name(op)) + " with member mask " + hex(mask); };
  if (mask & ~warp_width_mask) {
    fatal(call() + ": the mask has bits beyond the warp's " + std::to_string(warp_width) + " lanes", &t);
  }
  if (!(mask & self)) fatal(call() + ": the calling lane " + std::to_string(t.ids.lane) + " is not in its mask", &t);
  if (mask & ~w.present) {
    fatal(call() + ": the mask names lanes " + lanes_of(mask & ~w.present) + " that do not exist (the block has " +
              std::to_string(t.ids.block_dim.x * t.ids.block_dim.y * t.ids.block_dim.z) + " threads)",
          &t);
  }
  if (mask & w.exited) {
    fatal(call() + ": lanes " + lanes_of(mask & w.exited) + " of the mask have already exited", &t);
  }
  if (is_shuffle(op) && (width < 1 || width > warp_width || (width & (width - 1)) != 0)) {
    fatal(call() + ": width " + std::to_string(width) + " is not a power of two from 1 to " +
              std::to_string(warp_width),
          &t);
  }
}

}  // namespace

std::uint64_t warp_collective(warp_op op, std::uint64_t mask, std::uint64_t value, int operand, int width) {
  grid_run& run = *active_run();
  emu_thread& t = *run.current;
  emu_block& b = *t.block;
  emu_warp& w = b.warps[t.ids.warp];
  check_arguments(t, op, mask, width);
  const mask64 self = mask64{1} << t.ids.lane;

  // A lane joins the oldest pending group of its own mask that it has not joined yet. Groups of
  // different masks may overlap: a lane can be waited for in one collective while it still runs
  // towards it through another, as on GPUs. Masks that never meet show up as a stall, which
  // report_mask_disagreement() names.
  auto group = std::find_if(w.groups.begin(), w.groups.end(),
                            [&](const warp_group& g) { return g.mask == mask && !(g.arrived & self); });
  if (group == w.groups.end()) {
    w.groups.push_back(warp_group{op, mask, 0});
    group = w.groups.end() - 1;
  } else if (group->op != op) {
    fatal(std::string(op_name(op)) + ": lanes call different warp collectives: this lane calls " + op_name(op) +
              " with mask " + hex(mask) + " while lanes " + lanes_of(group->arrived) + " wait in " +
              op_name(group->op) + " with mask " + hex(group->mask),
          &t);
  }
  t.op = op;
  t.op_mask = mask;
  t.op_in = value;
  t.op_operand = operand;
  t.op_width = width;
  group->arrived |= self;

  if (group->arrived != group->mask) {
    t.state = thread_state::at_warp;
    park_current();
    t.state = thread_state::running;
    return t.op_out;
  }
  emu_thread* lanes[warp_width] = {};
  const unsigned first = t.ids.warp * warp_width;
  for (int l = 0; l < warp_width; ++l) {
    if (group->mask >> l & 1) lanes[l] = &b.threads[first + l];
  }
  const warp_group done = *group;
  w.groups.erase(group);
  complete(done, lanes);
  if (done.op == warp_op::sync && san_enabled) san_warp_sync(b, lanes, done.mask);  // orders memory; shuffles do not
  bool someone_not_spinning = false;
  for (int l = 0; l < warp_width; ++l) {
    if (!lanes[l]) continue;
    someone_not_spinning |= !lanes[l]->spinning;
    if (lanes[l] != &t) make_ready(*lanes[l]);
  }
  if (someone_not_spinning) note_progress();
  if (coin_flip()) yield_current();
  return t.op_out;
}

std::uint64_t warp_live_lanes() {
  const emu_thread& t = *active_run()->current;
  const emu_warp& w = t.block->warps[t.ids.warp];
  return w.present & ~w.exited;
}

void release_warp_on_exit(emu_thread& t) {
  const emu_warp& w = t.block->warps[t.ids.warp];
  const mask64 self = mask64{1} << t.ids.lane;
  for (const warp_group& g : w.groups) {
    if (g.mask & self) {
      fatal("this lane exited while lanes " + lanes_of(g.arrived) + " wait for it in " + op_name(g.op) +
                " with member mask " + hex(g.mask),
            &t);
    }
  }
}

void report_mask_disagreement(const emu_block& b) {
  for (std::size_t wi = 0; wi < b.warps.size(); ++wi) {
    const auto& groups = b.warps[wi].groups;
    for (std::size_t i = 0; i < groups.size(); ++i) {
      for (std::size_t j = i + 1; j < groups.size(); ++j) {
        const warp_group &a = groups[i], &c = groups[j];
        if (!(a.mask & c.mask)) continue;
        const int lane = __builtin_ctzll(c.arrived);
        fatal(std::string(op_name(c.op)) + ": member masks disagree: lanes " + lanes_of(c.arrived) + " wait in " +
                  op_name(c.op) + " with mask " + hex(c.mask) + " while lanes " + lanes_of(a.arrived) + " wait in " +
                  op_name(a.op) + " with mask " + hex(a.mask) + ", and neither can complete",
              &b.threads[wi * warp_width + lane]);
      }
    }
  }
}

}  // namespace xcub::host::detail
