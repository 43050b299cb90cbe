#!/usr/bin/env python3
"""Summarises a callgrind profile: instructions by shared object, the top functions by self and by
inclusive cost, with Swift names demangled (swift demangle) and percentages of the total.
Usage: cgsummary.py callgrind.out [top N]. Standard library only; needs callgrind_annotate."""
import collections
import re
import shutil
import subprocess
import sys

# Calls worth counting: shaping, ICU, allocation, reference counting, exclusivity checks.
WATCHED = {"hb_shape", "hb_buffer_add_utf16", "hb_buffer_guess_segment_properties", "malloc", "free",
           "swift_retain", "swift_release", "swift_beginAccess", "swift_allocObject", "swift_bridgeObjectRetain",
           "ubrk_next_72", "ubrk_setText_72", "ubrk_following_72"}
WATCHED_SUBSTRINGS = ("6ShaperC7advance2of", "11forEachLine5width", "7measure_5width12includeLines")
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?)(?:\s+\[(.*)\])?\s*$")


def annotate(path, inclusive):
    args = ["callgrind_annotate", "--threshold=100", f"--inclusive={'yes' if inclusive else 'no'}", path]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    total = None
    rows = []
    for line in text.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        cost = int(m.group(1).replace(",", ""))
        name = m.group(2)
        if "PROGRAM TOTALS" in name:
            total = cost
            continue
        name = name.split(":", 1)[1] if name.startswith("???:") else name
        rows.append((cost, name, m.group(3) or ""))
    return total, rows


def demangle(names):
    if not names or not shutil.which("swift"):
        return names
    out = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names) + "\n",
                         capture_output=True, text=True).stdout.splitlines()
    return out if len(out) == len(names) else names


def call_counts(path):
    """Calls into each function (callgrind's calls= lines), by mangled name."""
    names = {}
    calls = collections.Counter()
    target = None
    ref = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith(("fn=", "cfn=")):
                m = ref.match(line.rstrip("\n"))
                if not m:
                    continue
                if m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("cfn="):
                    target = names.get(m.group(1))
            elif line.startswith("calls=") and target:
                calls[target] += int(line.split()[0][6:])
                target = None
    return calls


def short_object(obj):
    base = obj.rsplit("/", 1)[-1]
    return base.replace(".nodebug", "")


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    total, self_rows = annotate(path, inclusive=False)
    _, incl_rows = annotate(path, inclusive=True)
    if not total:
        sys.exit(f"cgsummary: no cost in {path}")
    # In a dump taken mid-run (--dump-after), callgrind_annotate gives the callers still on the
    # stack (main, run) the whole total as "self" cost: they did none of the work, drop them.
    self_rows = [row for row in self_rows if row[0] < total]
    incl_rows = [row for row in incl_rows if row[0] < total]  # main, run, the measured function: 100 %
    print(f"total: {total:,} instructions")
    print("\nby object (self):")
    by_obj = collections.Counter()
    for cost, _, obj in self_rows:
        by_obj[short_object(obj)] += cost
    for obj, cost in by_obj.most_common():
        if cost / total >= 0.001:
            print(f"  {cost / total:6.1%}  {obj}")

    def table(title, rows):
        rows = sorted(rows, reverse=True)[:top]
        names = demangle([name for _, name, _ in rows])
        print(f"\n{title}:")
        for (cost, _, obj), name in zip(rows, names):
            if len(name) > 150:
                name = name[:147] + "..."
            print(f"  {cost / total:6.1%}  {name}  [{short_object(obj)}]")

    table("top functions, self", self_rows)
    table("top functions, inclusive", incl_rows)

    calls = call_counts(path)
    watched = [n for n in calls if n in WATCHED or any(w in n for w in WATCHED_SUBSTRINGS)]
    if watched:
        print("\ncalls:")
        for name, pretty in zip(watched, demangle(watched)):
            print(f"  {calls[name]:>12,}  {pretty}")


if __name__ == "__main__":
    main()
