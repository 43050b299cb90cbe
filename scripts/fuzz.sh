#!/usr/bin/env bash
# Fuzz the library's entry points with libFuzzer + AddressSanitizer for N seconds (default 60):
# text + options (UTF-16 with lone surrogates, widths, models) and font bytes.
# Seeds come from fixtures/corpus and fixtures/fonts; crashes land in fixtures/fuzz/crashes/,
# which a plain build replays (`swift run textheight-fuzz fixtures/fuzz/crashes/*`).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
scripts/setup.sh
swift build -c release --product textheight-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZER --build-path .build/fuzz >&2
corpus=.build/fuzz-corpus
mkdir -p "$corpus" fixtures/fuzz/crashes
python3 - "$corpus" <<'PY'
import json, sys
out = sys.argv[1]
texts = [json.loads(l)["text"] for l in open("fixtures/corpus/messages.jsonl", encoding="utf-8")][::200]
for i, t in enumerate(texts):
    open(f"{out}/text-{i}", "wb").write(bytes([i % 128, 17, 170]) + t.encode("utf-16-be", "surrogatepass"))
for name in ["DejaVuSansMono.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf"]:
    open(f"{out}/font-{name}", "wb").write(bytes([200]) + open(f"fixtures/fonts/{name}", "rb").read())
PY
# Under CI a fixed seed makes the short pass repeatable; locally every run explores anew.
seed=()
[ -n "${CI:-}" ] && seed=(-seed=1)
.build/fuzz/release/textheight-fuzz "$corpus" "${seed[@]}" -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=4096 \
  -artifact_prefix=fixtures/fuzz/crashes/ -print_final_stats=1 2>&1 | grep -E "^stat::number_of_executed_units|^stat::peak_rss|ERROR|SUMMARY|Done" || true
if compgen -G "fixtures/fuzz/crashes/crash-*" > /dev/null; then
  echo "fuzz: crashes found in fixtures/fuzz/crashes/" >&2
  exit 1
fi
echo "fuzz: no crash in ${seconds}s"
