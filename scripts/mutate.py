#!/usr/bin/env python3
"""Mutation check: does the suite fail when a rule is switched off?

For each block of scripts/mutations.txt (or the names given), in a scratch copy of the work tree
(.build/mutate/src, kept between runs so builds are incremental): replace the block's `find` text (which
must occur exactly once) by its `replace` text, build, run the tests, restore the file. A mutation whose
tests still pass "survived": the rule is unguarded. Exit 0 only when every mutation was caught.

Speed (a whole-list run is hours on a 2-core machine):
- the tests that caught a block last time (its log in .build/mutate/logs*) run first, alone; only when they
  pass does the whole suite run, up to its first failing test;
- --jobs N works in N scratch trees (src, src2, …) from one queue;
- every verdict is appended to .build/mutate/results/<key>.jsonl, key = a digest of every tracked file but
  Markdown; --resume skips the blocks already caught under the same key, so a run of the whole list can be
  finished later (another session) as long as no code, test or fixture has changed.
"""
import argparse
import glob
import hashlib
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTATE = os.path.join(ROOT, ".build", "mutate")


def scratch_dir(k):
    """The k-th scratch tree (0: src, 1: src2, …)."""
    return os.path.join(MUTATE, "src" if k == 0 else "src%d" % (k + 1))


def parse(path):
    mutations, current = [], None
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("## "):
                name, _, about = line[3:].partition(":")
                current = {"name": name.strip(), "about": about.strip(), "line": number}
                mutations.append(current)
            elif current is not None and line.split(":", 1)[0] in ("file", "find", "replace"):
                key, _, value = line.partition(": ")
                current[key] = value
    for m in mutations:
        missing = [k for k in ("file", "find", "replace") if k not in m]
        if missing:
            sys.exit(f"mutate: {path}:{m['line']}: '{m['name']}' lacks {', '.join(missing)}")
    names = [m["name"] for m in mutations]
    duplicated = {n for n in names if names.count(n) > 1}
    if duplicated:
        sys.exit(f"mutate: duplicated names: {', '.join(sorted(duplicated))}")
    return mutations


def tracked_files():
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    return sorted(f for f in files if f and os.path.isfile(os.path.join(ROOT, f)))


def tree_key():
    """A digest of every tracked or untracked file but Markdown: what a verdict depends on."""
    digest = hashlib.sha256()
    for f in tracked_files():
        if f.endswith(".md"):
            continue
        digest.update(f.encode() + b"\0")
        with open(os.path.join(ROOT, f), "rb") as data:
            digest.update(hashlib.sha256(data.read()).digest())
    return digest.hexdigest()[:16]


def sync_tree(SCRATCH):
    """Copies the work tree's tracked and untracked files (not .build) into the scratch tree."""
    wanted = set(tracked_files())
    os.makedirs(SCRATCH, exist_ok=True)
    for f in wanted:
        source, target = os.path.join(ROOT, f), os.path.join(SCRATCH, f)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # Keep modification times so SwiftPM rebuilds only what changed since the last run.
        if not os.path.exists(target) or open(source, "rb").read() != open(target, "rb").read():
            shutil.copy2(source, target)
    for directory, subdirectories, names in os.walk(SCRATCH):
        relative = os.path.relpath(directory, SCRATCH)
        if relative.split(os.sep)[0] == ".build":
            subdirectories[:] = []
            continue
        for name in names:
            path = os.path.normpath(os.path.join(relative, name))
            if path not in wanted:
                os.remove(os.path.join(directory, name))


