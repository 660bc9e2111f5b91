#!/usr/bin/env python3
"""The core promise, measured: inject behaviour changes into a real library one commit at a
time and ask `verdiff diff` about each.

usage: bench/injected_changes.py SNAPSHOT [--file sds.c] [--count N] [--seed S]
                                 [--timeout S] [--budget S] [--verdiff PATH] [--json OUT]

SNAPSHOT is a git repository (a checkout or the bare mirror `fetch` brings, e.g.
/work/.mirror/antirez+sds/repo). It is cloned into a scratch directory, `verdiff init` writes
the starter configuration (committed), and then for each of N mutants of --file (seeded
random choice among one-operator and one-constant changes: + -, < <=, > >=, == !=, && ||, a
decimal constant n -> n+1; see bench/mutation.py) in turn:
  the mutant is committed on top of the unmutated tree, `verdiff diff --base HEAD~1 --format
  json` runs with a per-function time limit (--timeout) and a budget (--budget), and the
  commit is dropped again.
Mutants in code the default build does not compile (under `#if 0`, `#ifdef SOME_TEST`, ...)
are not counted: a mutant whose preprocessed file (gcc -E with the repository as include
path, the benchmark's only use of the compiler) equals the original's is skipped.

Read per mutant: the row of the mutated function — behaviour-changed (reported), EQUIVALENT
(wrong unless the mutant is an equivalent mutant: every one is listed to be checked by hand),
UNKNOWN (with its reason) — and rows of functions the commit did not touch whose status is
not `unchanged` (callers whose behaviour changed through the mutated callee are expected and
counted apart). Printed: the share reported as behaviour changed (bar >= 80 %), every
EQUIVALENT verdict, the UNKNOWN reasons grouped, and the rows beside the mutated function.
"""

import argparse
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mutation import function_at, mutants  # noqa: E402
from snapshot import scratch_clone  # noqa: E402

DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")


def sh(cmd, cwd, timeout=None, check=True):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if check and p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {p.stderr.strip()[:400]}")
    return p


def preprocessed(repo, rel):
    p = subprocess.run(["gcc", "-E", "-P", "-I", repo, os.path.join(repo, rel)], capture_output=True, text=True)
    return p.stdout if p.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("snapshot")
    ap.add_argument("--file", default=None, help="repository-relative C file to mutate (default: the largest)")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--budget", type=int, default=300)
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    verdiff = os.path.abspath(a.verdiff)

    work, repo = scratch_clone(a.snapshot, "verdiff-injected-")
    head = sh(["git", "rev-parse", "--short", "HEAD"], repo).stdout.strip()
    rel = a.file
    if rel is None:
        cs = [f for f in sh(["git", "ls-files", "*.c"], repo).stdout.split() if "test" not in f.lower()]
        rel = max(cs, key=lambda f: os.path.getsize(os.path.join(repo, f)))
    sh([verdiff, "init"], repo, check=False)
    sh(["git", "add", "-A"], repo)
    sh(["git", "commit", "-q", "-m", "verdiff init", "--allow-empty"], repo)
    base = sh(["git", "rev-parse", "HEAD"], repo).stdout.strip()
    path = os.path.join(repo, rel)
    original = open(path).read()
    pp_original = preprocessed(repo, rel)

    rng = random.Random(a.seed)
    candidates = mutants(original)
    rng.shuffle(candidates)
    results = []
    skipped = 0
    for start, end, new, what in candidates:
        if len(results) >= a.count:
            break
        mutated = original[:start] + new + original[end:]
        fn = function_at(original, start)
        if fn is None:
            skipped += 1
            continue
        with open(path, "w") as f:
            f.write(mutated)
        if pp_original is not None and preprocessed(repo, rel) == pp_original:
            skipped += 1  # not in compiled code
            continue
        line = original.count("\n", 0, start) + 1
        sh(["git", "commit", "-q", "-am", f"mutant {what} at {rel}:{line}"], repo)
        out = os.path.join(work, "diff.json")
        if os.path.exists(out):
            os.remove(out)
        t0 = time.time()
        p = subprocess.run(
            [verdiff, "diff", "--base", "HEAD~1", "--timeout", str(a.timeout), "--budget", str(a.budget),
             "--format", "json", "--output", out, "--no-cache"],
            cwd=repo, capture_output=True, text=True, timeout=a.budget * 3 + 120)
        secs = time.time() - t0
        rows = []
        try:
            rows = json.load(open(out)).get("functions", [])
        except (OSError, ValueError):
            pass
        mine = [r for r in rows if r.get("function") == fn]
        others = [r for r in rows if r.get("function") != fn and r.get("status") not in ("unchanged", "")]
        status = mine[0].get("status", "?") if mine else "no row"
        detail = (mine[0].get("detail") or "" if mine else p.stderr.strip()[-300:])
        results.append({"what": what, "line": line, "function": fn, "status": status, "detail": detail,
                        "others": [(r["function"], r.get("status")) for r in others], "seconds": round(secs, 1),
                        "exit": p.returncode})
        print(f"{rel}:{line} {fn}: {what} -> {status} ({secs:.0f}s) {detail[:120]}", flush=True)
        sh(["git", "reset", "-q", "--hard", base], repo)
        original_now = open(path).read()
        assert original_now == original

    n = len(results)
    by = collections.Counter(r["status"] for r in results)
    reported = by.get("behaviour-changed", 0)
    print(f"\n{a.snapshot} at {head}, {rel}: {n} mutants in compiled code ({skipped} skipped), seed {a.seed}")
    for k, v in by.most_common():
        print(f"  {k:22} {v}")
    if n:
        print(f"reported as behaviour changed: {reported}/{n} ({100 * reported // n} %)")
    eq = [r for r in results if r["status"].startswith("equivalent")]
    if eq:
        print("EQUIVALENT (check each by hand: an equivalent mutant, or a wrong verdict?):")
        for r in eq:
            print(f"  {rel}:{r['line']} {r['function']}: {r['what']} — {r['detail'][:160]}")
    unk = collections.Counter(r["detail"][:90] for r in results if r["status"] == "unknown")
    if unk:
        print("UNKNOWN by reason:")
        for k, v in unk.most_common():
            print(f"  {v:3}  {k}")
    beside = [(r["function"], o) for r in results for o in r["others"]]
    print(f"rows beside the mutated function (not unchanged): {len(beside)}")
    for fn, o in beside[:40]:
        print(f"  mutant in {fn}: {o[0]} {o[1]}")
    if a.json:
        json.dump({"snapshot": a.snapshot, "head": head, "file": rel, "results": results}, open(a.json, "w"), indent=1)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
