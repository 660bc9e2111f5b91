#!/usr/bin/env python3
"""Csmith differential testing: a soundness oracle nobody here wrote.

usage: python3 bench/csmith.py [--count 500] [--first-seed 1] [--jobs 2] [--timeout 30]
                               [--unwind 300] [--profile small|default] [--verdiff PATH]
                               [--keep DIR] [--json OUT] [--seeds 12,40,...]

Csmith (Debian packages csmith and libcsmith-dev) writes random C programs whose behaviour is
defined; each prints a checksum of its globals. For every seed this script

  1. generates a program (profile small: a few functions, shallow blocks, short arrays;
     default: Csmith's own sizes; both without volatiles and packed structs), compiles it
     with gcc and runs it (this script compiles and runs the generated program; verdiff never
     does) to get its checksum V — the oracle;
  2. writes two variants in which main ends with `assert(checksum == V)` (must be SUCCESSFUL
     or UNKNOWN) and `assert(checksum != V)` (must be FAILED or UNKNOWN), and asks `verdiff
     check` about each with the unwinding bound given.

With --equiv, the program is also compared with itself by `verdiff equiv`, one function
(`func_N` returning an integer) changed: by a rewrite that preserves its semantics (every
`return E;` becomes `return (E) ^ 0;`: must never be NOT EQUIVALENT) and by a mutation (one
integer constant of the function plus one) that gcc shows changes the checksum (must never be
EQUIVALENT; mutations that leave the checksum unchanged are skipped).

Counts per variant: the verdicts; wrong = FAILED on `==` (other than an unwinding claim, which
means the bound was too small: counted as "bound") or SUCCESSFUL on `!=`. Zero wrong answers
are allowed: each is a bug, to be fixed with a regression test. Every line names its seed, so
a finding replays with `--seeds N`. Unknown answers are grouped by reason, and the median time
of decided checks is printed.
"""
import argparse
import collections
import concurrent.futures as cf
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VERDIFF = os.path.join(HERE, "..", "target", "release", "verdiff")
RUNTIME = "/usr/include/csmith"
# Both profiles leave out volatile objects (a volatile read is an input to verdiff, not the
# value the compiled program happens to read) and packed structs (GCC attribute layout).
PROFILES = {
    # a few functions, shallow blocks, short arrays: checks take well under a second
    "small": ["--max-funcs", "3", "--max-block-depth", "2", "--max-array-len-per-dim", "4",
              "--max-expr-complexity", "4", "--no-volatiles", "--no-packed-struct"],
    # Csmith's own defaults otherwise: many functions, deep blocks, pointers to pointers
    "default": ["--no-volatiles", "--no-packed-struct"],
}
END = re.compile(r"platform_main_end\(crc32_context \^ 0xFFFFFFFFUL, print_hash_value\);")
ARGV = re.compile(r"if \(argc == 2 && strcmp\(argv\[1\], \"1\"\) == 0\) print_hash_value = 1;")


def oracle(seed, work, profile):
    """Generates the program of a seed; returns (source, checksum) or (None, why)."""
    src = os.path.join(work, f"s{seed}.c")
    exe = os.path.join(work, f"s{seed}")
    g = subprocess.run(["csmith", "--seed", str(seed), *PROFILES[profile], "-o", src], capture_output=True, text=True)
    if g.returncode != 0:
        return None, "csmith failed"
    c = subprocess.run(["gcc", "-w", "-O0", "-I", RUNTIME, src, "-o", exe], capture_output=True, text=True)
    if c.returncode != 0:
        return None, "gcc failed"
    try:
        # (in the work directory: Csmith's runtime writes platform.info where it runs)
        r = subprocess.run([exe], capture_output=True, text=True, timeout=10, cwd=work)
    except subprocess.TimeoutExpired:
        return None, "the program runs over 10 s"
    m = re.search(r"checksum = ([0-9A-F]+)", r.stdout)
    if not m:
        return None, "no checksum printed"
    text = open(src).read()
    if not END.search(text):
        return None, "no platform_main_end call"
    # the program's own printing switch reads argv: off, as when the program ran
    text = ARGV.sub("", text)
    return text, int(m.group(1), 16)


def variant(text, checksum, op):
    check = f"assert((crc32_context ^ 0xFFFFFFFFUL) {op} 0x{checksum:08X}UL);"
    return "#include <assert.h>\n" + END.sub(lambda _: check, text)


