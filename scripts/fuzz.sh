#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (host backend, clang, AddressSanitizer and
# UndefinedBehaviorSanitizer) and runs each for a while on its corpus (docs/testing.md, "Fuzzing,
# faults and concurrency").
#
#   bash scripts/fuzz.sh              10 s per target (CI: about a minute for the six)
#   bash scripts/fuzz.sh 600          ten minutes per target
#   bash scripts/fuzz.sh 600 fuzz_sort  one target
#
# Environment:
#   XCUB_FUZZ_DIR=build/fuzz     the build folder (set up here on first use)
#   XCUB_FUZZ_MERGE=1            after the run, merge what the run found into tests/fuzz/corpus/<target>
#                                (libFuzzer's -merge=1 -use_counters=0 adds only inputs that reach new
#                                code, so the tree's corpus stays at about 150 small files), to commit
#   XCUB_FUZZ_JOBS=N             N parallel fuzzing processes per target (libFuzzer -fork=N)
# The tree's corpus is only read during a run; what a run adds goes to $XCUB_FUZZ_DIR/corpus/<target>.
# A failing input is written to $XCUB_FUZZ_DIR/artifacts/ and the script ends with status 1;
# replay it with: $XCUB_FUZZ_DIR/tests/fuzz/<target> <file>.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_reduce fuzz_select fuzz_sort fuzz_by_key fuzz_histogram_find fuzz_copy_for)
dir=${XCUB_FUZZ_DIR:-build/fuzz}
# clang and its sanitizer runtimes (libFuzzer, ASan, UBSan, TSan) from Debian 12, where missing
if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev >/dev/null
fi
cxx=$(command -v clang++-14 || command -v clang++ || true)
[ -n "$cxx" ] || { echo "scripts/fuzz.sh: clang++ is needed (Debian: clang, libclang-rt-14-dev)"; exit 2; }
if [ ! -f "$dir/build.ninja" ]; then
  CXX="$cxx" CC="${cxx/clang++/clang}" meson setup "$dir" -Dfuzz=true -Dtests=enabled -Db_sanitize=address,undefined -Db_lundef=false \
    -Doptimization=1 -Dexamples=disabled -Dbenchmarks=disabled >/dev/null
fi
ninja -C "$dir" "${targets[@]/#/tests/fuzz/}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
mkdir -p "$dir/artifacts"
status=0
for t in "${targets[@]}"; do
  mkdir -p "$dir/corpus/$t" "tests/fuzz/corpus/$t"
  echo "--- $t: $seconds s"
  # -max_len 4096: enough for 3000 items of a byte or a few hundred wide ones; -timeout: one input
  # takes milliseconds, so 30 s means a hang; -rss_limit_mb: the emulator's stacks are mapped lazily
  fork=()
  [ "${XCUB_FUZZ_JOBS:-1}" -gt 1 ] && fork=(-fork="$XCUB_FUZZ_JOBS")
  if ! "$dir/tests/fuzz/$t" -max_total_time="$seconds" -max_len=4096 -timeout=30 -rss_limit_mb=4096 \
      "${fork[@]}" -print_final_stats=1 \
      -artifact_prefix="$dir/artifacts/$t-" "$dir/corpus/$t" "tests/fuzz/corpus/$t" 2>"$dir/$t.log"; then
    status=1
    tail -n 40 "$dir/$t.log"
    echo "--- $t FAILED: input in $dir/artifacts/ (log: $dir/$t.log)"
    continue
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+ +DONE" "$dir/$t.log" || true
  if [ "${XCUB_FUZZ_MERGE:-0}" = 1 ]; then
    "$dir/tests/fuzz/$t" -merge=1 -use_counters=0 -max_len=4096 "tests/fuzz/corpus/$t" "$dir/corpus/$t" \
      2>>"$dir/$t.log"
    echo "    tests/fuzz/corpus/$t: $(ls "tests/fuzz/corpus/$t" | wc -l) inputs"
  fi
done
exit $status
