#!/usr/bin/python3
"""Pango through python3-gi on the same cases: one PangoLayout, pango_layout_set_width at the
wrap width, pango_layout_get_pixel_size per message; messages/s on one core (one thread).

Run with Debian's /usr/bin/python3 and FONTCONFIG_FILE pointing at a config that lists only the
fixture fonts (scripts/bench/prepare.py writes them). Prints one JSON object line.
"""
import argparse
import json
import os
import sys
import time

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="fixtures/corpus/messages.jsonl")
    ap.add_argument("--family", default="Inter")
    ap.add_argument("--size", type=float, default=17.0, help="pixels (= points of the TextKit model)")
    ap.add_argument("--width", type=float, default=343.0, help="outer width; lines wrap at width - 2 × --padding")
    ap.add_argument("--padding", type=float, default=5.0, help="lineFragmentPadding: lines wrap at width - 2 × padding")
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--min-seconds", type=float, default=0.0)
    ap.add_argument("--label", default="pango")
    ap.add_argument("--write-lines", help="write each message's line count")
    ap.add_argument("--callgrind-markers", action="store_true",
                    help="call sched_yield() before the first timed pass and getppid() after it, for valgrind "
                         "--zero-before=sched_yield --dump-after=getppid (scripts/bench/profile.sh mixed-pango)")
    args = ap.parse_args()

    with open(args.corpus, encoding="utf-8") as f:
        texts = [json.loads(line)["text"] for line in f if line.strip()]

    fontmap = PangoCairo.FontMap.new()
    context = fontmap.create_context()
    hint = "default"
    try:  # unhinted metrics, as ours (needs python3-gi-cairo; the speed barely changes)
        import cairo

        options = cairo.FontOptions()
        options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        options.set_hint_style(cairo.HINT_STYLE_NONE)
        PangoCairo.context_set_font_options(context, options)
        hint = "off"
    except Exception:
        pass
    desc = Pango.FontDescription.from_string(args.family)
    desc.set_absolute_size(args.size * Pango.SCALE)
    loaded = context.load_font(desc)
    face = loaded.describe().get_family() if loaded else None
    layout = Pango.Layout.new(context)
    layout.set_font_description(desc)
    layout.set_width(int(round((args.width - 2 * args.padding) * Pango.SCALE)))
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)

    def one_pass():
        total = 0
        for text in texts:
            layout.set_text(text, -1)
            total += layout.get_pixel_size()[1]
        return total

    one_pass()  # warm-up: font loading, fontconfig, shape-plan caches
    times = []
    start = time.perf_counter()
    while len(times) < args.passes or (time.perf_counter() - start < args.min_seconds and len(times) < 100):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        if args.callgrind_markers and not times:
            os.sched_yield()
        one_pass()
        if args.callgrind_markers and not times:
            os.getppid()
        times.append((time.perf_counter() - t0, time.thread_time() - c0))
    best = min(times)

    if args.write_lines:
        with open(args.write_lines, "w") as f:
            for text in texts:
                layout.set_text(text, -1)
                # Pango shows an empty last line after a final newline; PreparedText.lineCount does not.
                f.write(f"{layout.get_line_count() - (1 if text.endswith(chr(10)) else 0)}\n")

    families = sorted(f.get_name() for f in fontmap.list_families())
    print(json.dumps({
        "figure": args.label,
        "what": "PangoCairo layout reused, set_text + set_width + get_pixel_size per message, python3-gi",
        "pango": Pango.version_string(),
        "fontconfig": os.environ.get("FONTCONFIG_FILE"),
        "families": ",".join(families),
        "fontLoaded": face,
        "hintMetrics": hint,
        "messages": len(texts),
        "seconds": best[0],
        "cpuSeconds": best[1],
        "medianSeconds": sorted(t[0] for t in times)[len(times) // 2],
        "passes": len(times),
        "perSecond": len(texts) / best[0],
    }))


if __name__ == "__main__":
    sys.exit(main())
