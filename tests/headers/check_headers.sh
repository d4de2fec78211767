#!/usr/bin/env bash
# Every public header compiles on its own: each header under include/xcub, the selected backend's
# include/xcub/backend (and backends/native's), and the reference's include/xcub/reference is compiled (syntax only) in a
# translation unit that includes it alone, twice (the second include must be a no-op). Headers are
# found at run time, so a new one is checked without a change here.
#
#   check_headers.sh SOURCE_ROOT BUILD_INCLUDE_DIR BACKEND -- COMPILER [ARGS...]
#
# Runs the compilations in parallel (one per core); prints each failing header with the compiler's
# messages and exits 1 if any failed.
set -euo pipefail

src=$1 build_inc=$2 backend=$3
shift 3
[ "${1:-}" = -- ] && shift
compiler=("$@")

roots=("$src/include" "$src/backends/$backend/include" "$src/backends/host/reference/include")
# the device layer's kernel dispatch of the backends with kernels (the kokkos backend has its own)
[ "$backend" = kokkos ] || roots+=("$src/backends/native/include")
flags=(-std=c++17 -fsyntax-only -Wall -Wextra -Werror -x c++)
for r in "${roots[@]}"; do flags+=(-I"$r"); done
flags+=(-I"$build_inc")

headers=()
for r in "${roots[@]}"; do
  while IFS= read -r h; do headers+=("${h#"$r"/}"); done < <(find "$r/xcub" -name '*.hpp' | LC_ALL=C sort)
done
[ ${#headers[@]} -gt 0 ] || { echo "check_headers: no headers found under ${roots[*]}" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work
check_one() {  # $1: header path relative to an include root; the rest: the compile command
  local h=$1 log
  shift
  log=$work/$(echo "$h" | tr '/' '_').log
  if printf '#include <%s>\n#include <%s>\n' "$h" "$h" | "$@" - >"$log" 2>&1; then
    rm -f "$log"
  else
    echo "FAILED: $h"
  fi
}
export -f check_one

jobs=$(nproc 2>/dev/null || echo 2)
printf '%s\n' "${headers[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$@"' _ {} "${compiler[@]}" "${flags[@]}" \
  >"$work/failed.txt"

failed=$(sort "$work/failed.txt")
if [ -n "$failed" ]; then
  for log in "$work"/*.log; do echo "---- ${log##*/}"; cat "$log"; done
  echo "$failed"
  echo "check_headers: $(wc -l <<<"$failed") of ${#headers[@]} headers do not compile on their own"
  exit 1
fi
echo "check_headers: all ${#headers[@]} headers compile on their own ($backend backend)"
