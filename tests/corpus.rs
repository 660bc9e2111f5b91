//! Runs every program of tests/programs through the `verdiff` binary and compares the verdict,
//! the exit status and (with --multi-property) the exact set of violated claims with the
//! expectations written in each file's header (see tests/programs/README.md).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;

#[path = "common/schema.rs"]
mod schema;

const CHECK_SCHEMA: &str = "docs/schemas/check-v1.schema.json";

#[derive(Debug, Default)]
struct Expect {
    flags: Vec<String>,
    verdict: String,
    /// (kind, line)
    failures: BTreeSet<(String, u32)>,
    unknown_word: Option<String>,
}

fn parse_header(path: &Path) -> Expect {
    let text = std::fs::read_to_string(path).expect("readable test program");
    let mut e = Expect::default();
    for line in text.lines().take(40) {
        let Some(rest) = line.trim().strip_prefix("//") else {
            continue;
        };
        let rest = rest.trim();
        if let Some(f) = rest.strip_prefix("flags:") {
            e.flags.extend(f.split_whitespace().map(String::from));
        } else if let Some(x) = rest.strip_prefix("expect:") {
            let parts: Vec<&str> = x.split_whitespace().collect();
            match parts.first().copied() {
                Some("SUCCESSFUL") => e.verdict = "SUCCESSFUL".into(),
                Some("FAILED") => {
                    e.verdict = "FAILED".into();
                    // FAILED <kind> line <N>
                    if parts.len() >= 4 && parts[2] == "line" {
                        let n: u32 = parts[3].parse().expect("line number");
                        e.failures.insert((parts[1].to_string(), n));
                    }
                }
                Some("UNKNOWN") => {
                    e.verdict = "UNKNOWN".into();
                    e.unknown_word = parts.get(1).map(|s| s.to_string());
                }
                _ => panic!("{}: bad expect line `{line}`", path.display()),
            }
        }
    }
    assert!(!e.verdict.is_empty(), "{}: no `// expect:` line", path.display());
    e
}

fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("tests/programs").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            programs(&p, out);
        } else if p.extension().is_some_and(|x| x == "c") {
            out.push(p);
        }
    }
}

fn run(path: &Path, flags: &[String], extra: &[&str], json: &Path) -> (i32, serde_json::Value) {
    let out = cargo_bin_cmd!("verdiff")
        .arg(path)
        .args(flags)
        .args(extra)
        .arg("--json")
        .arg(json)
        .arg("--timeout")
        .arg("120")
        .output()
        .expect("verdiff runs");
    let code = out.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or("");
    let v: serde_json::Value = std::fs::read_to_string(json)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| serde_json::json!({"verdict": "NONE", "stdout": stdout}));
    // the text output must end with the same verdict line
    if let Some(vd) = v["verdict"].as_str() {
        if vd != "NONE" {
            assert_eq!(last, format!("VERIFICATION {vd}"), "{}: last line", path.display());
        }
    }
    (code, v)
}

fn check_one(path: &Path, tmp: &Path) -> Result<(), String> {
    let e = parse_header(path);
    let json = tmp.join(format!("{}.json", path.file_stem().unwrap_or_default().to_string_lossy()));
    let (code, v) = run(path, &e.flags, &[], &json);
    let verdict = v["verdict"].as_str().unwrap_or("NONE").to_string();
    if verdict != e.verdict {
        return Err(format!("expected {} got {} (reason: {})", e.verdict, verdict, v["reason"]));
    }
    let want_code = match verdict.as_str() {
        "SUCCESSFUL" => 0,
        "FAILED" => 10,
        _ => 6,
    };
    if code != want_code {
        return Err(format!("exit status {code}, expected {want_code}"));
    }
    if let Some(w) = &e.unknown_word {
        let reason = v["reason"].as_str().unwrap_or("");
        if !reason.contains(w.as_str()) {
            return Err(format!("UNKNOWN reason `{reason}` does not mention `{w}`"));
        }
    }
    if verdict == "FAILED" {
        // every violated claim, exactly
        let (_, m) = run(path, &e.flags, &["--multi-property"], &json);
        let mut got = BTreeSet::new();
        for c in m["claims"].as_array().cloned().unwrap_or_default() {
            // (what a function needs of its caller is not one of its violations)
            if c["status"] == "violated" && c["kind"] != "precondition" {
                // a claim inside a library model counts at the program's call that reached it
                let line = c["reached_from"]["line"].as_u64().or(c["line"].as_u64()).unwrap_or(0) as u32;
                got.insert((c["kind"].as_str().unwrap_or("").to_string(), line));
                if c["trace"]["replayed"] != true {
                    return Err(format!("claim {} reported without a replayed trace", c["id"]));
                }
            }
            if c["status"] == "unknown" {
                return Err(format!("claim {} undecided: {}", c["id"], c["reason"]));
            }
        }
        if got != e.failures {
            return Err(format!("violated claims {got:?}, expected {:?}", e.failures));
        }
    }
    Ok(())
}

