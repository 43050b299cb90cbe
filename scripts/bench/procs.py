#!/usr/bin/env python3
"""Times the real textheight binary as a child process: wall time and peak RSS (wait4's rusage).

figures: batch over the corpus with --jobs 1 and --jobs 2, the 100,000-case batch (peak memory),
one call on a short text (median of N runs), and the binary on the scaling texts.
Prints one JSON object line per figure.
"""
import argparse
import json
import os
import statistics
import sys
import time


def run(argv, stdout_path=os.devnull, stdin_path=None):
    """Runs argv; returns (wall seconds, max RSS in KiB, exit status, user+sys CPU seconds)."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    if stdin_path:
        actions.append((os.POSIX_SPAWN_OPEN, 0, stdin_path, os.O_RDONLY, 0))
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime


def count_lines(path, needle=None):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if needle is None or needle in line:
                n += 1
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=".build/release/textheight")
    ap.add_argument("--dir", default=".build/bench")
    ap.add_argument("--width", default="343")
    ap.add_argument("--runs", type=int, default=3, help="batch runs; the best is kept")
    ap.add_argument("--calls", type=int, default=101, help="single-call runs (median)")
    ap.add_argument("figures", nargs="*", default=["batch", "memory", "call", "scaling"])
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    out = lambda **kw: print(json.dumps(kw), flush=True)  # noqa: E731

    if "batch" in args.figures:
        cases = os.path.join(args.dir, "cases.jsonl")
        n = count_lines(cases)
        result = os.path.join(args.dir, "batch-out.jsonl")
        for jobs in (1, 2):
            argv = [binary, "batch", "--width", args.width, "--jobs", str(jobs), "--input", cases]
            runs = [run(argv, stdout_path=result) for _ in range(args.runs)]
            best = min(runs)
            errors = count_lines(result, b'"error"')
            out(figure=f"batch-jobs{jobs}", what=" ".join(["textheight"] + argv[1:]), messages=n,
                outputLines=count_lines(result), errorLines=errors, exitCode=best[2], seconds=best[0],
                medianSeconds=statistics.median(r[0] for r in runs), cpuSeconds=best[3], maxRSSKiB=best[1],
                perSecond=n / best[0])

    if "memory" in args.figures:
        cases = os.path.join(args.dir, "cases-100k.jsonl")
        n = count_lines(cases)
        for jobs in (None, 1):
            argv = [binary, "batch", "--width", args.width, "--input", cases]
            if jobs:
                argv += ["--jobs", str(jobs)]
            wall, rss, code, cpu = run(argv)
            out(figure="memory" + (f"-jobs{jobs}" if jobs else ""), what=" ".join(["textheight"] + argv[1:]),
                cases=n, exitCode=code, seconds=wall, cpuSeconds=cpu, maxRSSKiB=rss, maxRSSMB=rss * 1024 / 1e6,
                perSecond=n / wall)

    if "call" in args.figures:
        argv = [binary, "--width", args.width, "short text"]
        run(argv)  # page cache
        walls = []
        rss = 0
        for _ in range(args.calls):
            wall, r, code, _ = run(argv)
            if code != 0:
                sys.exit(f"procs.py: {' '.join(argv)} exited {code}")
            walls.append(wall)
            rss = max(rss, r)
        walls.sort()
        out(figure="call", what="textheight --width 343 'short text'", runs=len(walls),
            medianSeconds=statistics.median(walls), minSeconds=walls[0], p90Seconds=walls[int(len(walls) * 0.9)],
            maxRSSKiB=rss)

    if "scaling" in args.figures:
        for name in ("scale-100k.txt", "scale-1m.txt", "scale-10m.txt"):
            path = os.path.join(args.dir, name)
            size = os.path.getsize(path)
            argv = [binary, "--width", args.width, "--text-file", path]
            wall, rss, code, _ = min(run(argv) for _ in range(2))
            out(figure="binary-scaling", file=name, bytes=size, exitCode=code, seconds=wall,
                secondsPerMB=wall / (size / 1048576), maxRSSKiB=rss)


if __name__ == "__main__":
    main()
