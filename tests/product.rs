//! The product layer on real git repositories and real SQLite files: `verdiff run` with the
//! result cache (hits, misses, two processes at once, damaged files), `.verdiff.yml` errors,
//! `verdiff init`, `verdiff hook install`, report formats of `verdiff diff`, `--budget`,
//! `--shard` with `verdiff merge`, and `verdiff cache verify`. Expected verdicts come from
//! reading the C code below.

use std::collections::BTreeMap;

#[path = "common/repo.rs"]
mod repo;
use repo::Repo;

#[path = "common/schema.rs"]
mod schema;

/// Four functions in two files:
/// * `scale` calls the static helper `twice`; both safe as checked here: `scale` limits `x`,
///   and `twice` alone (any `x`) could overflow `x + x`, which is not checked by default (the
///   test that turns overflow checks on leaves `twice` out). `twice` is static and only
///   called: it is verified through `scale` (run/callers.rs) and has no cache entry.
/// * `pick` reads `table[i]` for any `i`: an out-of-bounds read (FAILED).
/// * `avg` divides by `n` only when `n != 0`: safe.
/// * `total` reads the global `weights` inside its bounds: safe.
const A: &str = r#"static int twice(int x) { return x + x; }
int scale(int x) {
    if (x > 1000 || x < -1000) return 0;
    return twice(twice(x));
}
int pick(int i) {
    int table[4] = {1, 2, 3, 4};
    return table[i];
}
"#;

const B: &str = r#"int weights[3] = {1, 2, 3};
int avg(int sum, int n) {
    if (n == 0) return 0;
    return sum / n;
}
int total(void) {
    int s = 0;
    for (int i = 0; i < 3; i++) s += weights[i];
    return s;
}
"#;

fn project(name: &str) -> Repo {
    let r = Repo::new(name);
    r.write("src/a.c", A);
    r.write("src/b.c", B);
    r.commit("base");
    r
}

/// (function → (safety verdict, cached)) of `verdiff run --format json` output.
fn run_json(r: &Repo, extra: &[&str]) -> (i32, BTreeMap<String, (String, bool)>, serde_json::Value) {
    let mut args = vec!["run", "--quiet", "--format", "json"];
    args.extend_from_slice(extra);
    let (code, out, err) = r.verdiff(&args);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    let mut m = BTreeMap::new();
    for f in v["functions"].as_array().cloned().unwrap_or_default() {
        m.insert(
            f["function"].as_str().unwrap_or("").to_string(),
            (f["safety"].as_str().unwrap_or("-").to_string(), f["cached"].as_bool().unwrap_or(false)),
        );
    }
    (code, m, v)
}

fn verdicts(m: &BTreeMap<String, (String, bool)>) -> Vec<(String, String)> {
    m.iter().map(|(k, v)| (k.clone(), v.0.clone())).collect()
}

fn cached(m: &BTreeMap<String, (String, bool)>) -> Vec<String> {
    m.iter().filter(|(_, v)| v.1).map(|(k, _)| k.clone()).collect()
}

