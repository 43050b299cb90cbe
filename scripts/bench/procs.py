#!/usr/bin/env python3
"""Times the real textheight binary as a child process: wall time and peak RSS (wait4's rusage).

figures: batch over the corpus with --jobs 1 and --jobs 2, the 100,000-case batch (peak memory),
one call on a short text (median of N runs), and the binary on the scaling texts.
Prints one JSON object line per figure; each names the binary it timed and how it links Swift.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from prepare import MIXED_FALLBACKS, MIXED_PRIMARY, ROOT, options_flags


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


def linkage(binary):
    """How the binary links the Swift runtime: "dynamic" when it names libswiftCore.so (NEEDED)."""
    try:
        dynamic = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return "dynamic" if "libswiftCore.so" in dynamic else "static"


def count_lines(path, needle=None):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if needle is None or needle in line:
                n += 1
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=".build/release/textheight",
                    help="the binary timed (run.sh: the --static-swift-stdlib build the Debian package installs)")
    ap.add_argument("--dynamic-binary", help="also time this one in the mixed rounds (run.sh: .build/release/textheight)")
    ap.add_argument("--bench", default=".build/release/textheight-bench", help="the library's figures of the mixed rounds")
    ap.add_argument("--dir", default=".build/bench")
    ap.add_argument("--width", default="343")
    ap.add_argument("--runs", type=int, default=3, help="batch runs; the best is kept")
    ap.add_argument("--calls", type=int, default=101, help="single-call runs (median)")
    # Five: a batch run lasts a quarter of a second, and on the shared machine one of three often
    # had no quiet moment (round 9's runs: best rounds 102 k, 70 k and 78 k texts/s).
    ap.add_argument("--mixed-runs", type=int, default=5, help="alternating rounds of the mixed workload")
    ap.add_argument("figures", nargs="*", default=["batch", "memory", "call", "scaling", "mixed"])
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    timed = {"binary": args.binary, "swiftRuntime": linkage(binary)}
    out = lambda **kw: print(json.dumps({**kw, **timed}), flush=True)  # noqa: E731

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

    if "mixed" in args.figures:
        mixed(args, binary, out)


def mixed(args, binary, out):
    """Issue 12's workload through the binary, the whole-text limit, the library and Pango, in
    alternating rounds (batch, limit + library, Pango, batch, ...): a drift of the shared machine's
    speed moves all of them alike, and the ratios of the best runs are quoted. With --dynamic-binary,
    that binary runs in each round too, next to the other (which goes first alternates).
    Issue 31's workload runs in the same rounds: mixed-options.jsonl (every option inside each case)
    and its bare peer (mixed.jsonl, the same options on the command line), one after the other, which
    goes first alternating; their TextKit cases must give the same bytes."""
    cases = os.path.join(args.dir, "mixed.jsonl")
    n = count_lines(cases)
    fonts = [os.path.join(ROOT, "fixtures", "fonts", name) for name in MIXED_FALLBACKS]
    flags = ["--font", MIXED_PRIMARY + "#2", "--size", "16", "--width", "300", "--inset", "0", "--padding", "0"]
    for font in fonts:
        flags += ["--fallback", font]
    binaries = [binary] + ([os.path.abspath(args.dynamic_binary)] if args.dynamic_binary else [])
    argvs = [[b, "batch", "--jobs", "1", "--input", cases] + flags for b in binaries]
    bench = [os.path.abspath(args.bench), "--passes", "1", "--mixed-corpus", cases]
    for font in fonts:
        bench += ["--mixed-fallback", font]
    # The limit and the cold library pass alternate in one process: the library figure of
    # batch --jobs 1 / library comes from the same rounds as the batch.
    bench.append("mixed")
    pango = ["/usr/bin/python3", os.path.join(ROOT, "scripts", "bench", "pango_peer.py"), "--corpus", cases,
             "--family", "Noto Sans CJK SC", "--size", "16", "--width", "300", "--padding", "0", "--passes", "1",
             "--label", "pango-mixed"]
    env = dict(os.environ, FONTCONFIG_FILE=os.path.abspath(os.path.join(args.dir, "fonts-mixed.conf")))
    results = [os.path.join(args.dir, name) for name in ("mixed-out.jsonl", "mixed-out-dynamic.jsonl")][:len(argvs)]
    options_cases = os.path.join(args.dir, "mixed-options.jsonl")
    options_argvs = [[binary, "batch", "--jobs", "1", "--input", options_cases],
                     [binary, "batch", "--jobs", "1", "--input", cases] + options_flags()]
    options_results = [os.path.join(args.dir, name) for name in ("options-out.jsonl", "options-bare-out.jsonl")]
    batches, limits, pangos, options_runs = [[] for _ in argvs], [], [], [[], []]
    for k in range(args.mixed_runs):
        order = range(len(argvs)) if k % 2 == 0 else reversed(range(len(argvs)))
        for i in order:
            batches[i].append(run(argvs[i], stdout_path=results[i]))
        for i in ((0, 1) if k % 2 == 0 else (1, 0)):
            options_runs[i].append(run(options_argvs[i], stdout_path=options_results[i]))
        limits.append(json.loads(subprocess.run(bench, capture_output=True, text=True, check=True).stdout.splitlines()[-1]))
        pangos.append(json.loads(subprocess.run(pango, capture_output=True, text=True, check=True, env=env).stdout))
    library = max(limits, key=lambda r: r["perSecond"])

    def batch_figure(name, runs, argv, result):
        best = min(runs)
        return dict(figure=name, what=" ".join(["textheight"] + argv[1:]), texts=n, outputLines=count_lines(result),
                    errorLines=count_lines(result, b'"error"'), exitCode=best[2], seconds=best[0], cpuSeconds=best[3],
                    medianSeconds=statistics.median(r[0] for r in runs), perSecond=n / best[0], rounds=len(runs),
                    batchOverLibrary=n / best[0] / library["perSecond"])

    # Each round's own ratios (batch against the limit and Pango of the same round), beside the best to best.
    over_limit = [n / b[0] / r["limitPerSecond"] for b, r in zip(batches[0], limits)]
    over_pango = [n / b[0] / p["perSecond"] for b, p in zip(batches[0], pangos)]
    out(**batch_figure("mixed-batch-jobs1", batches[0], argvs[0], results[0]),
        roundOverLimit=[round(x, 3) for x in over_limit], medianRoundOverLimit=statistics.median(over_limit),
        roundOverPango=[round(x, 2) for x in over_pango], medianRoundOverPango=statistics.median(over_pango))
    if args.dynamic_binary:
        with open(results[0], "rb") as a, open(results[1], "rb") as b:
            if a.read() != b.read():
                sys.exit(f"procs.py: {args.binary} and {args.dynamic_binary} wrote different results")
        print(json.dumps({**batch_figure("mixed-batch-jobs1-dynamic", batches[1], argvs[1], results[1]),
                          "binary": args.dynamic_binary, "swiftRuntime": linkage(argvs[1][0])}), flush=True)
    best = min(batches[0])
    limit = max(limits, key=lambda r: r["limitPerSecond"])
    print(json.dumps(dict(figure="mixed-limit", what=limit["what"], texts=n, perSecond=limit["limitPerSecond"],
                          rounds=len(limits))), flush=True)
    # Best to best compares two extremes; each round's own ratio and their median show the spread.
    per_round = [n / b[0] / r["perSecond"] for b, r in zip(batches[0], limits)]
    out(figure="mixed-library", what="textheight-bench mixed: the cold library pass (prepare + measure)", texts=n,
        perSecond=library["perSecond"], batchOverLibrary=n / best[0] / library["perSecond"],
        batchCPUOverLibrary=n / best[3] / library["perSecond"], rounds=len(limits),
        roundRatios=[round(x, 3) for x in per_round], medianRoundRatio=statistics.median(per_round))
    p = max(pangos, key=lambda r: r["perSecond"])
    p["rounds"] = len(pangos)
    print(json.dumps(p), flush=True)
    options(n, options_runs, options_argvs, options_results, limits, pangos, out)


def options(n, runs, argvs, results, limits, pangos, out):
    """Issue 31's figures from the mixed rounds: every option inside each case against the same
    options on the command line (bare cases), the limit and Pango; each round's own ratios too."""
    other = other_model_ids(argvs[0][argvs[0].index("--input") + 1])
    same, compared = same_lines(results[0], results[1], skip=other)
    if same != compared:
        sys.exit(f"procs.py: {results[0]} and {results[1]} differ on {compared - same} of {compared} TextKit cases")
    cased, bare = runs
    over_bare = [b[0] / c[0] for c, b in zip(cased, bare)]
    over_limit = [n / c[0] / r["limitPerSecond"] for c, r in zip(cased, limits)]
    over_pango = [n / c[0] / p["perSecond"] for c, p in zip(cased, pangos)]
    best, best_bare = min(cased), min(bare)
    limit = max(r["limitPerSecond"] for r in limits)
    pango = max(p["perSecond"] for p in pangos)
    out(figure="options-batch-jobs1", what=" ".join(["textheight"] + argvs[0][1:]), texts=n,
        otherModels=len(other), sameTextKitCases=same, errorLines=count_lines(results[0], b'"error"'), exitCode=best[2],
        seconds=best[0], cpuSeconds=best[3], perSecond=n / best[0], rounds=len(cased),
        overBare=best_bare[0] / best[0], roundOverBare=[round(x, 3) for x in over_bare],
        medianRoundOverBare=statistics.median(over_bare), overLimit=n / best[0] / limit,
        roundOverLimit=[round(x, 3) for x in over_limit], medianRoundOverLimit=statistics.median(over_limit),
        overPango=n / best[0] / pango, roundOverPango=[round(x, 2) for x in over_pango],
        medianRoundOverPango=statistics.median(over_pango))
    out(figure="options-bare-batch-jobs1", what=" ".join(["textheight"] + argvs[1][1:]), texts=n,
        seconds=best_bare[0], cpuSeconds=best_bare[3], perSecond=n / best_bare[0], rounds=len(bare))


def other_model_ids(path):
    """The ids of the cases measured with another model than TextKit (they have no bare peer)."""
    ids = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            if case.get("model", "textkit") != "textkit":
                ids.add(case["id"])
    return ids


def same_lines(a, b, skip):
    """How many result lines of `a` equal `b`'s, of those whose id is not in `skip`; and how many were compared."""
    same = compared = 0
    with open(a, encoding="utf-8") as fa, open(b, encoding="utf-8") as fb:
        for x, y in zip(fa, fb):
            if json.loads(x).get("id") in skip:
                continue
            compared += 1
            same += x == y
    return same, compared


if __name__ == "__main__":
    main()
