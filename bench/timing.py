#!/usr/bin/env python3
"""Times verdiff on a fixed set of heavier programs (thesis Table 3.2 style) and prints where
the time goes: front end (preprocess + parse + lower), instrumentation, symbolic execution,
SMT encoding, Z3 solving and counterexample replay, from the `timings_ms` of the JSON output.

usage: python3 bench/timing.py [--verdiff PATH] [--repeat N] [--only NAME]

Each program runs N times (default 3); the table shows the median of each column and the share
of the total spent outside Z3 (everything but `solve`). Nothing here is asserted: machines are
noisy, so figures are quoted from one run of this script, with its command line.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
P = os.path.join(HERE, "programs")
T = os.path.join(ROOT, "tests", "programs", "thesis")

# name, file, flags, expected verdict (reasoned in the program's comments)
CASES = [
    ("bubble_sort N=35", os.path.join(P, "bubble_sort.c"), ["-DN=35", "--unwind", "36"], "SUCCESSFUL"),
    ("bubble_sort N=70", os.path.join(P, "bubble_sort.c"), ["-DN=70", "--unwind", "71"], "SUCCESSFUL"),
    ("selection_sort N=35", os.path.join(P, "selection_sort.c"), ["-DN=35", "--unwind", "36"], "SUCCESSFUL"),
    ("selection_sort N=70", os.path.join(P, "selection_sort.c"), ["-DN=70", "--unwind", "71"], "SUCCESSFUL"),
    ("bubble_sort sorted N=8", os.path.join(P, "bubble_sort.c"), ["-DN=8", "-DCHECK_SORTED", "--unwind", "9"], "SUCCESSFUL"),
    ("sorting_network 8", os.path.join(P, "sorting_network.c"), [], "SUCCESSFUL"),
    ("char stuffing (Fig 3.1)", os.path.join(T, "fig3_1_stuffing.c"), ["--multi-property"], "FAILED"),
    ("multiply (Fig 5.8)", os.path.join(T, "fig5_8_multiply.c"), [], "SUCCESSFUL"),
]
STAGES = ["frontend", "instrument", "symex", "encode", "solve", "replay"]


def run(verdiff, path, flags, timeout):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    try:
        subprocess.run([verdiff, "check", path, *flags, "--json", out, "--quiet", "--timeout", str(timeout)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout + 60)
        with open(out) as fh:
            return json.load(fh)
    finally:
        os.unlink(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--verdiff", default=os.path.join(ROOT, "target", "release", "verdiff"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default=None)
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    if not os.path.exists(a.verdiff):
        sys.exit(f"verdiff binary not found at {a.verdiff} (cargo build --release)")
    hdr = f"{'program':26} {'verdict':11} " + " ".join(f"{s:>9}" for s in STAGES) + f" {'total':>9} {'outside Z3':>10}"
    print(hdr)
    print("-" * len(hdr))
    shares = []
    for name, path, flags, want in CASES:
        if a.only and a.only not in name:
            continue
        runs = [run(a.verdiff, path, flags, a.timeout) for _ in range(a.repeat)]
        verdicts = {r["verdict"] for r in runs}
        med = {k: statistics.median(r["timings_ms"][k] for r in runs) for k in STAGES + ["total"]}
        outside = (med["total"] - med["solve"]) / med["total"] if med["total"] > 0 else 0.0
        shares.append(outside)
        v = "/".join(sorted(verdicts))
        mark = "" if verdicts == {want} else f"  (expected {want})"
        print(f"{name:26} {v:11} " + " ".join(f"{med[s] / 1000:9.3f}" for s in STAGES)
              + f" {med['total'] / 1000:9.3f} {outside * 100:9.1f}%{mark}")
    if shares:
        print(f"\nmedians of {a.repeat} runs, seconds; median share outside Z3: {statistics.median(shares) * 100:.1f}%")


if __name__ == "__main__":
    main()