#[test]
fn corpus_programs_give_their_expected_verdicts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut files = Vec::new();
    programs(&root, &mut files);
    assert!(files.len() > 50, "corpus is missing");
    let tmp = tempfile::tempdir().expect("temp dir");
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(4);
    let chunks: Vec<Vec<PathBuf>> =
        (0..threads).map(|i| files.iter().skip(i).step_by(threads).cloned().collect()).collect();
    let mut failures = Vec::new();
    std::thread::scope(|sc| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let tmp = tmp.path();
                sc.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|f| check_one(f, tmp).err().map(|e| format!("{}: {e}", f.display())))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            failures.extend(h.join().expect("worker"));
        }
    });
    failures.sort();
    assert!(failures.is_empty(), "{} of {} programs wrong:\n{}", failures.len(), files.len(), failures.join("\n"));
}

/// The JSON document agrees with its published schema (docs/schemas/check-v1.schema.json), on
/// programs whose violations exercise several claim kinds.
#[test]
fn json_output_follows_the_published_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let validator = schema::validator(CHECK_SCHEMA);
    let mut kinds_seen = BTreeSet::new();
    for prog in [
        "tests/programs/heap/free_offset_fail.c",
        "tests/programs/libc/strcpy_overflow_fail.c",
        "tests/programs/thesis/fig3_6.c",
    ] {
        let json = tmp.path().join("out.json");
        let (_, v) = run(&root.join(prog), &["--multi-property".to_string()], &[], &json);
        let errs: Vec<String> = schema::violations(&validator, &v).iter().map(|e| e.to_string()).collect();
        assert!(errs.is_empty(), "{prog}: the document breaks {CHECK_SCHEMA}:\n{}\n{v:#}", errs.join("\n"));
        // (the schema also accepts 1.0's "verdiff.check/1"; today's documents state their minor)
        let stated = v["schema"].as_str().unwrap_or("");
        assert!(stated.starts_with("verdiff.check/1.") && stated.len() > "verdiff.check/1.".len(), "schema {stated}");
        for c in v["claims"].as_array().expect("claims array") {
            kinds_seen.insert(c["kind"].as_str().unwrap_or("").to_string());
        }
    }
    assert!(kinds_seen.len() >= 4, "the sample programs exercise several claim kinds: {kinds_seen:?}");
}

