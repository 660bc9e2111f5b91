#!/usr/bin/env python3
"""Run verdiff on a real C code base as a new user would, and summarise what it says.

usage: bench/real_code.py SNAPSHOT [--verdiff PATH] [--timeout S] [--jobs N] [--no-harnesses]
                          [--set KEY=VALUE ...] [--json OUT] [--keep DIR]

SNAPSHOT is a git repository (a checkout or the bare mirror `fetch` brings, e.g.
/work/.mirror/DaveGamble+cJSON/repo). It is cloned into a scratch directory (nothing of it
is ever written next to verdiff), `verdiff init` writes the starter configuration, the
per-function time limit is set to --timeout, and `verdiff run --format json` runs. Printed:
functions by verdict (SUCCESSFUL / PRECONDITION / FAILED / UNKNOWN), wall time and peak
memory (RSS of verdiff), the slowest functions, every FAILED with its detail (to be read and
classified by hand: a real bug needs an input a legitimate caller can pass), and the UNKNOWN
reasons grouped by cause.

--no-harnesses turns off the unit-test harnesses (tests.harnesses: false), to look at the
per-function verification alone. --set KEY=VALUE replaces a top-level key of the generated
.verdiff.yml (e.g. --set unwind=16).
"""

import argparse
import collections
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")


def cause(detail):
    """A short name for why a function is UNKNOWN."""
    d = detail.lower()
    rules = [
        ("loop or recursion needs more iterations", ["needs more", "was cut at"]),
        ("time limit", ["timeout", "time limit", "not stop"]),
        ("memory limit", ["terms", "memory"]),
        ("calls into another file", ["verifies one file at a time", "has no body in this file"]),
        ("function pointer", ["function pointer"]),
        ("unsupported construct", ["unsupported", "not supported"]),
        ("through its callers", ["through its callers"]),
        ("the file does not lower", ["could not be read", "preprocessing failed"]),
        ("library result approximated", ["approximat", "library"]),
    ]
    for name, keys in rules:
        if any(k in d for k in keys):
            return name
    return "other: " + detail[:80]


def main_phase(f):
    """` (phase)`: the phase that took most of a function's time (verdiff.run/1.4), or ""."""
    p = f.get("phases_ms") or {}
    if not p or sum(p.values()) <= 0:
        return ""
    k = max(p, key=p.get)
    return f" ({k})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("snapshot")
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-harnesses", action="store_true")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--json", default="")
    ap.add_argument("--keep", default="", help="clone into this directory and keep it")
    args = ap.parse_args()
    verdiff = os.path.abspath(args.verdiff)
    if not os.path.exists(verdiff):
        sys.exit(f"verdiff binary not found at {verdiff} (cargo build --release)")

    work = args.keep or tempfile.mkdtemp(prefix="verdiff-real-")
    repo = os.path.join(work, "repo")
    if os.path.exists(repo):
        shutil.rmtree(repo)
    subprocess.run(["git", "clone", "-q", args.snapshot, repo], check=True)
    head = subprocess.run(["git", "-C", repo, "log", "-1", "--format=%h %ad", "--date=short"],
                          capture_output=True, text=True).stdout.strip()
    subprocess.run([verdiff, "init"], cwd=repo, check=True, capture_output=True)
    cfg_path = os.path.join(repo, ".verdiff.yml")
    cfg = open(cfg_path).read()
    sets = [f"timeout={args.timeout}"] + args.set
    for kv in sets:
        k, v = kv.split("=", 1)
        cfg, n = re.subn(rf"(?m)^{re.escape(k)}:.*$", f"{k}: {v}", cfg)
        if n == 0:
            cfg += f"\n{k}: {v}\n"
    if args.no_harnesses:
        cfg = re.sub(r"(?m)^  harnesses: true$", "  harnesses: false", cfg)
    open(cfg_path, "w").write(cfg)

    out_json = os.path.join(work, "run.json")
    t0 = time.time()
    p = subprocess.run([verdiff, "run", "--jobs", str(args.jobs), "--format", "json", "--output", out_json],
                       cwd=repo, capture_output=True, text=True, errors="replace")
    wall = time.time() - t0
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if not os.path.exists(out_json):
        print(p.stdout[-2000:], p.stderr[-3000:])
        sys.exit(f"verdiff run produced no report (exit {p.returncode})")
    doc = json.load(open(out_json))
    fns = doc["functions"]
    for f in fns:
        # verdiff.run/1.3 writes safety verdicts in upper case, earlier versions in lower case
        f["safety"] = (f.get("safety") or "").lower() or None
    by = collections.Counter((f.get("safety") or "-") for f in fns)
    print(f"{args.snapshot} at {head}: {len(fns)} functions, wall {wall:.0f} s, peak RSS {peak_mb:.0f} MB, exit {p.returncode}")
    for k in ["successful", "precondition", "failed", "unknown", "-"]:
        if by.get(k):
            print(f"  {k:<13} {by[k]}")
    answered = by.get("successful", 0) + by.get("precondition", 0)
    print(f"  verified or PRECONDITION: {answered} of {len(fns)} ({100.0 * answered / max(1, len(fns)):.0f} %)")
    slow = sorted(fns, key=lambda f: -f.get("seconds", 0))[:8]
    print("slowest: " + ", ".join(f"{f['function']} {f.get('seconds', 0):.1f}s{main_phase(f)}" for f in slow))
    # verdiff.run/1.4: where the run's time went, phase by phase
    phases = doc.get("phases_ms") or {}
    total = sum(phases.values())
    if total > 0:
        print("time by phase (the functions verified in this run): " + ", ".join(
            f"{k} {100.0 * v / total:.0f} %" for k, v in sorted(phases.items(), key=lambda kv: -kv[1]) if v > 0))
        ended = [f for f in fns if not f.get("cached") and f.get("safety") == "unknown" and re.search(r"time limit|timeout", f.get("detail", ""))]
        in_phase = collections.Counter(main_phase(f).strip(" ()") or "process ended" for f in ended)
        print("  functions ended by their time limit, by the phase that took most of it: " +
              ", ".join(f"{k} {n}" for k, n in in_phase.most_common()))
    print("\nFAILED (read each: real bug or false alarm?):")
    for f in fns:
        if f.get("safety") == "failed":
            print(f"  {f['file']}:{f['line']} {f['function']}: {f.get('detail', '')[:300]}")
    print("\nUNKNOWN by cause:")
    causes = collections.Counter(cause(f.get("detail", "")) for f in fns if f.get("safety") == "unknown")
    for c, n in causes.most_common():
        print(f"  {n:4}  {c}")
    if args.json:
        json.dump({"snapshot": args.snapshot, "head": head, "wall_seconds": wall, "peak_rss_mb": peak_mb,
                   "exit": p.returncode, "functions": fns}, open(args.json, "w"), indent=1)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