fn expected() -> Vec<(String, String)> {
    [
        ("avg", "SUCCESSFUL"),
        ("pick", "FAILED"),
        ("scale", "SUCCESSFUL"),
        ("total", "SUCCESSFUL"),
        ("twice", "SUCCESSFUL"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}

#[test]
fn run_reuses_results_and_misses_exactly_on_relevant_changes() {
    let r = project("run-cache");
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 10, "pick fails: {v}");
    assert_eq!(verdicts(&m), expected());
    assert!(cached(&m).is_empty(), "cold run: nothing cached: {m:?}");
    assert_eq!(v["counts"]["verified"], 4);
    assert_eq!(v["counts"]["failed"], 1);
    schema::assert_conforms("docs/schemas/run-v1.schema.json", &v, "verdiff run --format json");

    // the same code again: everything from the cache, same verdicts
    let (_, m, _) = run_json(&r, &[]);
    assert_eq!(verdicts(&m), expected());
    assert_eq!(cached(&m), vec!["avg", "pick", "scale", "total", "twice"]);

    // comments and blank lines above everything: proofs are reused; the failure points at a
    // line that moved, so it is verified again (its new line is reported)
    r.write("src/a.c", &format!("/* a comment */\n\n{A}"));
    r.write("src/b.c", &format!("// weights\n{B}"));
    let (_, m, v) = run_json(&r, &[]);
    assert_eq!(verdicts(&m), expected());
    assert_eq!(cached(&m), vec!["avg", "scale", "total", "twice"]);
    let pick = v["functions"].as_array().unwrap().iter().find(|f| f["function"] == "pick").unwrap().clone();
    assert_eq!(pick["line"], 8, "pick now starts on line 8: {pick}");
    assert_eq!(pick["claims"][0]["line"], 10, "the read of table[i] is on line 10: {pick}");

    // the helper changes: its caller misses too; the other file hits
    r.write("src/a.c", &A.replace("return x + x;", "return 2 * x;"));
    let (_, m, _) = run_json(&r, &[]);
    assert_eq!(verdicts(&m), expected());
    let c = cached(&m);
    assert!(!c.contains(&"twice".to_string()) && !c.contains(&"scale".to_string()), "{c:?}");
    assert!(c.contains(&"avg".to_string()) && c.contains(&"total".to_string()), "{c:?}");

    // a global's initialiser is part of what `total` depends on (reads weights[2] = 3 → 30):
    // the change misses `total` only
    r.write("src/b.c", &B.replace("{1, 2, 3}", "{1, 2, 30}"));
    let (_, m, _) = run_json(&r, &[]);
    let c = cached(&m);
    assert!(!c.contains(&"total".to_string()) && c.contains(&"avg".to_string()), "{c:?}");

    // a checked property turned on is a different question: nothing reused
    r.write(".verdiff.yml", "checks:\n  overflow: true\n");
    let (_, m, _) = run_json(&r, &[]);
    assert!(cached(&m).is_empty(), "{m:?}");
    // scale: |x| <= 1000 so 4x fits; avg: INT_MIN / -1 overflows; total is 1 + 2 + 30
    assert_eq!(m["avg"].0, "FAILED");
    assert_eq!(m["scale"].0, "SUCCESSFUL");
    assert_eq!(m["total"].0, "SUCCESSFUL");

    // --no-cache neither reads nor writes
    let (_, m, _) = run_json(&r, &["--no-cache"]);
    assert!(cached(&m).is_empty());
    let (code, out, _) = r.verdiff(&["cache", "stats"]);
    assert_eq!(code, 0);
    assert!(out.contains("runs recorded: 6"), "{out}");
}

/// Every function `run` verified says where its time went, phase by phase, and the phases add
/// up to its `seconds`; the run's `phases_ms` is the sum over the functions it verified, so a
/// fully cached run spent none. `twice` is read off its caller's result (no work of its own).
#[test]
fn run_json_says_where_each_functions_time_went() {
    let r = project("run-phases");
    let (_, m, v) = run_json(&r, &[]);
    assert_eq!(verdicts(&m), expected());
    schema::assert_conforms("docs/schemas/run-v1.schema.json", &v, "verdiff run --format json");
    let rows = v["functions"].as_array().cloned().unwrap_or_default();
    let row = |name: &str| rows.iter().find(|f| f["function"] == name).cloned().unwrap_or_default();
    let phase = |p: &serde_json::Value, k: &str| p[k].as_f64().unwrap_or_else(|| panic!("phases_ms.{k} in {p}"));
    let names = ["frontend", "prepare", "symex", "encode", "solve", "replay", "other"];
    let sum = |p: &serde_json::Value| names.iter().map(|k| phase(p, k)).sum::<f64>();
    let mut of_rows = 0.0;
    for f in ["avg", "pick", "scale", "total"] {
        let r = row(f);
        let p = &r["phases_ms"];
        assert!(p.is_object(), "{f} was verified: its phases are given: {r}");
        let seconds = r["seconds"].as_f64().unwrap_or(-1.0);
        assert!((sum(p) - seconds * 1000.0).abs() < 0.1, "{f}: phases add up to its time: {r}");
        // every function is prepared (entry, instrumentation) and symbolically executed
        assert!(phase(p, "prepare") > 0.0 && phase(p, "symex") > 0.0, "{f}: {r}");
        // no unit-test harness reaches these functions: nothing lowered for them alone
        assert_eq!(phase(p, "frontend"), 0.0, "{f}: {r}");
        of_rows += sum(p);
    }
    // pick's out-of-bounds read was found by the solver and its trace replayed to confirm it
    let pick = row("pick");
    assert!(phase(&pick["phases_ms"], "solve") > 0.0 && phase(&pick["phases_ms"], "replay") > 0.0, "{pick}");
    assert!(row("twice")["phases_ms"].is_null(), "{}", row("twice"));
    assert!((sum(&v["phases_ms"]) - of_rows).abs() < 0.1, "the run's phases are its functions': {}", v["phases_ms"]);

    // all from the cache: each row keeps the phases of the run that verified it; this run spent nothing
    let (_, m2, v2) = run_json(&r, &[]);
    assert_eq!(cached(&m2), vec!["avg", "pick", "scale", "total", "twice"]);
    let again = v2["functions"].as_array().cloned().unwrap_or_default();
    let cached_pick = again.iter().find(|f| f["function"] == "pick").cloned().unwrap_or_default();
    assert_eq!(cached_pick["phases_ms"], pick["phases_ms"]);
    assert_eq!(sum(&v2["phases_ms"]), 0.0, "{}", v2["phases_ms"]);
}

#[test]
fn several_processes_share_one_cache() {
    let r = project("run-concurrent");
    let dir = r.dir.to_str().unwrap_or("").to_string();
    let spawn = || {
        assert_cmd::cargo::cargo_bin_cmd!("verdiff")
            .args(["run", "--repo", &dir, "--quiet", "--jobs", "1"])
            .output()
            .expect("verdiff runs")
    };
    // four at once, on a cache none of them finds: creation, schema and writes all race
    let outs: Vec<std::process::Output> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4).map(|_| s.spawn(spawn)).collect();
        hs.into_iter().map(|h| h.join().expect("process")).collect()
    });
    for o in &outs {
        assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(!String::from_utf8_lossy(&o.stderr).contains("not cached"), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let (code, out, _) = r.verdiff(&["cache", "stats"]);
    assert_eq!(code, 0);
    // (twice is verified through its caller scale: no entry of its own)
    assert!(out.contains("entries: 4"), "one entry per verified function, whoever wrote it: {out}");
    assert!(out.contains("runs recorded: 4"), "{out}");
    let (_, m, _) = run_json(&r, &[]);
    assert_eq!(cached(&m).len(), 5);
}

#[test]
fn damaged_or_foreign_cache_files_are_moved_aside_and_rebuilt() {
    let r = project("run-corrupt");
    let cache = r.path(".verdiff/cache.db");
    std::fs::create_dir_all(cache.parent().unwrap()).unwrap();
    let garbage = b"this is not a database, but somebody's data".to_vec();
    for (what, bytes) in [("garbage", garbage.clone()), ("truncated", Vec::new())] {
        let bytes = if what == "truncated" {
            // a real cache cut in half
            let (_, _, _) = r.verdiff(&["run", "--quiet"]);
            let full = std::fs::read(&cache).expect("cache written");
            let _ = std::fs::remove_file(cache.with_extension("db-wal"));
            let _ = std::fs::remove_file(cache.with_extension("db-shm"));
            full[..full.len() / 2].to_vec()
        } else {
            bytes
        };
        std::fs::write(&cache, &bytes).unwrap();
        let (code, m, _) = run_json(&r, &[]);
        assert_eq!(code, 10, "{what}: the run goes on");
        assert_eq!(verdicts(&m), expected(), "{what}");
        assert!(cached(&m).is_empty(), "{what}: nothing trusted from a damaged file");
        let aside: Vec<_> = std::fs::read_dir(cache.parent().unwrap())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("cache.db.corrupt-"))
            .filter(|e| {
                !e.file_name().to_string_lossy().ends_with("-wal") && !e.file_name().to_string_lossy().ends_with("-shm")
            })
            .collect();
        assert!(
            aside.iter().any(|e| std::fs::read(e.path()).unwrap() == bytes),
            "{what}: the damaged file is kept, byte for byte"
        );
        for e in aside {
            let _ = std::fs::remove_file(e.path());
        }
    }
    // another program's SQLite file
    let _ = std::fs::remove_file(&cache);
    {
        let c = rusqlite::Connection::open(&cache).unwrap();
        c.execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('keep me');").unwrap();
    }
    let (_, _, err) = r.verdiff(&["run", "--quiet"]);
    assert!(err.contains("not a verdiff cache") && err.contains("moved to"), "{err}");
    // a newer verdiff's cache is refused, untouched
    let _ = std::fs::remove_file(&cache);
    {
        let c = rusqlite::Connection::open(&cache).unwrap();
        c.execute_batch("PRAGMA application_id = 1447315782; PRAGMA user_version = 99; CREATE TABLE x (y);").unwrap();
    }
    let before = std::fs::read(&cache).unwrap();
    let (code, _, err) = r.verdiff(&["run", "--quiet"]);
    assert_eq!(code, 6, "{err}");
    assert!(err.contains("newer verdiff") && err.contains("--no-cache"), "{err}");
    assert_eq!(std::fs::read(&cache).unwrap(), before);
}

