#!/usr/bin/env python3
"""Dining philosophers n = 2..7 through `verdiff check`: time to the first error (the classic
left-then-right version deadlocks, --deadlock-check) and to the proof (forks taken in one
global order), for each `--schedule` mode, with the interleavings explored (the JSON's
`stats.interleavings`: paths that ran to their end under recording and uw, formulas solved
under lazy).

usage: bench/philosophers.py [--verdiff PATH] [--timeout S] [--max N] [--context-bound C]
                             [--schedule recording,lazy,uw] [--no-por]

The programs are generated here (nothing is fetched); each run gets the time limit, and a run
that hits it is reported as such. Quote medians from one run of this script.
"""

import argparse
import json
import os
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PROGRAM = """#include <pthread.h>
#define N {n}
pthread_mutex_t fork_[N];
void *philosopher(void *arg) {{
  int i = (int)(long)arg;
  int a = i, b = (i + 1) % N;
  int first = {first}, second = {second};
  pthread_mutex_lock(&fork_[first]);
  pthread_mutex_lock(&fork_[second]);
  pthread_mutex_unlock(&fork_[second]);
  pthread_mutex_unlock(&fork_[first]);
  return 0;
}}
int main(void) {{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_mutex_init(&fork_[i], 0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, philosopher, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return 0;
}}
"""


def run(verdiff, path, timeout, extra):
    js = path + ".json"
    cmd = [verdiff, path, "--deadlock-check", "--timeout", str(timeout), "--json", js] + extra
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
        out = p.stdout
    except subprocess.TimeoutExpired:
        return "timeout (watchdog)", time.time() - t0, None
    last = out.strip().split("\n")[-1] if out.strip() else "(no verdict)"
    inter = None
    try:
        with open(js) as f:
            inter = json.load(f).get("stats", {}).get("interleavings")
        os.remove(js)
    except (OSError, ValueError):
        pass
    verdict = last.replace("VERIFICATION ", "")
    if verdict == "UNKNOWN" and ("time limit" in out or "timeout" in out):
        verdict = "UNKNOWN (time limit)"
    return verdict, time.time() - t0, inter


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--verdiff", default=os.path.join(HERE, "..", "target", "release", "verdiff"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--max", type=int, default=7)
    ap.add_argument("--context-bound", type=int, default=None)
    ap.add_argument("--schedule", default="recording,lazy,uw")
    ap.add_argument("--no-por", action="store_true")
    args = ap.parse_args()
    extra = [] if args.context_bound is None else ["--context-bound", str(args.context_bound)]
    if args.no_por:
        extra.append("--no-por")
    head = f"{'n':>2}  {'mode':<10} {'left-right (expect FAILED)':<40} {'ordered (expect SUCCESSFUL)':<40}"
    print(head)
    with tempfile.TemporaryDirectory() as d:
        for n in range(2, args.max + 1):
            for mode in args.schedule.split(","):
                row = [f"{n:>2}", f"{mode:<10}"]
                for first, second in [("a", "b"), ("a < b ? a : b", "a < b ? b : a")]:
                    path = os.path.join(d, f"phil{n}.c")
                    with open(path, "w") as f:
                        f.write(PROGRAM.format(n=n, first=first, second=second))
                    verdict, secs, inter = run(args.verdiff, path, args.timeout, extra + ["--schedule", mode])
                    cell = f"{verdict} {secs:.2f} s, {inter if inter is not None else '?'} interleavings"
                    row.append(f"{cell:<40}")
                print(" ".join(row), flush=True)


if __name__ == "__main__":
    main()
