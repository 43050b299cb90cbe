#!/usr/bin/env python3
"""Mutation check: does the suite fail when a rule is switched off?

For each block of scripts/mutations.txt (or the names given), in a scratch copy of the work tree
(.build/mutate/src, kept between runs so builds are incremental): replace the block's `find` text (which
must occur exactly once) by its `replace` text, build, run the tests, restore the file. A mutation whose
tests still pass "survived": the rule is unguarded. Exit 0 only when every mutation was caught.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "mutate", "src")


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


def sync_tree():
    """Copies the work tree's tracked and untracked files (not .build) into the scratch tree."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    wanted = {f for f in files if f and os.path.isfile(os.path.join(ROOT, f))}
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


def run_suite(log, test_args, stop_at_first_failure=False):
    """True when the build succeeds and the tests pass; None when the build fails.

    With stop_at_first_failure the run ends at the first failing test (Swift Testing prints
    "✘ Test …" as it happens): a mutation is caught by one failure, and most are caught within
    seconds of a suite that takes a minute.
    """
    with open(log, "w") as out:
        if subprocess.run(["swift", "build", "--build-tests"], cwd=SCRATCH, stdout=out, stderr=subprocess.STDOUT).returncode:
            return None
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


def failing_tests(log):
    with open(log, errors="replace") as f:
        return sorted({line.split('"')[1] for line in f if line.startswith("✘ Test ") and '"' in line})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="only these mutations (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    parser.add_argument("--filter", action="append", default=[], help="pass --filter to swift test (faster, weaker)")
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

    sync_tree()
    logs = os.path.join(ROOT, ".build", "mutate", "logs")
    os.makedirs(logs, exist_ok=True)
    print(f"mutate: baseline build and tests in {os.path.relpath(SCRATCH, ROOT)}", flush=True)
    if run_suite(os.path.join(logs, "baseline.log"), test_args) is not True:
        sys.exit(f"mutate: the unmutated suite does not pass; see {logs}/baseline.log")

    results = {}
    for m in chosen:
        path = os.path.join(SCRATCH, m["file"])
        try:
            original = open(path, encoding="utf-8").read()
        except OSError:
            results[m["name"]] = "invalid: no file " + m["file"]
            continue
        if original.count(m["find"]) != 1:
            results[m["name"]] = f"invalid: 'find' occurs {original.count(m['find'])} times in {m['file']}"
            print(f"  {m['name']:28} {results[m['name']]}", flush=True)
            continue
        started = time.monotonic()
        log = os.path.join(logs, m["name"] + ".log")
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.replace(m["find"], m["replace"]))
            passed = run_suite(log, test_args, stop_at_first_failure=not args.whole_suite)
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        if passed is None:
            verdict = "invalid: the mutated code does not build (see the log)"
        elif passed:
            verdict = "SURVIVED"
        else:
            verdict = "caught by " + ", ".join(failing_tests(log)[:3] or ["the test run"])
        results[m["name"]] = verdict
        print(f"  {m['name']:28} {verdict}  ({time.monotonic() - started:.0f} s)", flush=True)

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