#[test]
fn configuration_errors_name_file_line_and_key() {
    let r = project("config-errors");
    r.write(".verdiff.yml", "unwind: 5\nchecks:\n  bounds: true\n  overflw: true\n");
    let (code, _, err) = r.verdiff(&["run"]);
    assert_eq!(code, 6);
    assert!(err.contains(".verdiff.yml:4:") && err.contains("overflw"), "{err}");
    r.write(".verdiff.yml", "timeout: soon\n");
    let (code, _, err) = r.verdiff(&["diff", "--base", "HEAD", "--worktree"]);
    assert_eq!(code, 6);
    assert!(err.contains(".verdiff.yml:1:") && err.contains("timeout"), "{err}");
    // --config must exist when given
    let (code, _, err) = r.verdiff(&["run", "--config", "missing.yml"]);
    assert_eq!(code, 6);
    assert!(err.contains("missing.yml"), "{err}");
}

#[test]
fn init_and_hook_install() {
    let r = Repo::new("init-hook");
    r.write("include/api.h", "int api(int);\n");
    r.write("lib/api.c", "#include \"api.h\"\nint api(int x) { return x; }\n");
    r.write("tests/test_api.c", "int main(void) { return 0; }\n");
    r.commit("base");
    let (code, out, err) = r.verdiff(&["init"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(".verdiff.yml"));
    let cfg = r.read(".verdiff.yml");
    assert!(
        cfg.contains("- \"include\"") && cfg.contains("\"lib/**/*.c\"") && cfg.contains("\"tests/**/*.c\""),
        "{cfg}"
    );
    // the detected include dir makes the header found; the test folder is not verified
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(verdicts(&m), vec![("api".to_string(), "SUCCESSFUL".to_string())]);
    // init refuses to overwrite
    let (code, _, _) = r.verdiff(&["init"]);
    assert_eq!(code, 1);

    let (code, _, err) = r.verdiff(&["hook", "install", "--budget", "30s"]);
    assert_eq!(code, 0, "{err}");
    let hook = r.path(".git/hooks/pre-commit");
    let text = std::fs::read_to_string(&hook).expect("hook written");
    assert!(text.contains("verdiff diff --staged --budget '30s' --fail-on violation"), "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert!(std::fs::metadata(&hook).unwrap().permissions().mode() & 0o111 != 0, "executable");
    }
    let (code, _, _) = r.verdiff(&["hook", "install"]);
    assert_eq!(code, 1, "an existing hook is not replaced without --force");
}

#[test]
fn diff_reports_in_every_format_and_respects_the_budget() {
    let r = project("diff-formats");
    // pick gets a guard (its bug is fixed); avg loses its guard (a new division by zero)
    r.write("src/a.c", &A.replace("return table[i];", "return (i >= 0 && i < 4) ? table[i] : 0;"));
    r.write("src/b.c", &B.replace("    if (n == 0) return 0;\n", ""));
    r.commit("change");
    let out = |n: &str| r.path(n).to_string_lossy().into_owned();
    let (code, _, err) = r.verdiff(&[
        "diff",
        "--base",
        "HEAD~1",
        "--format",
        "json",
        "--output",
        &out("d.json"),
        "--format",
        "sarif",
        "--output",
        &out("d.sarif"),
        "--format",
        "junit",
        "--output",
        &out("d.xml"),
        "--format",
        "markdown",
        "--output",
        &out("d.md"),
    ]);
    assert_eq!(code, 10, "a new division by zero: {err}");
    let v: serde_json::Value = serde_json::from_str(&r.read("d.json")).expect("json");
    let status: BTreeMap<String, String> = v["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["function"].as_str().unwrap().to_string(), f["status"].as_str().unwrap().to_string()))
        .collect();
    // pick: equal wherever the old one is defined (its out-of-bounds reads are assumed away);
    // avg: n == 0 returned 0 and now divides by zero — undefined behaviour the change introduced
    assert_eq!(status["pick"], "equivalent");
    assert_eq!(status["avg"], "behaviour-changed");
    assert_eq!(v["counts"]["failed"], 1, "{}", v["counts"]);
    let sarif: serde_json::Value = serde_json::from_str(&r.read("d.sarif")).expect("sarif");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let err_lines: Vec<u64> = results
        .iter()
        .filter(|x| x["level"] == "error")
        .map(|x| x["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64().unwrap())
        .collect();
    assert_eq!(err_lines, vec![3], "the division is on line 3 of src/b.c");
    assert!(results
        .iter()
        .any(|x| x["level"] == "warning" && x["message"]["text"].as_str().unwrap().contains("n = 0")));
    let xml = r.read("d.xml");
    // one testcase per function; only avg fails (pick is equivalent)
    assert!(xml.contains("failures=\"1\""), "{xml}");
    assert!(r.read("d.md").contains("<details>"));

    // a zero budget: nothing is checked, nothing blocks
    let (code, text, _) = r.verdiff(&["diff", "--base", "HEAD~1", "--budget", "0s", "--no-cache"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("time budget"), "{text}");
}

#[test]
fn shards_merge_into_the_unsharded_report() {
    let r = project("shards");
    let (whole_code, whole, _) = run_json(&r, &["--no-cache"]);
    let mut parts = Vec::new();
    let mut seen = Vec::new();
    for i in 1..=3 {
        let part = r.path(&format!("part{i}.json")).to_string_lossy().into_owned();
        let cache = r.path(&format!("shard{i}.db")).to_string_lossy().into_owned();
        let (_, _, err) = r.verdiff(&[
            "run",
            "--quiet",
            "--shard",
            &format!("{i}/3"),
            "--cache",
            &cache,
            "--format",
            "json",
            "--output",
            &part,
        ]);
        let v: serde_json::Value =
            serde_json::from_str(&r.read(&format!("part{i}.json"))).unwrap_or_else(|e| panic!("{e}: {err}"));
        for f in v["functions"].as_array().unwrap() {
            seen.push(f["function"].as_str().unwrap().to_string());
        }
        parts.push(part);
    }
    seen.sort();
    assert_eq!(seen, vec!["avg", "pick", "scale", "total", "twice"], "each function in exactly one shard");
    let merged = r.path("merged.json").to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    let caches: Vec<String> = (1..=3).map(|i| r.path(&format!("shard{i}.db")).to_string_lossy().into_owned()).collect();
    for c in &caches {
        args.extend(["--cache-from", c.as_str()]);
    }
    args.extend(["--format", "json", "--output", merged.as_str()]);
    let (code, _, err) = r.verdiff(&args);
    // pick reads out of bounds: 10, the status of the unsharded run too
    assert_eq!((code, whole_code), (10, 10), "{err}");
    let v: serde_json::Value = serde_json::from_str(&r.read("merged.json")).expect("merged json");
    let mut m = BTreeMap::new();
    for f in v["functions"].as_array().unwrap() {
        m.insert(f["function"].as_str().unwrap().to_string(), (f["safety"].as_str().unwrap().to_string(), false));
    }
    assert_eq!(verdicts(&m), verdicts(&whole));
    // the merged cache serves the next unsharded run
    let (_, m, _) = run_json(&r, &[]);
    assert_eq!(cached(&m).len(), 5, "{m:?}");
}

#[test]
fn cache_verify_finds_a_wrong_entry() {
    let r = project("cache-verify");
    let _ = r.verdiff(&["run", "--quiet"]);
    let (code, out, _) = r.verdiff(&["cache", "verify", "--all"]);
    assert_eq!(code, 0, "{out}");
    // (four entries: twice is verified through its caller)
    assert!(out.contains("re-solved 4 of 4") && out.contains("0 disagreement"), "{out}");
    // somebody's cache says pick is fine
    {
        let c = rusqlite::Connection::open(r.path(".verdiff/cache.db")).unwrap();
        let n = c
            .execute(
                "UPDATE results SET payload = json_set(payload, '$.safety', 'successful') WHERE function = 'pick'",
                [],
            )
            .unwrap();
        assert_eq!(n, 1);
    }
    let (code, out, _) = r.verdiff(&["cache", "verify", "--all"]);
    assert_eq!(code, 10, "{out}");
    assert!(out.contains("DISAGREEMENT") && out.contains("pick") && out.contains("cached SUCCESSFUL"), "{out}");
    let (code, out, _) = r.verdiff(&["cache", "verify", "--all"]);
    assert_eq!(code, 0, "the wrong entry was removed: {out}");
}

/// verdiff run links the files a function calls into (run/link.rs). f (a.c) sets g = 1,
/// calls h, and divides by g; h (c.c) sets g = 0, so f divides by zero — which a.c alone
/// cannot show (h would be an unknown function that leaves g alone). f is FAILED with a trace
/// through h; h itself (no calls) is verified. In the second repository the file that defines
/// k also defines `helper`, as the caller's file does: the two cannot be linked, so the caller
/// is verified alone and, as a call into another file is not assumed away, is UNKNOWN naming
/// k's file.
#[test]
fn a_call_into_another_file_is_followed_and_never_assumed_away() {
    let r = Repo::new("run-cross-file");
    r.write("src/a.c", "extern int g;\nvoid h(void);\nint f(void) { g = 1; h(); return 10 / g; }\n");
    r.write("src/c.c", "int g;\nvoid h(void) { g = 0; }\n");
    r.commit("two files");
    let fns = run_rows(&r);
    let of = |name: &str| row(&fns, name);
    assert_eq!(of("f")["safety"], "FAILED", "{fns:?}");
    let claim = &of("f")["claims"][0];
    assert_eq!(claim["kind"], "division-by-zero", "{fns:?}");
    let trace = claim["trace"].as_array().cloned().unwrap_or_default();
    assert!(
        trace.iter().any(|s| s["function"] == "h" && s["file"] == "src/c.c"),
        "the trace goes through h: {trace:?}"
    );
    assert_eq!(of("h")["safety"], "SUCCESSFUL", "{fns:?}");

    let r = Repo::new("run-cross-file-clash");
    r.write("x.c", "int helper(void) { return 1; }\nint k(void);\nint user(void) { return 10 / k(); }\n");
    r.write("y.c", "int helper(void) { return 2; }\nint k(void) { return helper() - 2; }\n");
    r.commit("two definitions of helper");
    let fns = run_rows(&r);
    let of = |name: &str| row(&fns, name);
    assert_eq!(of("user")["safety"], "UNKNOWN", "{fns:?}");
    assert!(of("user")["detail"].as_str().unwrap_or("").contains("calls `k`, defined in y.c"), "{fns:?}");
}

/// The row of `name` among `fns`.
fn row(fns: &[serde_json::Value], name: &str) -> serde_json::Value {
    fns.iter().find(|x| x["function"] == name).cloned().unwrap_or_else(|| panic!("{name}: {fns:?}"))
}

/// The function rows of `verdiff run --format json` in `r`.
fn run_rows(r: &Repo) -> Vec<serde_json::Value> {
    let (_, out, err) = r.verdiff(&["run", "--quiet", "--no-cache", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    v["functions"].as_array().cloned().unwrap_or_default()
}

#[test]
fn every_failed_row_of_run_prints_the_command_that_reproduces_it() {
    // f divides by the value h leaves in g (0): FAILED through the other file; k is fine
    let r = Repo::new("run-reproduce");
    r.write(
        "src/a.c",
        "extern int g;\nvoid h(void);\nint f(void) { g = 1; h(); return 10 / g; }\nint k(int x) { return x & 7; }\n",
    );
    r.write("src/c.c", "int g;\nvoid h(void) { g = 0; }\n");
    r.commit("two files");
    let (code, out, err) = r.verdiff_in_dir(&["run", "--quiet"]);
    assert_eq!(code, 10, "{out}\n{err}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("reproduce")).collect();
    assert_eq!(lines.len(), 1, "one FAILED row, one command: {out}");
    let cmd = lines[0].split(": ").nth(1).unwrap_or("");
    assert!(cmd.starts_with("verdiff run ") && cmd.ends_with("--function f"), "{cmd}");
    // the command, run in the repository, verifies f again (no cache) with the same verdict
    // and the same violated claim, and a trace through h
    let args: Vec<&str> = cmd.split_whitespace().skip(1).collect();
    let (code, out, err) = r.verdiff_in_dir(&args);
    assert_eq!(code, 10, "{out}\n{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let fns = v["functions"].as_array().cloned().unwrap_or_default();
    assert_eq!(fns.len(), 1, "{fns:?}");
    assert_eq!(fns[0]["function"], "f");
    assert_eq!(fns[0]["safety"], "FAILED");
    assert_eq!(fns[0]["cached"], false, "verified again, not read from the cache");
    let claim = &fns[0]["claims"][0];
    assert_eq!((claim["kind"].as_str(), claim["line"].as_u64()), (Some("division-by-zero"), Some(3)), "{claim}");
    let trace = claim["trace"].as_array().cloned().unwrap_or_default();
    assert!(trace.iter().any(|s| s["function"] == "h"), "{trace:?}");
}

#[test]
fn a_static_function_verified_on_its_own_is_cached_too() {
    // walk's loop runs n times for any n and keeps s even (s - 1 is never 0): UNKNOWN at the
    // bound, and its havoc abstraction forgets that s is even, so it does not decide its
    // static helper clampi, which is then verified on its own (SUCCESSFUL: it only compares).
    // A second run takes both from the cache (cJSON's re-run verified 61 such helpers again).
    let r = Repo::new("run-cache-fallback");
    r.write(
        "src/w.c",
        "static int clampi(int x) { return x > 9 ? 9 : (x < 0 ? 0 : x); }\n\
         int walk(int n) { int s = 0; for (int i = 0; i < n; i++) s += 2 * (clampi(i) & 1); return 10 / (s - 1); }\n",
    );
    r.commit("base");
    let (_, m, v) = run_json(&r, &[]);
    assert_eq!(m["walk"].0, "UNKNOWN", "{v}");
    assert_eq!(m["clampi"].0, "SUCCESSFUL", "{v}");
    assert!(cached(&m).is_empty(), "{m:?}");
    let (_, m, v) = run_json(&r, &[]);
    assert_eq!(m["clampi"].0, "SUCCESSFUL", "{v}");
    assert_eq!(cached(&m), vec!["clampi", "walk"], "{v}");
}

/// A written contract is part of what a cached verdict depends on. `inv` divides by `x`
/// under `requires(x > 0)`: safe. Weakened to `x >= 0` (the body unchanged), x = 0 divides
/// by zero, so the cached SUCCESSFUL must not be reused; `twice` calls `inv(2)` and is
/// re-verified too when `inv`'s contract changes (its calls assert the requires).
#[test]
fn a_changed_contract_is_not_answered_from_the_cache() {
    let r = Repo::new("contract-key");
    let src =
        "int inv(int x)\n{\n  __ESBMC_requires(x > 0);\n  return 100 / x;\n}\nint twice(void) { return inv(2) * 2; }\n";
    r.write("c.c", src);
    r.commit("contract");
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(m["inv"].0, "SUCCESSFUL", "{v}");
    r.write("c.c", &src.replace("x > 0", "x >= 0"));
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 10, "{v}");
    assert_eq!(m["inv"], ("FAILED".to_string(), false), "{v}");
    assert!(!m["twice"].1, "the caller's key covers the contract it calls through: {v}");
}

/// A caller is verified against its callees' written contracts, not their bodies, and its
/// cache key says so (docs/contracts.md §4). `table_at` indexes an 8-element table with
/// `clamp(x)`, whose contract promises a result in [0, 8). Rewriting `clamp`'s body from
/// `x % 8` to `x & 7` keeps the contract: `clamp` is verified again, `table_at` is answered
/// from the cache. A body that breaks the contract (`x % 9` may be 8) fails at `clamp`, where
/// the bug is; `table_at` stays verified, since every `clamp` that meets its contract is safe
/// for it.
#[test]
fn a_callee_body_change_that_keeps_its_contract_leaves_its_callers_cached() {
    let r = Repo::new("contract-modular");
    let src = "int clamp(int x)\n{\n  __ESBMC_requires(x >= 0);\n  __ESBMC_ensures(__ESBMC_return_value >= 0 && __ESBMC_return_value < 8);\n  return x % 8;\n}\nint table_at(int x)\n{\n  int t[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n  if (x < 0) return 0;\n  return t[clamp(x)];\n}\n";
    r.write("c.c", src);
    r.commit("contract");
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(m["clamp"], ("SUCCESSFUL".to_string(), false), "{v}");
    assert_eq!(m["table_at"], ("SUCCESSFUL".to_string(), false), "{v}");
    r.write("c.c", &src.replace("x % 8", "x & 7"));
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(m["clamp"], ("SUCCESSFUL".to_string(), false), "{v}");
    assert_eq!(m["table_at"], ("SUCCESSFUL".to_string(), true), "the caller's key covers the contract only: {v}");
    r.write("c.c", &src.replace("x % 8", "x % 9"));
    let (code, m, v) = run_json(&r, &[]);
    assert_eq!(code, 10, "{v}");
    assert_eq!(m["clamp"], ("FAILED".to_string(), false), "{v}");
    assert_eq!(m["table_at"], ("SUCCESSFUL".to_string(), true), "{v}");
}

/// A `static` function with a written contract is verified against it on its own, not
/// through its callers: they use its contract, not its body, so its body's claims are checked
/// nowhere else. `pick` reads `a[*p]` for any `*p` its contract allows (only `p != 0` is
/// required): out of bounds for `*p` = 4. `api` is safe given `pick`'s contract.
#[test]
fn a_static_function_with_a_contract_is_verified_against_it() {
    let r = Repo::new("contract-static");
    r.write(
        "a.c",
        "static int pick(int *p)\n{\n  __ESBMC_requires(p != 0);\n  __ESBMC_ensures(__ESBMC_return_value >= 0);\n  int a[4] = {1, 2, 3, 4};\n  return a[*p];\n}\nint api(int x)\n{\n  int v = x;\n  return pick(&v);\n}\n",
    );
    r.commit("static with contract");
    let (code, m, v) = run_json(&r, &["--no-cache"]);
    assert_eq!(code, 10, "{v}");
    assert_eq!(m["pick"].0, "FAILED", "{v}");
    assert_eq!(m["api"].0, "SUCCESSFUL", "{v}");
}
