#!/usr/bin/env python3
"""`verdiff diff` over a real project's recent history, commit by commit, as its CI would run it.

usage: bench/diff_history.py SNAPSHOT [--commits N] [--timeout S] [--budget S]
                             [--verdiff PATH] [--json OUT]

SNAPSHOT is a git repository (a checkout or the bare mirror `fetch` brings, e.g.
/work/.mirror/DaveGamble+cJSON/repo). It is cloned into a scratch directory; `verdiff init`
writes the starter configuration into the work tree (not committed: diff reads it from
there). For each of the last N first-parent commits C (oldest first), `verdiff diff --base
C~1 --head C --format json` runs with a per-function time limit and a budget per commit.
Printed per commit: its subject, the files it touched, the number of rows by status, and
every row that is not `unchanged` with its detail and safety verdict — to be read against
the commit (a behaviour change the commit meant, a refactoring proved equivalent, a FAILED
that is a real bug or a false alarm). Totals at the end.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from snapshot import scratch_clone  # noqa: E402

DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")


def git(repo, *args):
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("snapshot")
    ap.add_argument("--commits", type=int, default=30)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--budget", type=int, default=120)
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    verdiff = os.path.abspath(a.verdiff)
    work, repo = scratch_clone(a.snapshot, "verdiff-history-")
    subprocess.run([verdiff, "init"], cwd=repo, capture_output=True)
    commits = git(repo, "rev-list", "--first-parent", f"--max-count={a.commits}", "HEAD").split()
    commits.reverse()
    totals = collections.Counter()
    failed_rows = []
    out = []
    for c in commits:
        if not git(repo, "rev-parse", "--verify", "--quiet", f"{c}~1"):
            continue
        subject = git(repo, "log", "-1", "--format=%s", c)
        files = git(repo, "diff", "--name-only", f"{c}~1", c).split()
        result = os.path.join(work, "diff.json")
        if os.path.exists(result):
            os.remove(result)
        t0 = time.time()
        p = subprocess.run([verdiff, "diff", "--base", f"{c}~1", "--head", c, "--timeout", str(a.timeout),
                            "--budget", str(a.budget), "--no-cache", "--quiet", "--format", "json",
                            "--output", result], cwd=repo, capture_output=True, text=True,
                           timeout=3 * a.budget + 300)
        secs = time.time() - t0
        try:
            rows = json.load(open(result)).get("functions", [])
        except (OSError, ValueError):
            rows = []
        by = collections.Counter(r["status"] for r in rows)
        totals.update(by)
        print(f"\n{c[:8]} {subject[:70]}  ({secs:.0f}s, exit {p.returncode})")
        print(f"  files: {', '.join(files[:8])}{' …' if len(files) > 8 else ''}")
        print(f"  rows: {len(rows)} " + ", ".join(f"{k} {v}" for k, v in by.most_common()))
        if not rows and p.returncode not in (0, 10):
            print(f"  error: {p.stderr.strip()[-300:]}")
        for r in rows:
            if r["status"] == "unchanged" and not (r.get("safety") or {}).get("verdict") == "FAILED":
                continue
            s = r.get("safety") or {}
            verdict = s.get("verdict", "-")
            if verdict == "FAILED":
                failed_rows.append((c[:8], r["file"], r["function"], s.get("detail") or ""))
            # (a behaviour change in full: which output differs, and the input that shows it)
            width = 600 if r["status"] == "behaviour-changed" else 110
            print(f"  {r['file']}:{r['function']}: {r['status']} {(r.get('detail') or '')[:width]} "
                  f"[safety {verdict}: {(s.get('detail') or '')[:100]}]")
        out.append({"commit": c, "subject": subject, "files": files, "seconds": round(secs, 1), "rows": rows})
    print(f"\n{len(out)} commits; rows by status: " + ", ".join(f"{k} {v}" for k, v in totals.most_common()))
    print(f"FAILED rows (read each: real bug or false alarm?): {len(failed_rows)}")
    for c, f, fn, d in failed_rows:
        print(f"  {c} {f}:{fn}: {d[:140]}")
    if a.json:
        json.dump(out, open(a.json, "w"), indent=1)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
