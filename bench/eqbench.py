#!/usr/bin/env python3
"""Runs `verdiff equiv` on the EqBench C pairs (github.com/shrBadihi/EqBench).

usage: python3 bench/eqbench.py <EqBench checkout> [--jobs 2] [--timeout 60] [--unwind 10]
                                [--json out.json] [--only SUBSTRING]... [--integer-only] [--fwrapv]

Label = directory name (Eq / Neq). Files oldV.c/newV.c (or old.c/new.c).
Entry function:
  * the file defines `main` (the CLEVER pairs): main. EqBench's label is about the program;
    C-Desc.json names the callee `foo`, which is not equivalent on its own in several Eq
    pairs (e.g. LoopMult10: foo(-1, 5) differs), because main restricts its arguments.
  * else C-Desc.json's "function name";
  * else (whole-program pairs without C-Desc.json): every function defined in both versions
    that no other function calls; the pair is equivalent when all of them are.
Counts: correct = EQUIVALENT on Eq or NOT EQUIVALENT on Neq; wrong = EQUIVALENT (complete) on
Neq or NOT EQUIVALENT on Eq; bounded = EQUIVALENT UP TO BOUND (reported apart); unknown.
Integer-only = neither version mentions float or double.
"""
import argparse, json, os, re, subprocess, sys, tempfile, time, statistics
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERDIFF = os.environ.get("VERDIFF", os.path.join(ROOT, "target", "release", "verdiff"))

def integer_only(old, new):
    src = open(old, errors="replace").read() + open(new, errors="replace").read()
    return not re.search(r"\b(float|double)\b", src)


def pairs(checkout):
    base = os.path.join(checkout, "benchmarks")
    for bench in sorted(os.listdir(base)):
        for prog in sorted(os.listdir(os.path.join(base, bench))):
            for label in ("Eq", "Neq"):
                d = os.path.join(base, bench, prog, label)
                if not os.path.isdir(d):
                    continue
                files = os.listdir(d)
                old = "oldV.c" if "oldV.c" in files else "old.c"
                new = "newV.c" if "newV.c" in files else "new.c"
                if old not in files or new not in files:
                    continue
                yield bench, prog, label, d, os.path.join(d, old), os.path.join(d, new)

DEF = re.compile(r"^[A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*\{", re.M)

def defined(src):
    return [m.group(1) for m in DEF.finditer(src) if m.group(1) not in ("if", "while", "for", "switch", "return")]

def entries(d, old, new):
    so, sn = open(old, errors="replace").read(), open(new, errors="replace").read()
    if re.search(r"\bmain\s*\(", so) and re.search(r"\bmain\s*\(", sn):
        return ["main"], "main"
    desc = os.path.join(d, "C-Desc.json")
    if os.path.exists(desc):
        try:
            meta = json.load(open(desc))
            # "program name" is PROGRAM.ENTRY (e.g. "ltfive.client"): the label is about the
            # entry; "function name" is the changed callee
            prog = meta.get("program name", "")
            entry = prog.split(".", 1)[1] if "." in prog else ""
            if entry and re.search(r"\b" + re.escape(entry) + r"\s*\(", so) and re.search(r"\b" + re.escape(entry) + r"\s*\(", sn):
                return [entry], "program name"
            fn = meta.get("function name")
            if fn:
                return [fn], "C-Desc"
        except Exception:
            pass
    do, dn = defined(so), defined(sn)
    both = [f for f in do if f in dn]
    roots = []
    for f in both:
        # called anywhere other than in its own declarations and definition (a type before
        # the name at the start of a line)?
        uses = len(re.findall(r"\b" + re.escape(f) + r"\s*\(", so))
        decls = len(re.findall(r"^[ \t]*[A-Za-z_][\w \t\*]*[\s\*]" + re.escape(f) + r"\s*\(", so, re.M))
        if uses - decls <= 0:
            roots.append(f)
    return roots or both, "roots"

def disputed_list():
    """pair -> (verdict, reason) from bench/eqbench_disputed.txt (tab-separated)."""
    out = {}
    path = os.path.join(ROOT, "bench", "eqbench_disputed.txt")
    if os.path.exists(path):
        for line in open(path):
            if line.strip() and not line.startswith("#"):
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 3:
                    out[parts[0]] = (parts[1], parts[2])
    return out

DISPUTED = disputed_list()

