#!/usr/bin/env python3
"""Mutation check of `verdiff harness` against a project's own unit tests.

usage: python3 bench/mutation.py <project checkout> <Unity checkout> [--rev REV] [--limit N] [--seed S]
                                 [--timeout SECONDS] [--jobs N] [--json OUT] [--equiv] [--skip-harness]

Built for magiczny-kacper/RingBuffer (Unity fixture tests in Unit_test/, code in Src/; the
commit whose tests match its API is bb3171d, the default --rev) with ThrowTheSwitch/Unity for
compiling the tests. Mutants of Src/*.c: one operator or constant change each (+/-, </<=,
>/>=, ==/!=, &&/||, a decimal constant n -> n+1). For each mutant:
  (a) the original tests are compiled with gcc and run (here, in the benchmark only — verdiff
      itself never compiles or runs code); killed = the test binary fails (a mutant that does
      not compile is not counted);
  (b) `verdiff harness --check --json` (hull mode) runs; two readings of "killed":
      harness level: a harness that verifies on the original code fails on the mutant;
      claim level (what `verdiff diff` needs: the base version is the original): a claim of a
      harness (a test assertion kept in the harness, or a safety check) that holds on the
      original is violated on the mutant, with a counterexample verdiff replayed.
      Harnesses with no claim that holds on the original are not run on the mutants.
  (c) with --equiv: `verdiff equiv` of the original and the mutated function (what `verdiff
      diff` runs on a changed function); killed = NOT EQUIVALENT (a replayed distinguishing
      input). --skip-harness leaves (b) out.
Reports both kill rates, the number of harnesses, the share of tests generalised, and times.
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERDIFF = os.environ.get("VERDIFF", os.path.join(ROOT, "target", "release", "verdiff"))
OPS = [(" + ", " - "), (" - ", " + "), (" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > "),
       (" == ", " != "), (" != ", " == "), (" && ", " || "), (" || ", " && ")]


def code_spans(text):
    """Byte ranges of code lines (not comments, strings or preprocessor lines)."""
    out, pos = [], 0
    in_block = False
    for line in text.splitlines(keepends=True):
        s = line.strip()
        if in_block:
            if "*/" in line:
                in_block = False
        elif s.startswith("/*") and "*/" not in s:
            in_block = True
        elif not (s.startswith("#") or s.startswith("//") or s.startswith("*") or s.startswith("/*")):
            out.append((pos, pos + len(line)))
        pos += len(line)
    return out


def mutants(text):
    found = []
    for a, b in code_spans(text):
        seg = text[a:b]
        if '"' in seg:
            continue
        for old, new in OPS:
            for m in re.finditer(re.escape(old), seg):
                found.append((a + m.start(), a + m.end(), new, f"{old.strip()} -> {new.strip()}"))
        for m in re.finditer(r"(?<![\w.])(\d+)(?![\w.])", seg):
            n = int(m.group(1))
            found.append((a + m.start(), a + m.end(), str(n + 1), f"{n} -> {n + 1}"))
    return found


def run(cmd, cwd, timeout=600):
    t = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr, time.time() - t
    except subprocess.TimeoutExpired:
        return -1, "timeout", time.time() - t


def build_tests(proj, unity, out):
    inc = os.path.join(out, "inc")
    fix = os.path.join(inc, "unity", "fixture")
    os.makedirs(fix, exist_ok=True)
    for d in ["src", "extras/fixture/src", "extras/memory/src"]:
        for f in os.listdir(os.path.join(unity, d)):
            if f.endswith(".h"):
                shutil.copy(os.path.join(unity, d, f), fix)
    srcs = [os.path.join(proj, "Src", f) for f in os.listdir(os.path.join(proj, "Src")) if f.endswith(".c")]
    tests = [os.path.join(proj, "Unit_test", "ring_buffer", f) for f in os.listdir(os.path.join(proj, "Unit_test", "ring_buffer")) if f.endswith(".c")]
    libs = [os.path.join(unity, "src", "unity.c"), os.path.join(unity, "extras", "fixture", "src", "unity_fixture.c"),
            os.path.join(unity, "extras", "memory", "src", "unity_memory.c")]
    exe = os.path.join(out, "tests")
    code, log, _ = run(["gcc", "-O0", "-w", "-I", inc, "-I", fix, "-I", os.path.join(proj, "Src"), "-I", proj,
                        "-DUNITY_FIXTURE_NO_EXTRAS", "-o", exe, *srcs, *tests, *libs], proj)
    return exe if code == 0 else None, log


def declarator_name(head):
    """The function name of a definition's head: the word before the parameter list, which is
    the last parenthesised group (`CJSON_PUBLIC(cJSON_bool) cJSON_Parse(const char *value)`
    names cJSON_Parse, not the macro around its return type)."""
    end = head.rfind(")")
    if end < 0:
        return None
    depth = 0
    for i in range(end, -1, -1):
        if head[i] == ")":
            depth += 1
        elif head[i] == "(":
            depth -= 1
            if depth == 0:
                m = re.search(r"(\w+)\s*$", head[:i])
                return m.group(1) if m else None
    return None


def function_at(text, offset):
    """The name of the function whose body (a top-level brace block) holds `offset`."""
    # comments, string and character literals blanked (same length: offsets stay), so that
    # braces in them do not count: parse_value's `[0] == '{'` put every later function of
    # cJSON.c one level deeper, and a mutant in parse_array was read off parse_value's row
    text = re.sub(
        r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'",
        lambda m: re.sub(r"[^\n]", " ", m.group(0)),
        text,
        flags=re.S,
    )
    depth, start, last_end = 0, None, 0
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                if start is not None and start <= offset <= i:
                    head = re.sub(r"/\*.*?\*/|//[^\n]*|#[^\n]*", "", text[last_end:start], flags=re.S)
                    return declarator_name(head)
                last_end = i + 1
        elif ch == ";" and depth == 0:
            last_end = i + 1
    return None


def tests_failed(code, out):
    """Whether the test binary reports a failure: RingBuffer's main ignores UnityMain's result
    and exits 0, so Unity's summary line (`N Tests F Failures I Ignored`) decides; a crash or a
    time-out (exit status not 0) fails too."""
    if code != 0:
        return True
    m = re.search(r"(\d+) Tests (\d+) Failures", out)
    return m is None or int(m.group(2)) > 0


def harness_names(proj):
    """The harnesses `verdiff harness` lists, and its summary line."""
    code, out, _ = run([VERDIFF, "harness", "--repo", proj], proj, timeout=600)
    names = [m.group(1) for m in re.finditer(r"^(\S+\.c) — ", out, re.M)]
    return names, (out.splitlines() or [""])[0]


def harness_one(proj, a, name):
    """One harness checked in its own process, killed after twice its time limit (Z3 does not
    always stop at the limit; a killed check counts as UNKNOWN): (name, document or None, seconds)."""
    out_json = os.path.join(os.path.dirname(proj), f"harness-{name}.json")
    if os.path.exists(out_json):
        os.remove(out_json)
    cmd = [VERDIFF, "harness", "--check", "--repo", proj, "--timeout", str(a.timeout), "--jobs", "1",
           "--harness", name, "--json", out_json]
    code, out, t = run(cmd, proj, timeout=2 * a.timeout + 10)
    try:
        return name, json.load(open(out_json)), t
    except (OSError, ValueError):
        return name, None, t


def harness(proj, a, names):
    """Every harness of `names`, `--jobs` processes at a time: (verdict by harness, claim
    statuses by (harness, claim), per-harness documents, wall seconds)."""
    from concurrent.futures import ThreadPoolExecutor
    t0 = time.time()
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        done = list(ex.map(lambda n: harness_one(proj, a, n), names))
    verdicts, claims, docs = {}, {}, {}
    for name, doc, _ in done:
        docs[name] = doc
        if doc is None or not doc["harnesses"]:
            verdicts[name] = "UNKNOWN"
            continue
        h = doc["harnesses"][0]
        verdicts[name] = h["verdict"].upper()
        for c in h["claims"]:
            claims[(name, c["kind"], c["file"], c["line"], c["description"])] = c["status"]
    return verdicts, claims, docs, time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("project")
    ap.add_argument("unity")
    ap.add_argument("--rev", default="bb3171d")
    ap.add_argument("--limit", type=int, default=0, help="a random sample of this many mutants (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=30, help="verdiff's time limit per harness")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", help="write every mutant's outcome here")
    ap.add_argument("--equiv", action="store_true", help="also verdiff equiv of the original and the mutant")
    ap.add_argument("--skip-harness", action="store_true", help="no verdiff harness --check")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="verdiff-mutation-")
    proj = os.path.join(work, "proj")
    subprocess.run(["git", "clone", "-q", a.project, proj], check=True)
    subprocess.run(["git", "-C", proj, "checkout", "-q", a.rev], check=True)
    with open(os.path.join(proj, ".verdiff.yml"), "w") as f:
        f.write('include_dirs: [Src, "."]\nsources: ["Src/**/*.c"]\ntests:\n  patterns: ["Unit_test/**/*.c"]\ncache:\n  enabled: false\n')
    exe, log = build_tests(proj, a.unity, work)
    if not exe:
        sys.exit("the original tests do not compile:\n" + log[-2000:])
    code, out, _ = run([exe], proj, timeout=60)
    summary = re.search(r"\d+ Tests \d+ Failures \d+ Ignored", out)
    print(f"original tests: exit {code}, {summary.group(0) if summary else 'no Unity summary'}")
    if tests_failed(code, out):
        sys.exit("the original tests fail:\n" + out[-2000:])
    names, summary = harness_names(proj)
    if not names:
        sys.exit("verdiff harness lists no harness:\n" + summary)
    base, base_claims, docs, t_base = harness(proj, a, [] if a.skip_harness else names)
    ok = {h for h, v in base.items() if v == "SUCCESSFUL"}
    failed = sum(v == "FAILED" for v in base.values())
    held = {k for k, s in base_claims.items() if s == "holds" and k[1] != "unwinding"}
    useful = sorted({k[0] for k in held})
    print(f"{summary}\non the original code {len(ok)} harnesses verify, {failed} fail, "
          f"{len(base) - len(ok) - failed} unknown ({t_base:.1f}s); {len(held)} claims hold in {len(useful)} harnesses",
          flush=True)
    src = os.path.join(proj, "Src", "ring.c")
    original = open(src).read()
    ms = mutants(original)
    if a.limit and a.limit < len(ms):
        random.Random(a.seed).shuffle(ms)
        ms = ms[: a.limit]
    def preprocessed(text):
        tmp = os.path.join(work, "pp.c")
        open(tmp, "w").write(text)
        p = subprocess.run(["gcc", "-E", "-P", "-I", os.path.join(proj, "Src"), tmp], capture_output=True, text=True)
        return p.stdout

    # a mutation inside a preprocessor branch that is not compiled (RingBuffer's array mode)
    # leaves the program as it is: not a mutant
    pp_original = preprocessed(original)
    ms = [m for m in ms if preprocessed(original[:m[0]] + m[2] + original[m[1]:]) != pp_original]
    print(f"{len(ms)} mutants in the compiled code of Src/ring.c")
    orig_copy = os.path.join(work, "ring_original.c")
    open(orig_copy, "w").write(original)
    tk = hk = ck = ek = total = stillborn = both = 0
    t_tests = t_verdiff = t_equiv = 0.0
    outcomes = []
    for (s, e, new, what) in ms:
        text = original[:s] + new + original[e:]
        open(src, "w").write(text)
        exe, _ = build_tests(proj, a.unity, work)
        if not exe:
            stillborn += 1
            continue
        total += 1
        c, out_t, t1 = run([exe], proj, timeout=60)
        t_tests += t1
        killed_t = tests_failed(c, out_t)
        v, cl, _, t2 = harness(proj, a, [] if a.skip_harness else useful)
        t_verdiff += t2
        killed_e, verdict_e, t3 = False, "", 0.0
        if a.equiv:
            fn = function_at(original, s)
            if fn:
                c3, out3, t3 = run([VERDIFF, "equiv", orig_copy, src, "--function", fn, "-I", os.path.join(proj, "Src"),
                                    "--timeout", str(a.timeout)], proj, timeout=4 * a.timeout + 30)
                killed_e = c3 == 10
                verdict_e = (out3.strip().splitlines() or [""])[-1]
            t_equiv += t3
            ek += killed_e
        killed_h = any(v.get(h) == "FAILED" for h in ok)
        by = sorted(f"{k[0]}: {k[4]}" for k in held if cl.get(k) == "violated")
        killed_c = bool(by)
        tk += killed_t
        hk += killed_h
        ck += killed_c
        both += killed_t and killed_c
        line = original[:s].count("\n") + 1
        outcomes.append({"line": line, "mutation": what, "tests": killed_t, "harness": killed_h, "claims": by,
                         "seconds": round(t2, 1), "equiv": verdict_e})
        k = lambda x: "KILLED" if x else "alive "
        extra = f"  equiv {k(killed_e)} [{verdict_e}] ({t3:.1f}s)" if a.equiv else ""
        print(f"ring.c:{line} {what:12} tests {k(killed_t)}  harness {k(killed_h)}  claims {k(killed_c)} ({t2:.1f}s){extra}",
              flush=True)
    open(src, "w").write(original)
    pct = lambda n: f"{n} ({100 * n / max(1, total):.1f} %)"
    print(f"\n{total} mutants ({stillborn} did not compile, not counted)")
    print(f"killed by the original tests: {pct(tk)}; by verdiff's hull harnesses: harness level {pct(hk)}, "
          f"claim level {pct(ck)}; by tests and claims both: {both}; by claims only: {ck - both}; by tests only: {tk - both}")
    if a.equiv:
        print(f"killed by verdiff equiv (original vs mutated function): {pct(ek)}")
    print(f"time: tests {t_tests:.1f}s, verdiff harness --check {t_verdiff:.1f}s (mean per mutant {t_verdiff / max(1, total):.1f}s)"
          + (f", verdiff equiv {t_equiv:.1f}s" if a.equiv else ""))
    if a.json:
        json.dump({"mutants": total, "stillborn": stillborn, "tests_killed": tk, "harness_killed": hk,
                   "claims_killed": ck, "equiv_killed": ek, "both": both, "outcomes": outcomes}, open(a.json, "w"), indent=1)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