def run_suite(SCRATCH, log, test_args, stop_at_first_failure=False, hints=()):
    """True when the build succeeds and the tests pass; None when the build fails.

    With stop_at_first_failure the run ends at the first failing test (Swift Testing prints
    "✘ Test …" as it happens): a mutation is caught by one failure, and most are caught within
    seconds of a suite that takes a minute.
    """
    with open(log, "w") as out:
        if subprocess.run(["swift", "build", "--build-tests"], cwd=SCRATCH, stdout=out, stderr=subprocess.STDOUT).returncode:
            return None
        if hints:
            # The tests that caught it before, alone: seconds, where the whole suite may take minutes to reach them.
            filters = [a for h in hints for a in ("--filter", h)]
            first = subprocess.run(["swift", "test", "--skip-build", "--disable-xctest", *filters, *test_args], cwd=SCRATCH,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out.write(first.stdout.decode("utf-8", "replace"))
            if first.returncode != 0 and "✘ Test ".encode() in first.stdout:
                return False
        tests = subprocess.Popen(["swift", "test", "--skip-build", "--disable-xctest", *test_args], cwd=SCRATCH,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        failed_early = False
        started = time.monotonic()
        for raw in tests.stdout:
            out.write(raw.decode("utf-8", "replace"))
            if stop_at_first_failure and raw.startswith("✘ Test ".encode()):
                out.flush()
                os.killpg(tests.pid, 9)
                failed_early = True
                break
            if time.monotonic() - started > 1800:
                os.killpg(tests.pid, 9)
                break
        tests.stdout.close()
        code = tests.wait()
        return False if failed_early else code == 0


def test_identifiers():
    """Display name → "Type/function" of every @Test in Tests/, for --filter (Swift Testing's identifiers)."""
    found = {}
    for path in glob.glob(os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True):
        owner, pending = None, None
        for line in open(path, encoding="utf-8"):
            declared = re.match(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:final\s+)?(?:struct|class|extension|enum)\s+(\w+)", line)
            if declared:
                owner = declared.group(1)
            test = re.search(r'@Test\("((?:[^"\\]|\\.)*)"', line)
            if test:
                pending = test.group(1)
            function = re.search(r"\bfunc\s+(\w+)\s*\(", line)
            if function and pending is not None and owner:
                found[pending] = "%s/%s" % (owner, function.group(1))
                pending = None
    return found


def hints_for(name, identifiers):
    """The identifiers of the tests that caught `name` in its latest log, if any."""
    logs = sorted(glob.glob(os.path.join(MUTATE, "logs*", name + ".log")), key=os.path.getmtime)
    for log in reversed(logs):
        caught = [identifiers[t] for t in failing_tests(log) if t in identifiers]
        if caught:
            return [re.escape(c) for c in caught[:3]]
    return []


def failing_tests(log):
    with open(log, errors="replace") as f:
        return sorted({line.split('"')[1] for line in f if line.startswith("✘ Test ") and '"' in line})


def mutate_one(scratch, m, logs, test_args, args, identifiers):
    """One block in `scratch`: its verdict and how long it took."""
    started = time.monotonic()
    path = os.path.join(scratch, m["file"])
    try:
        original = open(path, encoding="utf-8").read()
    except OSError:
        return "invalid: no file " + m["file"], 0
    if original.count(m["find"]) != 1:
        return f"invalid: 'find' occurs {original.count(m['find'])} times in {m['file']}", 0
    log = os.path.join(logs, m["name"] + ".log")
    hints = [] if args.whole_suite else hints_for(m["name"], identifiers)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.replace(m["find"], m["replace"]))
        passed = run_suite(scratch, log, test_args, stop_at_first_failure=not args.whole_suite, hints=hints)
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
    if passed is None:
        verdict = "invalid: the mutated code does not build (see the log)"
    elif passed:
        verdict = "SURVIVED"
    else:
        verdict = "caught by " + ", ".join(failing_tests(log)[:3] or ["the test run"])
    return verdict, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="only these mutations (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    parser.add_argument("--filter", action="append", default=[], help="pass --filter to swift test (faster, weaker)")
    parser.add_argument("--jobs", type=int, default=1, help="scratch trees worked in at once (default: 1)")
    parser.add_argument("--resume", action="store_true",
                        help="skip the blocks already caught under this tree's key (.build/mutate/results)")
    parser.add_argument("--whole-suite", action="store_true",
                        help="run the whole suite for each mutation (names every failing test; slower)")
    args = parser.parse_args()
    mutations = parse(os.path.join(ROOT, "scripts", "mutations.txt"))
    if args.list:
        for m in mutations:
            print(f"{m['name']:28} {m['about']}")
        return 0
    unknown = set(args.names) - {m["name"] for m in mutations}
    if unknown:
        sys.exit(f"mutate: no mutation named {', '.join(sorted(unknown))}")
    chosen = [m for m in mutations if not args.names or m["name"] in args.names]
    test_args = [a for f in args.filter for a in ("--filter", f)]

    key = tree_key()
    results_path = os.path.join(MUTATE, "results", key + ".jsonl")
    os.makedirs(os.path.dirname(results_path), exist_ok=True)
    results = {}
    if args.resume and os.path.exists(results_path):
        for line in open(results_path, encoding="utf-8"):
            done = json.loads(line)
            if done["verdict"].startswith("caught"):
                results[done["name"]] = done["verdict"]
        print(f"mutate: {len(results)} caught before under key {key} (resumed)", flush=True)
    todo = [m for m in chosen if m["name"] not in results]
    identifiers = test_identifiers()
    logs = os.path.join(MUTATE, "logs")
    os.makedirs(logs, exist_ok=True)
    work = queue.Queue()
    for m in todo:
        work.put(m)
    lock = threading.Lock()
    failures = []

    def worker(k):
        scratch = scratch_dir(k)
        sync_tree(scratch)
        print(f"mutate: baseline build and tests in {os.path.relpath(scratch, ROOT)}", flush=True)
        if run_suite(scratch, os.path.join(logs, "baseline%s.log" % ("" if k == 0 else k + 1)), test_args) is not True:
            with lock:
                failures.append(f"the unmutated suite does not pass in {scratch}")
            return
        while True:
            try:
                m = work.get_nowait()
            except queue.Empty:
                return
            verdict, seconds = mutate_one(scratch, m, logs, test_args, args, identifiers)
            with lock:
                results[m["name"]] = verdict
                with open(results_path, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"name": m["name"], "verdict": verdict, "seconds": round(seconds)}) + "\n")
                print(f"  {m['name']:28} {verdict}  ({seconds:.0f} s)", flush=True)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(max(1, min(args.jobs, len(todo) or 1)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        sys.exit("mutate: " + "; ".join(failures))

    survived = [n for n, v in results.items() if v == "SURVIVED"]
    invalid = [n for n, v in results.items() if v.startswith("invalid")]
    caught = len(results) - len(survived) - len(invalid)
    print(f"mutate: {caught} of {len(results)} mutations caught"
          + (f"; survived: {', '.join(survived)}" if survived else "")
          + (f"; invalid: {', '.join(invalid)}" if invalid else ""))
    # Leave the scratch build matching the unmutated tree for the next run.
    return 1 if survived or invalid else 0


if __name__ == "__main__":
    sys.exit(main())
