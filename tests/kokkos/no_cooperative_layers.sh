#!/usr/bin/env bash
# Kokkos backend: including a warp or block header (or xcub/arch/arch.hpp) must fail at compile
# time, with the message that names the backends that have them (docs/kokkos-backend.md).
#   no_cooperative_layers.sh SOURCE_ROOT BUILD_INCLUDE_DIR KOKKOS_CFLAGS... -- COMPILER [ARGS...]
set -uo pipefail
src=$1 build_inc=$2
shift 2
extra=()
while [ "$1" != -- ]; do extra+=("$1"); shift; done
shift
status=0
for h in xcub/warp/warp_reduce.hpp xcub/warp/warp_scan.hpp xcub/block/block_reduce.hpp xcub/block/block_scan.hpp \
         xcub/block/block_radix_sort.hpp xcub/arch/arch.hpp; do
  out=$(printf '#include <%s>\n' "$h" | "$@" -std=c++17 -fsyntax-only -x c++ - -I"$src/include" \
        -I"$src/backends/kokkos/include" -I"$build_inc" "${extra[@]}" 2>&1)
  if [ $? -eq 0 ]; then
    echo "FAILED: $h compiles on the kokkos backend"; status=1
  elif ! grep -q 'not available on the kokkos backend; they exist on the host, cuda and hip backends' <<<"$out"; then
    echo "FAILED: $h fails without the message:"; echo "$out" | head -5; status=1
  else
    echo "ok: $h: $(grep -o 'error: #error.*backends\.' <<<"$out" | head -1 | cut -c1-110)..."
  fi
done
exit $status
