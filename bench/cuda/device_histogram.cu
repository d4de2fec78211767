// DeviceHistogram, xcub against CUB in one binary (device_histogram.hpp has the cases).
//
//   device_histogram [results.json]
#include "device_histogram.hpp"

int main(int argc, char** argv) {
  using namespace xcub_bench::device;
  using namespace xcub_bench::device::histogram_bench;
  report rep("device_histogram");
  for (kind k : {kind::even_u8, kind::even_f32, kind::multi_rgba, kind::range_f32}) run_one(rep, k);
  rep.finish(argc > 1 ? argv[1] : nullptr);
  return 0;
}
