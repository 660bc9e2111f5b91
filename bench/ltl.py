#!/usr/bin/env python3
"""Run `verdiff ltl` on Ultimate's LTL benchmarks (a peer suite nobody here wrote).

usage: bench/ltl.py DIR... [--verdiff PATH] [--unwind K[,K...]] [--timeout S] [--jobs N]
                    [--json OUT]

Each DIR is searched for .c files that carry both an expected result (`//#Safe` or
`//#Unsafe`, Ultimate's marking) and a formula (`//@ ltl invariant NAME: F;`), e.g. the
folders `koskinen` and `rers2012` of ultimate-pa/ultimate's `trunk/examples/LTL/` (this
script never copies their files). Every task is checked at every bound of --unwind (a sweep),
each run with --timeout seconds.

Per task and bound, verdiff's verdict is filed as:
  Unsafe: BAD (a definitive violation), FAILING (violated on stuttering: expected of a liveness
          violation on a bounded trace), SUCCEEDING (not seen within the bound), UNKNOWN,
          GOOD (WRONG: no extension of any trace violates the formula, yet the task is unsafe)
  Safe:   GOOD, SUCCEEDING (presumably holds), FAILING (presumably fails within the bound:
          not wrong — a request pending at the bound), UNKNOWN, BAD (WRONG)
The summary counts, per folder: Unsafe proven BAD, Unsafe FAILING at every bound, Unsafe not
seen within the bound, Safe GOOD, Safe SUCCEEDING at every bound, Safe FAILING at some bound,
UNKNOWN at every bound, and the wrong verdicts (which must be zero).
"""

import argparse
import collections
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")
WRONG = {("Unsafe", "GOOD"), ("Safe", "BAD")}


def tasks(dirs):
    out = []
    for d in dirs:
        for root, _, files in os.walk(d):
            for f in sorted(files):
                if not f.endswith(".c"):
                    continue
                path = os.path.join(root, f)
                try:
                    text = open(path, errors="replace").read()
                except OSError:
                    continue
                m = re.search(r"#(Safe|Unsafe)\b", text)
                if m and "ltl invariant" in text:
                    out.append((path, m.group(1)))
    return sorted(out)


def run(verdiff, path, k, timeout):
    t0 = time.time()
    try:
        p = subprocess.run([verdiff, "ltl", path, "--unwind", str(k), "--timeout", str(timeout), "--quiet"],
                           capture_output=True, text=True, errors="replace", timeout=timeout * 2 + 30)
        out = p.stdout
    except subprocess.TimeoutExpired:
        out = ""
    m = re.search(r"^LTL verdict: (\w+)", out, re.M)
    verdict = m.group(1) if m else "UNKNOWN"
    why = "" if m else (out.strip().splitlines() or ["no output"])[0][:200]
    return verdict, time.time() - t0, why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--unwind", default="5,10")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    verdiff = os.path.abspath(a.verdiff)
    if not os.path.exists(verdiff):
        sys.exit(f"verdiff binary not found at {verdiff} (cargo build --release)")
    bounds = [int(k) for k in a.unwind.split(",") if k.strip()]
    ts = tasks(a.dirs)
    if not ts:
        sys.exit("no task with #Safe/#Unsafe and an ltl invariant under " + ", ".join(a.dirs))
    jobs = [(path, expected, k) for path, expected in ts for k in bounds]
    results = {}
    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run, verdiff, path, k, a.timeout): (path, expected, k) for path, expected, k in jobs}
        for f in cf.as_completed(futs):
            path, expected, k = futs[f]
            results[(path, k)] = (expected,) + f.result()
    wall = time.time() - t0

    rows = []
    by_folder = collections.defaultdict(collections.Counter)
    times = []
    for path, expected in ts:
        verdicts = [results[(path, k)][1] for k in bounds]
        times.extend(results[(path, k)][2] for k in bounds)
        folder = os.path.relpath(os.path.dirname(path), os.path.commonpath([d for d in a.dirs]))
        c = by_folder[folder]
        c["tasks"] += 1
        if any((expected, v) in WRONG for v in verdicts):
            c["WRONG"] += 1
        elif expected == "Unsafe" and "BAD" in verdicts:
            c["Unsafe BAD"] += 1
        elif expected == "Unsafe" and all(v == "FAILING" for v in verdicts):
            c["Unsafe FAILING at every bound"] += 1
        elif expected == "Safe" and "GOOD" in verdicts:
            c["Safe GOOD"] += 1
        elif expected == "Safe" and all(v == "SUCCEEDING" for v in verdicts):
            c["Safe SUCCEEDING at every bound"] += 1
        elif all(v == "UNKNOWN" for v in verdicts):
            c["UNKNOWN at every bound"] += 1
        elif expected == "Unsafe" and all(v in ("SUCCEEDING", "UNKNOWN") for v in verdicts):
            c["Unsafe not seen within the bound"] += 1
        elif expected == "Safe" and "FAILING" in verdicts:
            c["Safe FAILING at some bound"] += 1
        else:
            c["mixed"] += 1
        rows.append({"task": path, "expected": expected,
                     "verdicts": {str(k): results[(path, k)][1] for k in bounds},
                     "seconds": {str(k): round(results[(path, k)][2], 2) for k in bounds},
                     "why": {str(k): results[(path, k)][3] for k in bounds if results[(path, k)][3]}})
        flag = "WRONG " if any((expected, v) in WRONG for v in verdicts) else ""
        print(f"{flag}{expected:<7} {' '.join(f'{k}:{v}' for k, v in zip(bounds, verdicts))}  {os.path.relpath(path)}")
    print()
    for folder, c in sorted(by_folder.items()):
        print(f"{folder}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    times.sort()
    median = times[len(times) // 2] if times else 0.0
    print(f"bounds {bounds}, timeout {a.timeout}s: median {median:.2f}s per run, wall {wall:.0f}s with {a.jobs} jobs")
    if a.json:
        json.dump({"bounds": bounds, "timeout": a.timeout, "wall_seconds": wall, "tasks": rows}, open(a.json, "w"),
                  indent=1)


if __name__ == "__main__":
    main()