def verdict(verdiff, path, unwind, timeout):
    """(verdict, reason, first violated claim kind, seconds)."""
    out_json = path + ".json"
    t0 = time.time()
    try:
        p = subprocess.run(
            [verdiff, "check", path, "-I", RUNTIME, "--unwind", str(unwind), "--timeout", str(timeout),
             "--json", out_json],
            capture_output=True, text=True, errors="replace", timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", "killed past 3x the time limit", "", time.time() - t0
    secs = time.time() - t0
    last = (p.stdout.strip().splitlines() or [""])[-1]
    v = last.replace("VERIFICATION ", "") if last.startswith("VERIFICATION ") else f"exit {p.returncode}"
    reason, kind = "", ""
    try:
        doc = json.load(open(out_json))
        if v == "UNKNOWN":
            reason = str(doc.get("reason") or "")
        for c in doc.get("claims", []):
            if c.get("status") == "violated":
                kind = c.get("kind", "")
                break
    except (OSError, ValueError):
        if v not in ("SUCCESSFUL", "FAILED", "UNKNOWN"):
            reason = (p.stderr.strip().splitlines() or [""])[-1][:200]
    return v, reason, kind, secs


FUNC = re.compile(r"^static ([^\n(]*?)\s*\b(func_\d+)\(([^)]*)\)\n\{.*?^\}", re.S | re.M)
INT_TYPE = re.compile(r"^(u?int(8|16|32|64)_t|int|unsigned|long|short|char)$")
LITERAL = re.compile(r"(?<![\w.])(0x[0-9A-F]+|[0-9]+)(L|UL|LL|ULL)?(?![\w.])")


def changed_function(text, seed):
    """(name, preserved text, [mutants]) for one func_N of the program returning an integer."""
    funcs = [m for m in FUNC.finditer(text) if INT_TYPE.match(m.group(1).strip())]
    if not funcs:
        return None
    m = funcs[seed % len(funcs)]
    body = m.group(0)
    preserved_body = re.sub(r"\breturn ([^;]+);", r"return (\1) ^ 0;", body)
    if preserved_body == body:
        return None
    preserved = text[:m.start()] + preserved_body + text[m.end():]
    mutants = []
    header = body.index("{")
    for lit in LITERAL.finditer(body, header):
        digits, suffix = lit.group(1), lit.group(2) or ""
        value = int(digits, 16) if digits.startswith("0x") else int(digits)
        new = (f"0x{value + 1:X}" if digits.startswith("0x") else str(value + 1)) + suffix
        mutants.append(text[:m.start()] + body[:lit.start()] + new + body[lit.end():] + text[m.end():])
    # up to 12 (many constants are dead or do not reach the checksum), in a seed-determined order
    k = seed % 7
    mutants = mutants[k:] + mutants[:k]
    return m.group(2), preserved, mutants[:12]


def checksum_of(text, path):
    open(path + ".c", "w").write(text)
    c = subprocess.run(["gcc", "-w", "-O0", "-I", RUNTIME, path + ".c", "-o", path], capture_output=True)
    if c.returncode != 0:
        return None
    try:
        r = subprocess.run([path], capture_output=True, text=True, timeout=10, cwd=os.path.dirname(path))
    except subprocess.TimeoutExpired:
        return None
    m = re.search(r"checksum = ([0-9A-F]+)", r.stdout)
    return int(m.group(1), 16) if m else None


def equiv(verdiff, old, new, func, timeout):
    t0 = time.time()
    try:
        p = subprocess.run([verdiff, "equiv", old, new, "--function", func, "-I", RUNTIME, "--timeout", str(timeout)],
                           capture_output=True, text=True, errors="replace", timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", time.time() - t0
    lines = p.stdout.strip().splitlines()
    last = lines[-1] if lines else f"exit {p.returncode}"
    return last.replace("VERIFICATION ", ""), time.time() - t0


def equiv_checks(seed, text, checksum, args, work):
    """The preserving rewrite and the first checksum-changing mutation of one function."""
    picked = changed_function(text, seed)
    if picked is None:
        return {"skipped": "no function returning an integer with a return statement"}
    func, preserved, mutants = picked
    old = os.path.join(work, f"s{seed}_old.c")
    open(old, "w").write(text)
    out = {"function": func}
    new = os.path.join(work, f"s{seed}_same.c")
    open(new, "w").write(preserved)
    v, secs = equiv(args.verdiff, old, new, func, args.timeout)
    out["preserved"] = {"verdict": v, "seconds": round(secs, 2), "wrong": v == "NOT EQUIVALENT"}
    for i, mutant in enumerate(mutants):
        path = os.path.join(work, f"s{seed}_mut{i}")
        c = checksum_of(mutant, path)
        if c is None or c == checksum:
            continue
        v, secs = equiv(args.verdiff, old, path + ".c", func, args.timeout)
        out["mutated"] = {"verdict": v, "seconds": round(secs, 2), "wrong": v == "EQUIVALENT", "mutant": i}
        break
    return out


def reason_class(reason):
    r = reason.lower()
    for key, label in [("time limit", "time limit"), ("memory", "memory limit"), ("unwind", "loop bound"),
                       ("loop", "loop bound"), ("unsupported", "unsupported"), ("approx", "approximated")]:
        if key in r:
            return label
    return reason[:80] or "(no reason)"


def one(seed, args, work):
    text, checksum = oracle(seed, work, args.profile)
    if text is None:
        return {"seed": seed, "skipped": checksum}
    res = {"seed": seed, "checksum": f"{checksum:08X}"}
    for name, op in (("eq", "=="), ("ne", "!=")):
        path = os.path.join(work, f"s{seed}_{name}.c")
        open(path, "w").write(variant(text, checksum, op))
        v, reason, kind, secs = verdict(args.verdiff, path, args.unwind, args.timeout)
        wrong = (name == "eq" and v == "FAILED" and kind != "unwinding") or (name == "ne" and v == "SUCCESSFUL")
        bound = name == "eq" and v == "FAILED" and kind == "unwinding"
        res[name] = {"verdict": v, "reason": reason, "kind": kind, "seconds": round(secs, 2),
                     "wrong": wrong, "bound": bound}
    if args.equiv:
        res["equiv"] = equiv_checks(seed, text, checksum, args, work)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--seeds", default="", help="comma-separated seeds (replaces --count/--first-seed)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--unwind", type=int, default=300)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="small")
    ap.add_argument("--equiv", action="store_true", help="also compare each program with a changed function")
    ap.add_argument("--verdiff", default=DEFAULT_VERDIFF)
    ap.add_argument("--keep", default="", help="keep the generated programs in this directory")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    args.verdiff = os.path.abspath(args.verdiff)
    if not shutil.which("csmith") or not os.path.isdir(RUNTIME):
        sys.exit("csmith not found: apt-get install csmith libcsmith-dev")
    if not os.path.exists(args.verdiff):
        sys.exit(f"verdiff binary not found at {args.verdiff} (cargo build --release)")
    seeds = [int(s) for s in args.seeds.split(",") if s] or list(range(args.first_seed, args.first_seed + args.count))
    work = args.keep or tempfile.mkdtemp(prefix="verdiff-csmith-")
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    results = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for r in ex.map(lambda s: one(s, args, work), seeds):
            results.append(r)
            if "skipped" in r:
                print(f"seed {r['seed']}: skipped ({r['skipped']})", flush=True)
            else:
                e, n = r["eq"], r["ne"]
                q = r.get("equiv", {})
                flag = "  WRONG" if e["wrong"] or n["wrong"] or any(
                    q.get(k, {}).get("wrong") for k in ("preserved", "mutated")) else ""
                extra = ""
                if "function" in q:
                    extra = f"  equiv {q['function']}: same {q['preserved']['verdict']}"
                    if "mutated" in q:
                        extra += f", mutated {q['mutated']['verdict']}"
                print(f"seed {r['seed']}: == {e['verdict']} ({e['seconds']}s)  != {n['verdict']} ({n['seconds']}s)"
                      f"{extra}{flag}", flush=True)
    wall = time.time() - t0
    ran = [r for r in results if "skipped" not in r]
    print(f"\nCsmith {len(seeds)} seeds, {len(ran)} programs with a checksum, wall {wall:.0f} s, "
          f"profile {args.profile}, verdiff {args.verdiff}, --unwind {args.unwind} --timeout {args.timeout}")
    skipped = collections.Counter(r["skipped"] for r in results if "skipped" in r)
    if skipped:
        print("  skipped: " + ", ".join(f"{n} {why}" for why, n in skipped.most_common()))
    for name, label in (("eq", "assert(checksum == V)"), ("ne", "assert(checksum != V)")):
        c = collections.Counter(r[name]["verdict"] for r in ran)
        bound = sum(r[name]["bound"] for r in ran)
        print(f"  {label}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
              + (f" (FAILED on an unwinding claim, bound too small: {bound})" if bound else ""))
    if args.equiv:
        for key, label in (("preserved", "equiv, semantics-preserving rewrite"),
                           ("mutated", "equiv, checksum-changing mutation")):
            vs = [r["equiv"][key] for r in ran if key in r.get("equiv", {})]
            c = collections.Counter(v["verdict"] for v in vs)
            print(f"  {label}: {len(vs)} programs: " + ", ".join(f"{k} {n}" for k, n in sorted(c.items())))
    wrong = [(r["seed"], name) for r in ran for name in ("eq", "ne") if r[name]["wrong"]]
    wrong += [(r["seed"], f"equiv {k}") for r in ran for k in ("preserved", "mutated")
              if r.get("equiv", {}).get(k, {}).get("wrong")]
    print(f"  wrong: {len(wrong)}" + ("  seeds: " + ", ".join(f"{s} ({n})" for s, n in wrong) if wrong else ""))
    unknown = collections.Counter(reason_class(r[n]["reason"]) for r in ran for n in ("eq", "ne")
                                  if r[n]["verdict"] not in ("SUCCESSFUL", "FAILED"))
    total = 2 * len(ran)
    if total:
        print(f"  unknown or timeout: {sum(unknown.values())} of {total} checks "
              f"({100.0 * sum(unknown.values()) / total:.0f} %)")
        for why, n in unknown.most_common():
            print(f"    {n:4}  {why}")
    decided = [r[n]["seconds"] for r in ran for n in ("eq", "ne") if r[n]["verdict"] in ("SUCCESSFUL", "FAILED")]
    if decided:
        print(f"  median time of decided checks: {statistics.median(decided):.2f} s")
    if args.json:
        json.dump({"seeds": seeds, "wall_seconds": wall, "results": results}, open(args.json, "w"), indent=1)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
