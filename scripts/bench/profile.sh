#!/usr/bin/env bash
# Instruction profiles (valgrind --tool=callgrind) of the benchmark's hot paths; counts are
# reproducible on a noisy machine where times are not. Writes .build/bench/callgrind.<path>.out
# and .txt (scripts/bench/cgsummary.py: cost by object, top functions self and inclusive, Swift
# names demangled). Open a .out with callgrind_annotate or kcachegrind for more.
# Usage: scripts/bench/profile.sh [limit] [cold] [warm] [relayout-linecount] [relayout-measure] [batch]
#        [mixed-limit] [mixed] [mixed-batch]   (the mixed-language workload of issue 12: its first 4,000 texts)
#        [mixed-batch-all] [mixed-pango]        (all 20,000 texts: the batch process, and one warm pass of
#                                               Pango through python3-gi; with both, their ratio)
#        [mixed-limit-all]                      (hb_shape of all 20,000 whole texts)
#        [options-batch-all] [options-bare-all] (issue 31: the batch process over mixed-options.jsonl, every
#                                               option inside each case, and over its bare peer; with both,
#                                               their ratio, and against mixed-limit-all and mixed-pango when
#                                               those profiles are there)
# (default: the first six). About 2 minutes on 2 cores; mixed-pango alone about 10 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/bench
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "profile: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product textheight >&2
swift build -c release --product textheight-bench >&2
[ -f "$out/mixed.jsonl" ] || python3 scripts/bench/prepare.py "$out" >/dev/null
# valgrind 3.19 (Debian 12) cannot read the DWARF 5 the Swift 6 toolchain writes and gives up:
# profile copies without debug sections (symbols stay, so functions keep their names).
for binary in textheight textheight-bench; do
  objcopy --strip-debug ".build/release/$binary" "$out/$binary.nodebug"
done
[ -f "$out/mixed-options.jsonl" ] || python3 scripts/bench/prepare.py "$out" >/dev/null
head -n 4000 "$out/mixed.jsonl" > "$out/mixed-4k.jsonl"
# The bare peer of mixed-options.jsonl: the options its cases carry, on the command line.
mapfile -t options_flags < <(python3 -c 'import sys; sys.path.insert(0, "scripts/bench"); import prepare
print("\n".join(prepare.options_flags()))')
mixed=(--mixed-corpus "$out/mixed-4k.jsonl")
mixed_batch=(--font /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#2 --size 16 --width 300 --inset 0 --padding 0)
for font in NotoSansArabic-Regular.ttf NotoSansHebrew-Regular.ttf NotoSansDevanagari-Regular.ttf \
            NotoSansThai-Regular.ttf NotoColorEmoji.subset.ttf DejaVuSans.ttf; do
  mixed+=(--mixed-fallback "fixtures/fonts/$font")
  mixed_batch+=(--fallback "fixtures/fonts/$font")
done
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(limit cold warm relayout-linecount relayout-measure batch)

# The mangled name of a function of the bench binary, from its demangled name (Swift mangling
# abbreviates words the module name already used, so a plain '*benchColdPass*' never matches).
mangled() {
  local syms
  syms=$(nm "$out/textheight-bench.nodebug" | awk 'NF == 3 {print $3}')
  paste <(echo "$syms") <(echo "$syms" | swift demangle --simplified --compact) |
    awk -F'\t' -v name="$1" 'index($2, name "(") == 1 && !found {print $1; found = 1}'
}

for path in "${paths[@]}"; do
  file=$out/callgrind.$path.out
  bench="$out/textheight-bench.nodebug"
  case $path in
    # Stats are zeroed when the measured function is entered and dumped when it returns
    # (--zero-before/--dump-after on its mangled name): costs and call counts of one pass over
    # the 10,714 messages, without corpus loading, start-up or the figure's other passes.
    limit)              fn=RawHarfBuzz.shapeAll;       cmd=("$bench" --passes 1 limit) ;;
    cold)               fn=benchColdPass;              cmd=("$bench" --passes 1 cold) ;;
    warm)               fn=benchWarmPass;              cmd=("$bench" --passes 1 cold) ;;
    relayout-linecount) fn=benchRelayoutLineCount;     cmd=("$bench" --passes 1 relayout) ;;
    relayout-measure)   fn=benchRelayoutMeasure;       cmd=("$bench" --passes 1 relayout) ;;
    # The whole binary, start-up included: what the CLI adds around the library.
    batch)              fn="";                         cmd=("$out/textheight.nodebug" batch --width 343 --jobs 1 --input "$out/cases.jsonl") ;;
    mixed-limit)        fn=RawHarfBuzz.shapeAll;       cmd=("$bench" --passes 1 "${mixed[@]}" mixed) ;;
    mixed)              fn=benchColdPass;              cmd=("$bench" --passes 1 "${mixed[@]}" mixed) ;;
    mixed-batch)        fn="";                         cmd=("$out/textheight.nodebug" batch --jobs 1 --input "$out/mixed-4k.jsonl"
                                                            "${mixed_batch[@]}") ;;
    mixed-batch-all)    fn="";                         cmd=("$out/textheight.nodebug" batch --jobs 1 --input "$out/mixed.jsonl"
                                                            "${mixed_batch[@]}") ;;
    mixed-limit-all)    fn=RawHarfBuzz.shapeAll;       cmd=("$bench" --passes 1 --mixed-corpus "$out/mixed.jsonl"
                                                            "${mixed[@]:2}" mixed) ;;
    options-batch-all)  fn="";                         cmd=("$out/textheight.nodebug" batch --jobs 1 --input "$out/mixed-options.jsonl") ;;
    options-bare-all)   fn="";                         cmd=("$out/textheight.nodebug" batch --jobs 1 --input "$out/mixed.jsonl"
                                                            "${options_flags[@]}") ;;
    # pango_peer.py's timed pass alone (after its warm-up pass and start-up), between the two
    # libc calls it makes around it with --callgrind-markers.
    mixed-pango)        fn=pango;                      cmd=(/usr/bin/python3
                                                            scripts/bench/pango_peer.py --corpus "$out/mixed.jsonl"
                                                            --family "Noto Sans CJK SC" --size 16 --width 300 --padding 0
                                                            --passes 1 --callgrind-markers) ;;
    *) echo "profile: unknown path '$path'" >&2; exit 2 ;;
  esac
  echo "profile: $path" >&2
  rm -f "$file" "$file".*
  if [ -z "$fn" ]; then
    valgrind --tool=callgrind --callgrind-out-file="$file" "${cmd[@]}" > /dev/null 2> "$out/callgrind.$path.log"
  elif [ "$fn" = pango ]; then
    /usr/bin/python3 -c 'import gi; gi.require_version("PangoCairo", "1.0")' 2>/dev/null \
      || { echo "profile: mixed-pango needs python3-gi and Pango (scripts/bench/run.sh installs them)" >&2; exit 1; }
    FONTCONFIG_FILE="$PWD/$out/fonts-mixed.conf" valgrind --tool=callgrind --zero-before=sched_yield \
      --dump-after=getppid --callgrind-out-file="$file" "${cmd[@]}" > /dev/null 2> "$out/callgrind.$path.log"
    [ -f "$file.1" ] && [ ! -f "$file.2" ] || { echo "profile: expected one dump of the timed pass" >&2; exit 1; }
    mv "$file.1" "$file"
    rm -f "$file".*
  else
    symbol=$(mangled "$fn")
    [ -n "$symbol" ] || { echo "profile: no symbol for $fn" >&2; exit 1; }
    valgrind --tool=callgrind --zero-before="$symbol" --dump-after="$symbol" --callgrind-out-file="$file" \
      "${cmd[@]}" > /dev/null 2> "$out/callgrind.$path.log"
    mv "$file.1" "$file"  # the dump; the end-of-run remainder is dropped
    rm -f "$file".*
  fi
  python3 scripts/bench/cgsummary.py "$file" 30 > "$out/callgrind.$path.txt"
  sed -n 1p "$out/callgrind.$path.txt" | sed "s/^/  $path: /" >&2
