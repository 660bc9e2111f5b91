#!/usr/bin/env python3
"""Wall time of `verdiff diff` with --jobs 1 and --jobs 2 on a real change of at least N
functions (issue 28 §4): is the parallel diff faster, and does it give the same rows?

usage: bench/diff_jobs.py SNAPSHOT [--functions 20] [--timeout S] [--verdiff PATH]
                          [--jobs-list 1,2] [--repeat 1]

SNAPSHOT is a git repository (a checkout or the bare mirror `fetch` brings). It is cloned
into a scratch directory and `verdiff init` writes the starter configuration. The range is
HEAD~k..HEAD for the smallest k whose diff has at least N rows that need a check (not
`unchanged`; listed with `--budget 0`, which checks nothing). Each --jobs value then runs
`verdiff diff --base HEAD~k --no-cache --timeout S --format json`; printed: wall time per
run (median over --repeat), the ratio, rows by status, and whether the rows (function,
status, safety verdict) are the same in every run.
"""

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from snapshot import scratch_clone  # noqa: E402

DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")


def diff(verdiff, repo, base, extra):
    cmd = [verdiff, "diff", "--base", base, "--format", "json", "--quiet", *extra]
    t = time.monotonic()
    p = subprocess.run(cmd, cwd=repo, capture_output=True, text=True)
    wall = time.monotonic() - t
    try:
        rows = json.loads(p.stdout).get("functions", [])
    except json.JSONDecodeError:
        sys.exit(f"diff_jobs: no JSON from {' '.join(cmd)} (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return wall, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("snapshot")
    ap.add_argument("--functions", type=int, default=20)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--jobs-list", default="1,2")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--max-commits", type=int, default=200)
    a = ap.parse_args()
    verdiff = os.path.abspath(a.verdiff)
    _, repo = scratch_clone(a.snapshot, "verdiff-diffjobs-")
    subprocess.run([verdiff, "init"], cwd=repo, capture_output=True)
    base = None
    for k in range(1, a.max_commits + 1):
        rev = f"HEAD~{k}"
        if subprocess.run(["git", "rev-parse", "--verify", "--quiet", rev], cwd=repo,
                          capture_output=True).returncode != 0:
            break
        _, rows = diff(verdiff, repo, rev, ["--budget", "0", "--no-cache"])
        if sum(1 for r in rows if r.get("status") != "unchanged") >= a.functions:
            base = rev
            break
    if base is None:
        sys.exit(f"diff_jobs: no range HEAD~k..HEAD within {a.max_commits} commits changes {a.functions} functions")
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=repo, capture_output=True, text=True).stdout.strip()
    print(f"{a.snapshot}: {base}..HEAD ({head}), timeout {a.timeout}s")
    results = {}
    for jobs in [int(j) for j in a.jobs_list.split(",")]:
        walls = []
        for _ in range(a.repeat):
            wall, rows = diff(verdiff, repo, base, ["--no-cache", "--timeout", str(a.timeout), "--jobs", str(jobs)])
            walls.append(wall)
        key = sorted((r.get("file"), r.get("function"), r.get("status"), (r.get("safety") or {}).get("verdict")
                      if isinstance(r.get("safety"), dict) else r.get("safety")) for r in rows)
        results[jobs] = (statistics.median(walls), key)
        checked = sum(1 for r in rows if r.get("status") != "unchanged")
        by = collections.Counter(r.get("status") for r in rows)
        print(f"  --jobs {jobs}: {statistics.median(walls):6.1f} s (median of {a.repeat}), "
              f"{checked} rows checked; " + ", ".join(f"{s} {n}" for s, n in sorted(by.items())))
    walls = {j: w for j, (w, _) in results.items()}
    if 1 in walls and len(walls) > 1:
        for j, w in walls.items():
            if j != 1:
                print(f"  ratio --jobs 1 / --jobs {j}: {walls[1] / w:.2f}")
    keys = [set(k) for _, k in results.values()]
    same = all(k == keys[0] for k in keys)
    print(f"  same rows in every run: {'yes' if same else 'no (rows that differ below: limits can end a check at another point)'}")
    if not same:
        differ = set().union(*keys) - set.intersection(*keys)
        for j, (_, k) in results.items():
            for row in sorted(r for r in k if r in differ):
                print(f"    --jobs {j}: {row}")


if __name__ == "__main__":
    main()
