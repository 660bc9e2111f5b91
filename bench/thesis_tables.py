#!/usr/bin/env python3
"""The thesis's Table 4.3 and 4.4 programs (seed 001, ch. 4.6) through `verdiff check`, per
`--schedule` mode: time to the first error or to the proof, and the interleavings explored
(the JSON's `stats.interleavings`). Table 4.2 (dining philosophers) is bench/philosophers.py.

usage: bench/thesis_tables.py ESBMC_UNIX_DIR [--verdiff PATH] [--timeout S]
                              [--schedule lazy,recording,uw,auto] [--rows SUBSTR]

ESBMC_UNIX_DIR is `regression/esbmc-unix` of an esbmc/esbmc checkout; its folders hold the
VV-lab programs of Table 4.3 (reorder, twostage, wronglock) and some of Table 4.4 (circular
buffer, stateful, sync). Nothing is copied into this repository: each program is read from
there and written to a temporary directory.

Table 4.3's programs take their thread counts (x, y) from the command line. Here they are
fixed in the text instead: `static int iSet = 1;` (and its like) gets x, and `main(int argc,
char *argv[])` becomes `main(void)` with `argc = 1`, so the argv branch is dead. The thesis's
(x, y) rows: reorder (2..5, 1), twostage (2..5, 1), wronglock (1, 3..6); each is a program
with one violated assertion. They run without a context bound (partial-order reduction on).
Table 4.4's rows run with the flags of their test.desc (their context bounds included; ESBMC's
own flags verdiff does not take are dropped) and are expected to give its verdict.

Each run gets the time limit; a run that hits it says so. Quote one run of this script.
"""

import argparse
import json
import os
import re
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# (name, folder, {variable: value}, expected verdict)
TABLE_4_3 = (
    [(f"reorder_{x + 1}_bad ({x},1)", "03_reorder_01", {"iSet": x, "iCheck": 1}) for x in range(2, 6)]
    + [(f"twostage_{x + 1}_bad ({x},1)", "03_twostage_01", {"iTThreads": x, "iRThreads": 1}) for x in range(2, 6)]
    + [(f"wronglock_{y + 1}_bad (1,{y})", "03_wronglock_02", {"iNum1": 1, "iNum2": y}) for y in range(3, 7)]
)

# Table 4.4 programs the ESBMC regression suite holds (folder names)
TABLE_4_4 = ["03_circular_buffer_01", "03_circular_buffer_02", "02_stateful01_01", "02_stateful01_02",
             "02_sync01", "02_sync02"]

# ESBMC flags with no bearing on the verdict that verdiff does not take
DROPPED = {"--incremental-bmc", "--no-slice", "--force-malloc-success"}


def instance(text, values):
    """The program with its thread counts fixed and its command line gone."""
    for var, v in values.items():
        text, n = re.subn(rf"static int {var} = \d+;", f"static int {var} = {v};", text)
        if n != 1:
            raise ValueError(f"no `static int {var} = …;` to set")
    text, n = re.subn(r"int main\(int argc, char \*argv\[\]\)\s*\{",
                      "int main(void) {\n    int argc = 1; char **argv = 0;", text)
    if n != 1:
        raise ValueError("no `int main(int argc, char *argv[])`")
    return text


def desc(folder):
    with open(os.path.join(folder, "test.desc")) as f:
        lines = f.read().split("\n")
    flags = [x for x in lines[2].split() if x not in DROPPED and not x.startswith("-W")]
    want = "SUCCESSFUL" if any("SUCCESSFUL" in x for x in lines[3:]) else "FAILED"
    return lines[1].strip(), flags, want


def run(verdiff, path, timeout, extra):
    js = path + ".json"
    cmd = [verdiff, path, "--timeout", str(timeout), "--json", js] + extra
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
        out = p.stdout
    except subprocess.TimeoutExpired:
        return "timeout (watchdog)", time.time() - t0, None
    secs = time.time() - t0
    last = out.strip().split("\n")[-1] if out.strip() else "(no verdict)"
    inter = None
    try:
        with open(js) as f:
            inter = json.load(f).get("stats", {}).get("interleavings")
    except (OSError, ValueError):
        pass
    verdict = last.replace("VERIFICATION ", "")
    if verdict == "UNKNOWN" and "time limit" in out:
        verdict = "UNKNOWN (time limit)"
    return verdict, secs, inter


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("unix_dir")
    ap.add_argument("--verdiff", default=os.path.join(HERE, "..", "target", "release", "verdiff"))
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--schedule", default="lazy,recording,uw,auto")
    ap.add_argument("--rows", default="")
    a = ap.parse_args()
    modes = [m for m in a.schedule.split(",") if m]
    rows = []
    with tempfile.TemporaryDirectory(prefix="verdiff-thesis-") as tmp:
        for name, folder, values in TABLE_4_3:
            src = os.path.join(a.unix_dir, folder, "main.c")
            with open(src) as f:
                text = instance(f.read(), values)
            rows.append(("4.3", name, text, [], "FAILED"))
        for folder in TABLE_4_4:
            d = os.path.join(a.unix_dir, folder)
            inp, flags, want = desc(d)
            with open(os.path.join(d, inp)) as f:
                rows.append(("4.4", folder, f.read(), flags, want))
        print(f"verdiff {a.verdiff}, time limit {a.timeout} s; cells: verdict, seconds, interleavings")
        print("| table | program | flags | expected | " + " | ".join(modes) + " |")
        print("|---|---|---|---|" + "---|" * len(modes))
        right = {m: 0 for m in modes}
        total = 0
        for table, name, text, flags, want in rows:
            if a.rows and a.rows not in name:
                continue
            total += 1
            path = os.path.join(tmp, re.sub(r"\W+", "_", name) + ".c")
            with open(path, "w") as f:
                f.write(text)
            cells = []
            for m in modes:
                verdict, secs, inter = run(a.verdiff, path, a.timeout, flags + ["--schedule", m])
                right[m] += verdict == want
                mark = "" if verdict == want or verdict.startswith("UNKNOWN") or verdict.startswith("timeout") else " WRONG"
                cells.append(f"{verdict}{mark} {secs:.1f} s, {inter if inter is not None else '?'}")
            print(f"| {table} | {name} | {' '.join(flags) or '-'} | {want} | " + " | ".join(cells) + " |", flush=True)
        print()
        print("expected verdict: " + ", ".join(f"{m} {right[m]}/{total}" for m in modes))


if __name__ == "__main__":
    main()