def run_one(args, item):
    bench, prog, label, d, old, new = item
    fns, how = entries(d, old, new)
    verdicts, reasons, kinds = [], [], []
    t0 = time.time()
    for fn in fns:
        # one time budget per pair, shared by its entry functions
        left = int(args.timeout - (time.time() - t0))
        if left < 1:
            verdicts.append("UNKNOWN")
            reasons.append(f"{fn}: the pair's {args.timeout}s budget is used up")
            break
        bound = ["--unwind", str(args.unwind)] if args.unwind else []
        jpath = os.path.join(tempfile.gettempdir(), f"eqbench-{os.getpid()}-{abs(hash((d, fn)))}.json")
        cmd = [VERDIFF, "equiv", old, new, "--function", fn, "--timeout", str(left),
               "--quiet", "--json", jpath] + bound + (["--fwrapv"] if args.fwrapv else [])
        line = "UNKNOWN"
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout + 60)
            line = (p.stdout.strip().splitlines() or ["UNKNOWN"])[-1]
            if p.returncode not in (0, 6, 10):
                line = "UNKNOWN"
                reasons.append(f"{fn}: exit {p.returncode} {p.stderr.strip()[:200]}")
            elif line == "EQUIVALENT":
                try:
                    kinds.append(json.load(open(jpath)).get("verdict"))
                except Exception:
                    pass
            elif line == "UNKNOWN":
                try:
                    reasons.append(f"{fn}: {json.load(open(jpath)).get('reason')}")
                except Exception:
                    reasons.append(f"{fn}: {p.stdout.strip()[-300:]}")
        except subprocess.TimeoutExpired:
            reasons.append(f"{fn}: killed after {args.timeout + 60}s")
        finally:
            if os.path.exists(jpath):
                os.remove(jpath)
        verdicts.append(line)
        if line == "NOT EQUIVALENT":
            break
    if "NOT EQUIVALENT" in verdicts:
        v = "NOT EQUIVALENT"
    elif verdicts and all(x == "EQUIVALENT" for x in verdicts):
        v = "EQUIVALENT"
    elif verdicts and all(x.startswith("EQUIVALENT") for x in verdicts):
        v = "BOUNDED"
    else:
        v = "UNKNOWN"
    if (label == "Eq" and v == "EQUIVALENT") or (label == "Neq" and v == "NOT EQUIVALENT"):
        outcome = "correct"
    elif (label == "Neq" and v == "EQUIVALENT") or (label == "Eq" and v == "NOT EQUIVALENT"):
        outcome = "wrong"
    elif v == "BOUNDED":
        outcome = "bounded"
    else:
        outcome = "unknown"
    pair = f"{bench}/{prog}/{label}"
    # (EQUIVALENT proved for terminating runs only: partial equivalence)
    partial = v == "EQUIVALENT" and "equivalent-if-terminating" in kinds
    kind = "EQUIVALENT-IF-TERMINATING" if partial else v
    if outcome == "wrong" and pair in DISPUTED and DISPUTED[pair][0] == kind:
        # the label is wrong for C, argued in bench/eqbench_disputed.txt; only when verdiff's
        # answer is the argued one
        outcome = "disputed"
        reasons.append("disputed: " + DISPUTED[pair][1])
    integer = integer_only(old, new)
    r = {"pair": f"{bench}/{prog}/{label}", "label": label, "entry": fns, "how": how, "verdict": v, "kind": kind,
            "outcome": outcome, "integer_only": integer, "seconds": round(time.time() - t0, 2),
            "reasons": reasons}
    print(f"{r['outcome']:8} {r['verdict']:15} {r['seconds']:7.2f}s {r['pair']} {'; '.join(r['reasons'])[:300]}", flush=True)
    return r

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("checkout")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--unwind", type=int, default=0, help="fixed bound (default: verdiff's, raised while a loop is cut)")
    ap.add_argument("--json")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--integer-only", action="store_true", help="only the pairs without float or double")
    ap.add_argument("--fwrapv", action="store_true", help="signed overflow wraps (the Java semantics EqBench was written in)")
    args = ap.parse_args()
    if not os.path.exists(VERDIFF):
        sys.exit("build first: cargo build --release")
    items = [i for i in pairs(args.checkout) if not args.only or any(o in i[3] for o in args.only)]
    if args.integer_only:
        items = [i for i in items if integer_only(i[4], i[5])]
    t0 = time.time()
    with ThreadPoolExecutor(args.jobs) as ex:
        results = list(ex.map(lambda i: run_one(args, i), items))
    wall = time.time() - t0
    def summary(rs, title):
        n = len(rs)
        c = {k: sum(1 for r in rs if r["outcome"] == k) for k in ("correct", "wrong", "disputed", "bounded", "unknown")}
        pct = 100.0 * c["correct"] / n if n else 0
        print(f"{title}: {n} pairs: correct {c['correct']} ({pct:.1f} %), wrong {c['wrong']}, "
              f"disputed {c['disputed']}, bounded {c['bounded']}, unknown {c['unknown']}")
    
    summary(results, "all")
    summary([r for r in results if r["integer_only"]], "integer-only")
    times = [r["seconds"] for r in results]
    if times:
        print(f"median time per pair {statistics.median(times):.2f}s, max {max(times):.2f}s, wall {wall:.1f}s with {args.jobs} jobs")
    if args.json:
        json.dump({"results": results, "wall_seconds": wall}, open(args.json, "w"), indent=1)

if __name__ == "__main__":
    main()
