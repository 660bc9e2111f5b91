#!/usr/bin/env python3
"""Times verdiff on the heavier programs of the thesis's Table 3.2 style, beside ESBMC when
an `esbmc` binary is given, and prints where verdiff's time goes.

usage: python3 bench/timing.py [--verdiff PATH] [--esbmc PATH] [--repeat N] [--cap S]
                               [--only NAME] [--sizes 10,20,35,50,70] [--stages]

Each sorting program runs at every size N (unwind N+1); the fixed programs run once each.
Every run is one process at a time, capped at --cap seconds (default 90): a run that hits
the cap shows `>cap`. The table gives verdiff's verdict and median time over --repeat runs,
ESBMC's verdict and time (one run: it is the slower and only compared), and the ratio
verdiff / ESBMC (below 1 means verdiff is faster). With --stages, the median time of each
verdiff stage (front end, instrumentation, symbolic execution, SMT encoding, Z3 solving,
counterexample replay) from the `timings_ms` of the JSON output.

Nothing here is asserted: machines are noisy, so figures are quoted from one run of this
script, with its command line (docs/symbolic-memory.md).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
P = os.path.join(HERE, "programs")
T = os.path.join(ROOT, "tests", "programs", "thesis")

# name, file, flags, expected verdict (reasoned in the program's comments), sized (runs at
# every N with -DN=N --unwind N+1)
CASES = [
    ("bubble_sort", os.path.join(P, "bubble_sort.c"), [], "SUCCESSFUL", True),
    ("selection_sort", os.path.join(P, "selection_sort.c"), [], "SUCCESSFUL", True),
    ("selection_sort_ptr", os.path.join(P, "selection_sort_ptr.c"), [], "SUCCESSFUL", True),
    ("bubble_sort sorted N=8", os.path.join(P, "bubble_sort.c"), ["-DN=8", "-DCHECK_SORTED", "--unwind", "9"],
     "SUCCESSFUL", False),
    ("selection_sort sorted N=8", os.path.join(P, "selection_sort.c"), ["-DN=8", "-DCHECK_SORTED", "--unwind", "9"],
     "SUCCESSFUL", False),
    ("sorting_network 8", os.path.join(P, "sorting_network.c"), [], "SUCCESSFUL", False),
    ("char stuffing (Fig 3.1)", os.path.join(T, "fig3_1_stuffing.c"), ["--multi-property"], "FAILED", False),
    ("multiply (Fig 5.8)", os.path.join(T, "fig5_8_multiply.c"), [], "SUCCESSFUL", False),
]
STAGES = ["frontend", "instrument", "symex", "encode", "solve", "replay"]


def run_verdiff(verdiff, path, flags, cap):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    t0 = time.monotonic()
    try:
        subprocess.run([verdiff, "check", path, *flags, "--json", out, "--quiet", "--timeout", str(cap)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=cap + 30)
        wall = time.monotonic() - t0
        with open(out) as fh:
            r = json.load(fh)
        verdict = r["verdict"]
        if verdict == "UNKNOWN" and wall >= cap:
            verdict = f">{cap}s"
        return verdict, wall, r.get("timings_ms", {})
    except (subprocess.TimeoutExpired, OSError, ValueError):
        return f">{cap}s", time.monotonic() - t0, {}
    finally:
        if os.path.exists(out):
            os.unlink(out)


def run_esbmc(esbmc, path, flags, cap):
    # ESBMC takes the same -D and --unwind flags; --multi-property too
    t0 = time.monotonic()
    try:
        p = subprocess.run([esbmc, path, *flags], capture_output=True, text=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return f">{cap}s", float(cap)
    wall = time.monotonic() - t0
    text = p.stdout + p.stderr
    m = re.findall(r"VERIFICATION (SUCCESSFUL|FAILED|UNKNOWN)", text)
    if m:
        return m[-1], wall
    if "Out of memory" in text:
        return "out of memory", wall
    return f"error {p.returncode}", wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--verdiff", default=os.path.join(ROOT, "target", "release", "verdiff"))
    ap.add_argument("--esbmc", default=None, help="an esbmc binary to compare with")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cap", type=int, default=90, help="seconds per run")
    ap.add_argument("--only", default=None)
    ap.add_argument("--sizes", default="10,20,35,50,70")
    ap.add_argument("--stages", action="store_true")
    a = ap.parse_args()
    if not os.path.exists(a.verdiff):
        sys.exit(f"verdiff binary not found at {a.verdiff} (cargo build --release)")
    sizes = [int(s) for s in a.sizes.split(",") if s]
    rows = []
    for name, path, flags, want, sized in CASES:
        if a.only and a.only not in name:
            continue
        variants = [(f"{name} N={n}", [f"-DN={n}", "--unwind", str(n + 1)]) for n in sizes] if sized else [(name, flags)]
        for label, fl in variants:
            runs = [run_verdiff(a.verdiff, path, fl, a.cap) for _ in range(a.repeat)]
            verdicts = sorted({r[0] for r in runs})
            v_time = statistics.median(r[1] for r in runs)
            stages = {k: statistics.median(r[2].get(k, 0.0) for r in runs) / 1000 for k in STAGES}
            e_verdict, e_time = run_esbmc(a.esbmc, path, fl, a.cap) if a.esbmc else ("", None)
            row = (label, "/".join(verdicts), v_time, e_verdict, e_time, stages, want)
            rows.append(row)
            print_row(row, a.stages, a.esbmc is not None)
            sys.stdout.flush()
    if a.esbmc:
        both = [(r[2], r[4]) for r in rows if r[1] == r[6] and r[3] == r[6] and r[4]]
        if both:
            ratios = [v / e for v, e in both]
            print(f"\n{len(both)} programs both answer correctly: median ratio verdiff/ESBMC "
                  f"{statistics.median(ratios):.3f}, worst {max(ratios):.3f}")
    print(f"verdiff: median of {a.repeat} runs; ESBMC: one run; seconds, cap {a.cap} s")


def print_row(row, stages, esbmc):
    label, verdict, v_time, e_verdict, e_time, st, want = row
    mark = "" if verdict == want else f" (expected {want})"
    line = f"{label:32} {verdict:11} {v_time:8.2f}"
    if esbmc:
        ratio = f"{v_time / e_time:8.3f}" if e_time else "       -"
        e_mark = "" if e_verdict == want or not e_verdict else "!"
        line += f"   esbmc {e_verdict + e_mark:12} {e_time:8.2f} ratio {ratio}"
    if stages:
        line += "  " + " ".join(f"{k}={st[k]:.2f}" for k in STAGES)
    print(line + mark)


if __name__ == "__main__":
    main()