done
# Both sides of issue 12's Pango ratio by instructions, when both were profiled in this run.
if [[ " ${paths[*]} " == *" mixed-batch-all "* && " ${paths[*]} " == *" mixed-pango "* ]]; then
  # run.sh's report shows this line too (scripts/bench/report.py), with the commit it was measured at.
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  [ "$(git status --porcelain -- Sources Package.swift 2>/dev/null | wc -l)" -gt 0 ] && commit="$commit+uncommitted"
  python3 - "$out/callgrind.mixed-batch-all.txt" "$out/callgrind.mixed-pango.txt" "$commit" \
    "$out/instructions.jsonl" <<'PY' >&2
import json, sys
def total(path):  # cgsummary.py's first line: "total: N instructions"
    return int(open(path).readline().split()[1].replace(",", ""))
ours, pango = total(sys.argv[1]), total(sys.argv[2])
print(f"profile: mixed, 20,000 texts: batch process {ours:,} instructions (start-up and cold cache included), "
      f"one warm Pango pass {pango:,}: Pango / batch {pango / ours:.1f}x")
print(json.dumps({"figure": "mixed-instructions", "commit": sys.argv[3], "batchInstructions": ours,
                  "pangoInstructions": pango, "texts": 20000}), file=open(sys.argv[4], "w"))
PY
fi
# Issue 31's ratios by instructions, when both batch paths were profiled in this run; the limit and Pango
# from their profiles when they are there (their counts do not depend on textheight's code).
if [[ " ${paths[*]} " == *" options-batch-all "* && " ${paths[*]} " == *" options-bare-all "* ]]; then
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  [ "$(git status --porcelain -- Sources Package.swift 2>/dev/null | wc -l)" -gt 0 ] && commit="$commit+uncommitted"
  python3 - "$out" "$commit" <<'PY' >&2
import json, os, sys
out, commit = sys.argv[1], sys.argv[2]
def total(name):  # cgsummary.py's first line: "total: N instructions"
    path = os.path.join(out, f"callgrind.{name}.txt")
    return int(open(path).readline().split()[1].replace(",", "")) if os.path.exists(path) else None
options, bare, limit, pango = (total(n) for n in ("options-batch-all", "options-bare-all", "mixed-limit-all", "mixed-pango"))
line = f"profile: issue 31, 20,000 texts: every option in each case {options:,}, bare {bare:,} instructions: {bare / options:.3f}x"
if limit: line += f"; the limit {limit:,}: {limit / options:.2f}x"
if pango: line += f"; Pango {pango:,}: {pango / options:.1f}x"
print(line)
print(json.dumps({"figure": "options-instructions", "commit": commit, "optionsInstructions": options,
                  "bareInstructions": bare, "limitInstructions": limit, "pangoInstructions": pango, "texts": 20000}),
      file=open(os.path.join(out, "options-instructions.jsonl"), "w"))
PY
fi
echo "profile: annotated profiles in $out/callgrind.*.txt" >&2