/// The schema check can fail: a real `verdiff check --json` document that conforms, broken in
/// one place at a time, is rejected at that place for that reason.
#[test]
fn the_schema_check_rejects_documents_that_break_the_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let validator = schema::validator(CHECK_SCHEMA);
    // (a division by zero: one violated claim with a trace)
    let json = tmp.path().join("out.json");
    let (_, good) = run(&root.join("tests/programs/basics/rem_by_zero_fail.c"), &[], &[], &json);
    assert_eq!(good["verdict"], "FAILED", "{good:#}");
    assert!(schema::violations(&validator, &good).is_empty(), "{good:#}");
    let broken = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut d = good.clone();
        f(&mut d);
        schema::violations(&validator, &d)
    };
    let has = |e: &[schema::Violation], path: &str, keyword: &str, text: &str| {
        e.iter().any(|v| v.path == path && v.keyword == keyword && v.message.contains(text))
    };
    let show = |e: &[schema::Violation]| e.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("\n");
    // a verdict outside the enum
    let e = broken(&|d| d["verdict"] = "PROBABLY FINE".into());
    assert!(has(&e, "/verdict", "enum", "PROBABLY FINE"), "{}", show(&e));
    // a required field missing, at the top and in a claim
    let e = broken(&|d| {
        d.as_object_mut().unwrap().remove("claims");
    });
    assert!(has(&e, "", "required", "\"claims\""), "{}", show(&e));
    let e = broken(&|d| {
        d["claims"][0].as_object_mut().unwrap().remove("status");
    });
    assert!(has(&e, "/claims/0", "required", "\"status\""), "{}", show(&e));
    // a claim kind the schema does not list, and a value of the wrong type
    let e = broken(&|d| d["claims"][0]["kind"] = "division-by-three".into());
    assert!(has(&e, "/claims/0/kind", "enum", ""), "{}", show(&e));
    let e = broken(&|d| d["bounded"] = "yes".into());
    assert!(has(&e, "/bounded", "type", ""), "{}", show(&e));
    // (and the check fails the test that asserts it)
    let mut d = good.clone();
    d["verdict"] = "PROBABLY FINE".into();
    let failed = std::panic::catch_unwind(|| schema::assert_conforms(CHECK_SCHEMA, &d, "a broken document"));
    let message = failed.expect_err("assert_conforms fails on a broken document");
    let message = message.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("/verdict: ") && message.contains("[enum]"), "the failure names the path: {message}");
}

/// The text of tests/programs/INDEX.md, generated from the `// flags:` and `// expect:`
/// header lines of every program.
fn corpus_index(root: &Path, files: &[PathBuf]) -> String {
    let mut rows = Vec::new();
    let mut count = std::collections::BTreeMap::<String, usize>::new();
    for f in files {
        let text = std::fs::read_to_string(f).expect("readable test program");
        let header = |key: &str| -> Vec<String> {
            text.lines()
                .take(40)
                .filter_map(|l| l.trim().strip_prefix("//")?.trim().strip_prefix(key).map(|x| x.trim().to_string()))
                .collect()
        };
        let flags = header("flags:").join(" ");
        let expected = header("expect:");
        let verdict = expected.first().and_then(|e| e.split_whitespace().next()).unwrap_or("?").to_string();
        *count.entry(verdict).or_default() += 1;
        let name = f.strip_prefix(root).unwrap_or(f).display().to_string();
        let flags = if flags.is_empty() { String::new() } else { format!("`{flags}`") };
        rows.push(format!("| `{name}` | {flags} | {} |", expected.join("; ")));
    }
    let counts: Vec<String> = count.iter().map(|(v, n)| format!("{n} expected {v}")).collect();
    format!(
        "# Corpus index\n\n{} programs: {}.\n\
         Generated from the `// flags:` and `// expect:` headers of each file by the test\n\
         `corpus_index_lists_every_program` (`VERDIFF_BLESS_INDEX=1 cargo test --test corpus \
         corpus_index` rewrites it);\nthe `// why:` lines in the files give the reasoning. Several \
         FAILED programs list more than one violated claim.\n\n\
         | file | flags | expected |\n| --- | --- | --- |\n{}\n",
        files.len(),
        counts.join(", "),
        rows.join("\n")
    )
}

/// INDEX.md lists every program with its flags and expected verdict, as its header says.
#[test]
fn corpus_index_lists_every_program() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut files = Vec::new();
    programs(&root, &mut files);
    let want = corpus_index(&root, &files);
    let path = root.join("INDEX.md");
    if std::env::var_os("VERDIFF_BLESS_INDEX").is_some() {
        std::fs::write(&path, &want).expect("INDEX.md written");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "tests/programs/INDEX.md is stale: run VERDIFF_BLESS_INDEX=1 cargo test --test corpus corpus_index"
    );
}
