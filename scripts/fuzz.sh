#!/usr/bin/env bash
# Fuzz with libFuzzer + AddressSanitizer for SECONDS in all (default 60), split evenly between the
# targets named (default: every one; `textheight-fuzz --list` names them): the library (text and
# options, font bytes) and the readers in front of it (JSON, lines, batch lines, argument vectors,
# whole batch inputs, golden files under check), each checking its properties as it goes.
# Seeds come from the fixtures (the binary writes them); the corpus grows in .build/fuzz-corpus/.
# A finding lands in fixtures/fuzz/crashes/TARGET-…, which a plain build replays
# (`swift run textheight-fuzz fixtures/fuzz/crashes/*`); fixed, it moves to fixtures/fuzz/regressions/,
# which the suite replays (FuzzRegressionTests).
#   scripts/fuzz.sh 30                 # CI: every target, 30 s in all
#   scripts/fuzz.sh 1800 batch golden  # two targets, 15 minutes each
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
scripts/setup.sh
# lld: gold fails an internal assertion linking this binary with ASan.
swift build -c release --product textheight-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZER -Xswiftc -use-ld=lld \
  --build-path .build/fuzz >&2
fuzzer=.build/fuzz/release/textheight-fuzz
targets=("$@")
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <("$fuzzer" --list | cut -f1)
share=$(( seconds / ${#targets[@]} ))
[ "$share" -lt 1 ] && share=1
mkdir -p fixtures/fuzz/crashes .build/fuzz-corpus
"$fuzzer" --dictionary > .build/fuzz.dict
# Under CI a fixed seed makes the short pass repeatable; locally every run explores anew.
seed=()
[ -n "${CI:-}" ] && seed=(-seed=1)
status=0
for target in "${targets[@]}"; do
  seeds=.build/fuzz-seeds/$target corpus=.build/fuzz-corpus/$target
  rm -rf "$seeds" && mkdir -p "$seeds" "$corpus"
  "$fuzzer" --target="$target" --seeds="$seeds"
  log=.build/fuzz-$target.log
  # stdin from /dev/null: nothing a target runs may wait on a terminal. Swift's backtracer off: under
  # ASan it reports its own reads of the stack after a trap.
  SWIFT_BACKTRACE=enable=no "$fuzzer" --target="$target" "$corpus" "$seeds" "${seed[@]}" -max_total_time="$share" -max_len=8192 \
    -timeout=60 -rss_limit_mb=4096 -dict=.build/fuzz.dict -artifact_prefix="fixtures/fuzz/crashes/$target-" \
    -print_final_stats=1 < /dev/null > "$log" 2>&1 || true
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  if compgen -G "fixtures/fuzz/crashes/$target-*" > /dev/null; then
    grep -E "ERROR|SUMMARY|Fatal error|property" "$log" | head -5 >&2 || true
    echo "fuzz: $target: ${runs:-?} runs in ${share}s, ${rss:-?} MB: FOUND $(ls fixtures/fuzz/crashes/"$target"-* | tr '\n' ' ')"
    status=1
  else
    echo "fuzz: $target: ${runs:-?} runs in ${share}s, ${rss:-?} MB: nothing found"
  fi
done
[ "$status" -eq 0 ] && echo "fuzz: nothing found in ${seconds}s over ${#targets[@]} targets"
exit "$status"
