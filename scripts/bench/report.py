#!/usr/bin/env python3
"""Prints the benchmark's ratios (against the targets of issue 6), then the absolute figures,
from the JSON lines run.sh collected. Standard library only."""
import json
import sys

TARGETS = {
    "limit": 2.0,          # cold batch ≥ 2× whole-message HarfBuzz shaping
    "pango": 20.0,         # ≥ 20× Pango's messages/s
    "relayout": 5_000_000,  # layouts/s
    "call": 0.020,         # s, median
    "scaling": 1.3,        # max/min s per MB
    "memory": 100e6,       # bytes, 100,000 cases
}


def load(path):
    figures = {}
    lists = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            figures[r["figure"]] = r
            lists.setdefault(r["figure"], []).append(r)
    return figures, lists


def verdict(ok):
    return "met" if ok else "NOT MET"


def main():
    f, lists = load(sys.argv[1])
    get = lambda name, key="perSecond": f.get(name, {}).get(key)  # noqa: E731
    rows = []  # (label, value text, target text, verdict)

    # Issue 12: the mixed-language workload, each ratio from one run (alternating passes or rounds).
    m = f.get("mixed")
    mb, ml, mp = get("mixed-batch-jobs1"), get("mixed-limit"), get("pango-mixed")
    if m:
        rows.append(("mixed: cold / limit    (library, alternating passes)", f"{m['coldOverLimit']:.2f}×", "≥ 2×",
                     verdict(m["coldOverLimit"] >= TARGETS["limit"])))
    if mb and ml:
        rows.append(("mixed: cold / limit    (batch --jobs 1, alternating rounds)", f"{mb / ml:.2f}×", "≥ 2×",
                     verdict(mb / ml >= TARGETS["limit"])))
    if mb and mp:
        rows.append(("mixed: ours / Pango    (batch --jobs 1, alternating rounds)", f"{mb / mp:.1f}×", "≥ 20×",
                     verdict(mb / mp >= TARGETS["pango"])))
    for key, label in (("medianRoundOverLimit", "cold / limit"), ("medianRoundOverPango", "ours / Pango")):
        value = get("mixed-batch-jobs1", key)
        if value:
            rows.append((f"mixed: {label:<14} (batch, median of the rounds' own ratios)",
                         f"{value:.2f}×" if key.endswith("Limit") else f"{value:.1f}×", "", ""))
    if m and mp:
        rows.append(("mixed: ours / Pango    (library)", f"{m['perSecond'] / mp:.1f}×", "≥ 20×",
                     verdict(m["perSecond"] / mp >= TARGETS["pango"])))
    counts = f.get("mixed-instructions")
    if counts:
        # Instruction counts do not move with the machine's load (scripts/bench/profile.sh); measured at a
        # commit of their own, which may not be this run's.
        now = f.get("environment", {}).get("commit", "")
        at = counts["commit"] if counts["commit"] == now else f"{counts['commit']}, not this run's {now}"
        ratio = counts["pangoInstructions"] / counts["batchInstructions"]
        rows.append((f"mixed: ours / Pango    (batch, by instructions; at {at})", f"{ratio:.1f}×", "≥ 20×",
                     verdict(ratio >= TARGETS["pango"])))
    lib = get("mixed-library") or (m and m["perSecond"])
    if lib and mb:
        rounds = "alternating rounds" if get("mixed-library") else "separate runs"
        rows.append((f"mixed: batch --jobs 1 / library ({rounds})", f"{mb / lib:.2f}×", "≥ 0.9×",
                     verdict(mb / lib >= 0.9)))
    median = get("mixed-library", "medianRoundRatio")
    if median:
        rows.append(("mixed: batch --jobs 1 / library (median of the rounds' own ratios)", f"{median:.2f}×", "", ""))
    mbd = get("mixed-batch-jobs1-dynamic")
    if lib and mbd:
        rows.append(("mixed: batch --jobs 1 / library (Swift runtime loaded dynamically)", f"{mbd / lib:.2f}×", "", ""))

    # Issue 31: every option inside each case (mixed-options.jsonl) against the same options on the command line.
    o = f.get("options-batch-jobs1")
    if o:
        rows.append(("options: in each case / bare (batch --jobs 1, alternating rounds)", f"{o['overBare']:.2f}×", "≥ 0.9×",
                     verdict(o["overBare"] >= 0.9)))
        rows.append(("options: in each case / limit", f"{o['overLimit']:.2f}×", "≥ 2×",
                     verdict(o["overLimit"] >= TARGETS["limit"])))
        rows.append(("options: in each case / Pango", f"{o['overPango']:.1f}×", "≥ 20×",
                     verdict(o["overPango"] >= TARGETS["pango"])))
        rows.append(("options: / bare, / limit, / Pango (median of the rounds' own ratios)",
                     f"{o['medianRoundOverBare']:.2f}×, {o['medianRoundOverLimit']:.2f}×, {o['medianRoundOverPango']:.1f}×",
                     "", ""))
    oc = f.get("options-instructions")
    if oc:
        now = f.get("environment", {}).get("commit", "")
        at = oc["commit"] if oc["commit"] == now else f"{oc['commit']}, not this run's {now}"
        rows.append((f"options: in each case / bare (by instructions; at {at})",
                     f"{oc['bareInstructions'] / oc['optionsInstructions']:.3f}×", "≥ 0.9×",
                     verdict(oc["bareInstructions"] / oc["optionsInstructions"] >= 0.9)))
        if oc.get("limitInstructions"):
            ratio = oc["limitInstructions"] / oc["optionsInstructions"]
            rows.append(("options: in each case / limit (by instructions)", f"{ratio:.2f}×", "≥ 2×",
                         verdict(ratio >= TARGETS["limit"])))
        if oc.get("pangoInstructions"):
            ratio = oc["pangoInstructions"] / oc["optionsInstructions"]
            rows.append(("options: in each case / Pango (by instructions)", f"{ratio:.1f}×", "≥ 20×",
                         verdict(ratio >= TARGETS["pango"])))

    limit = get("limit")
    cold = get("cold")
    b1 = get("batch-jobs1")
    b2 = get("batch-jobs2")
    pango = get("pango")
    if limit and cold:
        rows.append(("cold measure / limit   (library, 1 core)", f"{cold / limit:.2f}×", "≥ 2×", verdict(cold / limit >= TARGETS["limit"])))
    if limit and b1:
        rows.append(("cold measure / limit   (batch --jobs 1)", f"{b1 / limit:.2f}×", "≥ 2×", verdict(b1 / limit >= TARGETS["limit"])))
    if limit and b2:
        rows.append(("cold measure / limit   (batch --jobs 2)", f"{b2 / limit:.2f}×", "", ""))
    if pango and cold:
        rows.append(("ours / Pango           (library, 1 core)", f"{cold / pango:.1f}×", "≥ 20×", verdict(cold / pango >= TARGETS["pango"])))
    if pango and b1:
        rows.append(("ours / Pango           (batch --jobs 1)", f"{b1 / pango:.1f}×", "≥ 20×", verdict(b1 / pango >= TARGETS["pango"])))
    if get("pango-fallback") and get("cold-fallback"):
        r = get("cold-fallback") / get("pango-fallback")
        rows.append(("ours / Pango           (both with fallback fonts)", f"{r:.1f}×", "", ""))
    for name, label in (("relayout-linecount", "re-layout / 5M/s       (lineCount)"),
                        ("relayout-measure", "re-layout / 5M/s       (model.measure)")):
        v = get(name)
        if v:
            rows.append((label, f"{v / TARGETS['relayout']:.2f}", "≥ 1", verdict(v >= TARGETS["relayout"])))
    call = get("call", "medianSeconds")
    if call:
        rows.append(("one call / 20 ms       (median)", f"{call / TARGETS['call']:.2f}", "≤ 1", verdict(call <= TARGETS["call"])))
    for name, label in (("scaling", "scaling max/min s per MB (fresh Shaper)"),
                        ("scaling-warm", "scaling max/min s per MB (warm cache)"),
                        ("binary-scaling", "scaling max/min s per MB (binary, with start-up)")):
        per = [r["secondsPerMB"] for r in lists.get(name, [])]
        if len(per) >= 2:
            ratio = max(per) / min(per)
            trend = "falls" if per[0] > per[-1] else "rises"
            rows.append((label, f"{ratio:.2f}", "≤ 1.3", verdict(ratio <= TARGETS["scaling"]) + f" (s/MB {trend} with size)"))
    mem = f.get("memory")
    if mem:
        rows.append(("peak memory 100k cases / 100 MB", f"{mem['maxRSSKiB'] * 1024 / TARGETS['memory']:.2f}", "≤ 1",
                     verdict(mem["maxRSSKiB"] * 1024 <= TARGETS["memory"])))
    if b1 and b2:
        rows.append(("batch --jobs 2 / --jobs 1", f"{b2 / b1:.2f}×", "(2 cores)", ""))

    print("RATIOS (targets of issues 6, 12 and 31)")
    width = max(len(r[0]) for r in rows) if rows else 0
    for label, value, target, v in rows:
        print(f"  {label:<{width}}  {value:>8}  {target:<7} {v}")

    timed = next((r for r in f.values() if "binary" in r and r["figure"] != "mixed-batch-jobs1-dynamic"), None)
    if timed:
        how = {"static": "Swift runtime linked in, as the Debian package installs it",
               "dynamic": "Swift runtime loaded from the toolchain"}.get(timed["swiftRuntime"], "linkage unknown")
        print(f"\n  binary timed: {timed['binary']} ({how})")

    print("\nABSOLUTE (best pass; this machine is shared, absolute numbers drift)")
    c = f.get("corpus")
    if c:  # absent from a run of procs.py alone
        print(f"  corpus: {c.get('messages')} messages, {c.get('utf8Bytes')} UTF-8 bytes, {c.get('utf16Units')} UTF-16 units; "
              f"width {c.get('width'):g} pt, size {c.get('size'):g} pt, embedded Inter Regular")

    def line(label, value, extra=""):
        print(f"  {label:<48} {value:>18}  {extra}")

    if limit:
        line("1 limit: hb_shape whole messages", f"{limit:,.0f} msg/s", f"same font file as embedded: {f['limit']['sameFontAsEmbedded']}")
    if cold:
        line("2 cold: library prepare+measure", f"{cold:,.0f} msg/s", f"cpu/wall {f['cold']['cpuSeconds'] / f['cold']['seconds']:.2f}")
    for name, label in (("cold-shaper-per-message", "  (a new Shaper per message)"), ("warm", "  (warm width cache, for reference)"),
                        ("cold-fallback", "  (with the fixture fallback fonts)")):
        if get(name):
            line(label, f"{get(name):,.0f} msg/s")
    for name in ("batch-jobs1", "batch-jobs2"):
        r = f.get(name)
        if r:
            line(f"2 cold: textheight batch --jobs {name[-1]}", f"{r['perSecond']:,.0f} msg/s",
                 f"wall {r['seconds'] * 1000:.0f} ms, cpu {r['cpuSeconds'] * 1000:.0f} ms, {r['outputLines']} lines, {r['errorLines']} errors")
    for name, label in (("relayout-linecount", "3 re-layout: prepared.lineCount(width:)"),
                        ("relayout-measure", "3 re-layout: TextKitModel.measure")):
        if get(name):
            line(label, f"{get(name):,.0f} layouts/s", f"widths {f['relayout-linecount']['widths']}")
    r = f.get("call")
    if r:
        line("4 one call: textheight --width 343 'short text'", f"{r['medianSeconds'] * 1000:.2f} ms median",
             f"min {r['minSeconds'] * 1000:.2f}, p90 {r['p90Seconds'] * 1000:.2f} ms over {r['runs']} runs")
    for name, label in (("scaling", "5 scaling (library, fresh Shaper)"), ("scaling-warm", "5 scaling (library, warm cache)"),
                        ("binary-scaling", "5 scaling (textheight --text-file)")):
        for r in lists.get(name, []):
            line(f"{label} {r['file']}", f"{r['secondsPerMB'] * 1000:.1f} ms/MB",
                 f"{r['bytes']:,} bytes in {r['seconds'] * 1000:.1f} ms"
                 + (f", layout {r['measureSeconds'] * 1000:.1f} ms" if "measureSeconds" in r else "")
                 + (f", max RSS {r['maxRSSKiB'] / 1024:.0f} MiB" if "maxRSSKiB" in r else ""))
    for name in ("memory", "memory-jobs1"):
        r = f.get(name)
        if r:
            line(f"6 peak memory: {r['cases']:,} cases" + (" --jobs 1" if name.endswith("1") else " (default jobs)"),
                 f"{r['maxRSSKiB'] / 1024:.1f} MiB", f"max RSS; {r['seconds']:.2f} s, {r['perSecond']:,.0f} cases/s")
    for name in ("pango", "pango-fallback"):
        r = f.get(name)
        if r:
            line(f"7 peer: Pango {r['pango']}" + (" (fixture fallbacks)" if "fallback" in name else ""), f"{r['perSecond']:,.0f} msg/s",
                 f"font {r['fontLoaded']}, fonts [{r['families']}], hint metrics {r['hintMetrics']}")
    if m:
        line("8 mixed: limit (hb_shape whole texts, primary)", f"{m['limitPerSecond']:,.0f} texts/s",
             f"{m['texts']:,} distinct texts, mean {m['meanUnits']:.0f} units; library and limit alternating, {m['passes']} passes")
        line("8 mixed: cold library prepare+measure", f"{m['perSecond']:,.0f} texts/s", f"{m['errors']} errors")
    if mb:
        r = f["mixed-batch-jobs1"]
        line("8 mixed: textheight batch --jobs 1", f"{mb:,.0f} texts/s",
             f"best of {r['rounds']} rounds; limit in the same rounds {ml or 0:,.0f}/s; {r['errorLines']} errors")
    if mbd:
        r = f["mixed-batch-jobs1-dynamic"]
        line("8 mixed: the same, Swift runtime loaded", f"{mbd:,.0f} texts/s", f"{r['binary']}, best of {r['rounds']} rounds")
    if mp:
        r = f["pango-mixed"]
        line(f"8 mixed: Pango {r['pango']}", f"{mp:,.0f} texts/s", f"font {r['fontLoaded']}, fonts [{r['families']}]")
    if o:
        ob = f.get("options-bare-batch-jobs1", {})
        line("9 options: every option in each case", f"{o['perSecond']:,.0f} texts/s",
             f"best of {o['rounds']} rounds; {o['otherModels']} cases css/android; {o['errorLines']} errors; "
             f"{o['sameTextKitCases']} TextKit cases cmp-equal to the bare run's")
        if ob:
            line("9 options: the same on the command line (bare)", f"{ob['perSecond']:,.0f} texts/s",
                 f"best of {ob['rounds']} rounds")
    buckets = lists.get("bucket", [])
    if buckets:
        print("\n  by message length (UTF-16 units; each bucket alone, fresh Shaper):")
        for r in buckets:
            print(f"    {r['units']:>8}: {r['messages']:>5} messages, mean {r['meanUnits']:5.1f} units: limit "
                  f"{r['limitPerSecond']:>9,.0f}/s, cold {r['coldPerSecond']:>9,.0f}/s, cold/limit "
                  f"{r['coldPerSecond'] / r['limitPerSecond']:.2f}×")
    langs = lists.get("language", [])
    if langs:
        print("\n  by language (each alone; warm = every width already cached):")
        for r in langs:
            print(f"    {r['lang']:>6}: {r['messages']:>4} messages, mean {r['meanUnits']:5.1f} units: limit "
                  f"{r['limitPerSecond']:>9,.0f}/s, cold {r['coldPerSecond']:>9,.0f}/s ({r['coldPerSecond'] / r['limitPerSecond']:.2f}×), "
                  f"warm {r['warmPerSecond']:>9,.0f}/s ({r['warmPerSecond'] / r['limitPerSecond']:.2f}×)")
    agree = f.get("line-agreement")
    if agree:
        print(f"\n  line counts at wrap width {c.get('width', 343) - 10:g}: ours and Pango agree on "
              f"{agree['same']:,} of {agree['messages']:,} messages ({agree['same'] / agree['messages']:.1%}) (sanity check only)")
    env = f.get("environment")
    if env:
        print(f"\n  machine: {env['cores']} cores, load average {env['loadBefore']} before, {env['loadAfter']} after; "
              f"commit {env['commit']}; run took {env['seconds']:.0f} s")


if __name__ == "__main__":
    main()
