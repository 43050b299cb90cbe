#!/usr/bin/env bash
# The benchmark of issues 6 and 12, in one run on the same inputs (see BENCHMARKS.md):
#   the HarfBuzz limit, cold measure (library, batch --jobs 1/2), re-layout, one call, scaling,
#   peak memory of a 100,000-case batch, and Pango through python3-gi; the mixed-language
#   workload (Noto Sans CJK + fallbacks, distinct texts) against its own limit and Pango, and issue 31's
#   (the same texts with every option inside each case, against the same options on the command line); ratios first.
#   The binary timed is the one the Debian package installs (--static-swift-stdlib, built in .build/static);
#   the mixed rounds also time .build/release/textheight (the Swift runtime loaded from the toolchain).
# Usage: scripts/bench/run.sh [--quick]      (--quick: fewer passes, for a smoke test)
# Everything it writes goes to .build/bench/ (results.jsonl, report.txt, the generated inputs).
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
out=.build/bench
mkdir -p "$out"
quick=""
[ "${1:-}" = "--quick" ] && quick=1

# Pango's peer needs Debian's python3 with PyGObject and the Pango typelibs; python3-gi-cairo
# lets it turn hinted metrics off (as ours: unhinted advances), it barely changes the speed.
pyg=/usr/bin/python3
if ! $pyg -c 'import gi; gi.require_version("Pango", "1.0"); gi.require_version("PangoCairo", "1.0")
from gi.repository import PangoCairo; import cairo; PangoCairo.context_set_font_options(
    PangoCairo.FontMap.new().create_context(), cairo.FontOptions())' 2>/dev/null; then
  echo "bench: installing python3-gi python3-gi-cairo gir1.2-pango-1.0" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-gi gir1.2-pango-1.0 fontconfig >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-gi-cairo >/dev/null ||
    echo "bench: python3-gi-cairo unavailable; Pango keeps hinted metrics" >&2
fi
py=$pyg  # the other helpers need only the standard library
# The mixed-language workload (issue 12) measures with Debian's Noto Sans CJK collection.
if [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then
  echo "bench: installing fonts-noto-cjk" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq fonts-noto-cjk >/dev/null
fi

scripts/setup.sh
echo "bench: building (release)" >&2
swift build -c release --product textheight >&2
swift build -c release --product textheight-bench >&2
# The binary users install: scripts/package.sh's flags (the Swift runtime linked in, no run path),
# in a build path of its own so that neither build undoes the other.
static=.build/static
swift build -c release --product textheight --static-swift-stdlib --disable-local-rpath --scratch-path "$static" >&2
static_bin="$(swift build -c release --disable-local-rpath --scratch-path "$static" --show-bin-path)/textheight"

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
results=$out/results.jsonl
: > "$results"
$py scripts/bench/prepare.py "$out" >> "$results"

fallbacks=()
for font in NotoSansArabic-Regular.ttf NotoSansHebrew-Regular.ttf NotoSansDevanagari-Regular.ttf \
            NotoSansThai-Regular.ttf NotoSansCJKsc-Regular.subset.otf NotoColorEmoji.subset.ttf DejaVuSans.ttf; do
  fallbacks+=(--fallback "fixtures/fonts/$font")
done
passes=()
[ -n "$quick" ] && passes=(--passes 1)
mixed=()
for font in NotoSansArabic-Regular.ttf NotoSansHebrew-Regular.ttf NotoSansDevanagari-Regular.ttf \
            NotoSansThai-Regular.ttf NotoColorEmoji.subset.ttf DejaVuSans.ttf; do
  mixed+=(--mixed-fallback "fixtures/fonts/$font")
done

echo "bench: 1-3, 5 in process (limit, cold, re-layout, scaling)" >&2
.build/release/textheight-bench "${passes[@]}" --scaling-dir "$out" --write-lines "$out/ours-lines.txt" \
  "${fallbacks[@]}" --mixed-corpus "$out/mixed.jsonl" "${mixed[@]}" \
  limit cold relayout scaling cold-fallback buckets mixed >> "$results"

echo "bench: 2, 4, 5, 6, 8 through the binary (batch, one call, scaling, peak memory, mixed with Pango)" >&2
binaries=(--binary "$static_bin" --dynamic-binary .build/release/textheight --bench .build/release/textheight-bench)
if [ -n "$quick" ]; then
  $py scripts/bench/procs.py "${binaries[@]}" --dir "$out" --runs 1 --calls 51 --mixed-runs 1 >> "$results"
else
  $py scripts/bench/procs.py "${binaries[@]}" --dir "$out" >> "$results"
fi

echo "bench: 7 Pango through python3-gi" >&2
pango_passes=3
[ -n "$quick" ] && pango_passes=1
FONTCONFIG_FILE=$PWD/$out/fonts-inter.conf $pyg scripts/bench/pango_peer.py --passes $pango_passes \
  --write-lines "$out/pango-lines.txt" >> "$results"
FONTCONFIG_FILE=$PWD/$out/fonts-all.conf $pyg scripts/bench/pango_peer.py --passes $pango_passes \
  --label pango-fallback >> "$results"
$py - "$out/ours-lines.txt" "$out/pango-lines.txt" >> "$results" <<'PY'
import json, sys
a = open(sys.argv[1]).read().split()
b = open(sys.argv[2]).read().split()
print(json.dumps({"figure": "line-agreement", "messages": len(a), "same": sum(x == y for x, y in zip(a, b))}))
PY

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
# The tree measured may hold uncommitted changes to the library: say so next to the commit.
dirty=$(git status --porcelain -- Sources Package.swift 2>/dev/null | wc -l)
[ "$dirty" -gt 0 ] && commit="$commit+$dirty uncommitted source files"
printf '{"figure":"environment","cores":%s,"loadBefore":"%s","loadAfter":"%s","commit":"%s","seconds":%s}\n' \
  "$(nproc)" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)" "$commit" "$(( $(date +%s) - start ))" >> "$results"

# The instruction counts of scripts/bench/profile.sh mixed-batch-all mixed-pango, when it was run (it
# takes about 12 minutes, so run.sh does not): the report names the commit they were measured at.
[ -f "$out/instructions.jsonl" ] && cat "$out/instructions.jsonl" >> "$results"
# Issue 31's, from profile.sh options-batch-all options-bare-all (mixed-limit-all mixed-pango for the other ratios).
[ -f "$out/options-instructions.jsonl" ] && cat "$out/options-instructions.jsonl" >> "$results"
$py scripts/bench/report.py "$results" | tee "$out/report.txt"
