//! `verdiff harness [--generalise hull|beyond|free] [--emit DIR] [--check]`: the project's
//! unit tests as verification harnesses (docs/harness.md).

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValuesParser, TypedValueParser};

use super::args::parse_duration;
use super::common::{self, RepoArgs};
use crate::harness::{self, Harness, HarnessOptions, Mode};
use crate::record::Safety;

// The options of `verdiff harness`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "unit tests generalised into verification harnesses",
    override_usage = "verdiff harness [--repo DIR] [--generalise hull|beyond|free] [--emit DIR] [--check]",
    before_help = "Finds the unit tests (tests.patterns of .verdiff.yml; Unity, cmocka, Check, CUnit or plain \
                   assert) and turns each test and function it calls into a harness: the constants the test \
                   passes become nondeterministic values — hull: within the interval all tests used at that \
                   argument; beyond: outside it; free: anything — and the test's assertions stay as claims. \
                   Without --emit/--check it lists what it would generate. Exit status with --check: 0 all \
                   verified, 10 a harness failed, 6 something undecided."
)]
pub struct HarnessArgs {
    #[command(flatten)]
    pub repo: RepoArgs,
    /// hull (default), beyond or free
    #[arg(long, value_name = "MODE", value_parser = mode(), hide_possible_values = true)]
    pub generalise: Option<Mode>,
    /// write the harnesses as C files into this directory
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub emit: Option<PathBuf>,
    /// verify the harnesses (a failure prints a concrete unit test)
    #[arg(long)]
    pub check: bool,
    /// only this test function (repeatable)
    #[arg(long, value_name = "NAME")]
    pub test: Vec<String>,
    /// only harnesses of this function under test (repeatable)
    #[arg(long, value_name = "NAME")]
    pub function: Vec<String>,
    /// only the harness of this file name (repeatable)
    #[arg(long, value_name = "NAME")]
    pub harness: Vec<String>,
    /// time limit per harness (default: timeout of .verdiff.yml)
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub timeout: Option<std::time::Duration>,
    /// harnesses verified in parallel (default: jobs of .verdiff.yml, else the number of cores)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// with --check: write the verdiff.harness/1 document to this file
    #[arg(long, value_name = "FILE", requires = "check")]
    pub json: Option<PathBuf>,
}

/// `--generalise MODE`: hull, beyond or free.
fn mode() -> impl TypedValueParser<Value = Mode> {
    PossibleValuesParser::new(["hull", "beyond", "free"])
        .try_map(|s| Mode::parse(&s).ok_or(format!("no --generalise `{s}`")))
}

pub fn run(p: &HarnessArgs) -> i32 {
    common::finish("harness", command(p))
}

fn command(p: &HarnessArgs) -> Result<i32, (i32, String)> {
    let started = std::time::Instant::now();
    let input = |m: String| (6, m);
    let root = common::repo_root(p.repo.paths.repo.as_deref()).map_err(input)?;
    let cfg = common::load_config(&root, &p.repo.paths).map_err(input)?;
    // (as `run` and `diff` generalise: the configuration's mode unless the flag says otherwise)
    let mode = p.generalise.unwrap_or_else(|| Mode::parse(&cfg.tests.generalise).unwrap_or(Mode::Hull));
    let jobs = common::jobs(p.jobs, cfg.jobs);
    let fo = crate::run::frontend_options(&root, &cfg);
    let d = harness::discover(&root, &cfg, &fo);
    for (file, why) in &d.problems {
        eprintln!("verdiff harness: {file}: not used: {why}");
    }
    let (only_tests, only_fns, only_names) = (&p.test, &p.function, &p.harness);
    let hs: Vec<Harness> = harness::harnesses(&d, &root, mode)
        .into_iter()
        .filter(|h| only_tests.is_empty() || only_tests.contains(&h.test))
        .filter(|h| only_fns.is_empty() || only_fns.contains(&h.function))
        .filter(|h| only_names.is_empty() || only_names.contains(&h.name))
        .collect();
    let generalisable = d.tests.iter().filter(|t| hs.iter().any(|h| h.test == t.name && h.test_file == t.file)).count();
    outln!(
        "{} test(s) in {} file(s); {} harness(es) in {} mode; {} of {} test(s) generalised",
        d.tests.len(),
        d.tests.iter().map(|t| &t.file).collect::<std::collections::BTreeSet<_>>().len(),
        hs.len(),
        mode.name(),
        generalisable,
        d.tests.len()
    );
    let mut skipped = Vec::new();
    for t in &d.tests {
        let selected = only_tests.is_empty() || only_tests.contains(&t.name);
        if selected && !hs.iter().any(|h| h.test == t.name && h.test_file == t.file) {
            let unreadable = t.unreadable.first().map(|(line, why)| format!("line {line} cannot be read: {why}"));
            let why = if let Some(u) = &unreadable {
                u.as_str()
            } else if t.calls.is_empty() {
                "calls no function of the sources"
            } else if t.inputs.is_empty() {
                "passes no integer constant to the code under test"
            } else {
                "nothing to generalise in this mode (every input has a single value or covers its type)"
            };
            outln!("  {}:{} {}: no harness ({why})", t.file, t.line, t.name);
            skipped.push(crate::report::harness::Skipped {
                file: t.file.clone(),
                line: t.line,
                test: t.name.clone(),
                reason: why.to_string(),
            });
        }
    }
    let dir = p.emit.clone().unwrap_or_else(harness::scratch_dir);
    if p.emit.is_some() || p.check {
        std::fs::create_dir_all(&dir).map_err(|e| input(format!("cannot create {}: {e}", dir.display())))?;
        for h in &hs {
            let path = dir.join(&h.name);
            std::fs::write(&path, &h.text).map_err(|e| input(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    if !p.check {
        for h in &hs {
            outln!("\n{} — {} in {} ({})", h.name, h.function, h.test, h.test_file);
            for g in &h.generalised {
                outln!("  {g}");
            }
        }
        if p.emit.is_some() {
            outln!("\nwrote {} file(s) to {}", hs.len(), dir.display());
        }
        return Ok(0);
    }
    if hs.is_empty() {
        // nothing was verified: not a success
        outln!("\nno harness to verify (see above why the tests have none)\n\nVERIFICATION UNKNOWN");
        return Ok(6);
    }
    let timeout = p.timeout.unwrap_or(std::time::Duration::from_secs(cfg.timeout));
    // every claim of a harness is checked (all the test's assertions that fail, each with its
    // trace), not only the first
    let mut safety = crate::run::safety_options(&cfg);
    safety.multi_property = true;
    let o = HarnessOptions { frontend: fo, safety };
    let (mut failed, mut unknown) = (0, 0);
    let mut results: Vec<(harness::Checked, Option<String>)> = Vec::new();
    let check_one = |h: &Harness| {
        let test_dir = root.join(&h.test_file).parent().map(Path::to_path_buf).unwrap_or_else(|| root.clone());
        harness::check(&dir.join(&h.name), &test_dir, &root, &d.sources, &o, Some(std::time::Instant::now() + timeout))
    };
    crate::run::parallel::ordered(&hs, jobs, check_one, |i, r| {
        let h = &hs[i];
        outln!(
            "\n{} ({} in {}, {}): {} ({:.1}s)",
            h.name,
            h.function,
            h.test,
            h.mode.name(),
            r.safety.name(),
            r.seconds
        );
        for g in &h.generalised {
            outln!("  input: {g}");
        }
        let mut unit_test = None;
        match r.safety {
            Safety::Successful | Safety::Precondition => {}
            Safety::Unknown => {
                unknown += 1;
                outln!("  {}", r.detail);
            }
            Safety::Failed => {
                failed += 1;
                outln!("  {}", r.detail);
                let violated: Vec<_> = r.claims.iter().filter(|c| c.status == "violated").collect();
                if violated.len() > 1 {
                    outln!("  {} claims fail:", violated.len());
                    for c in &violated {
                        outln!("    {}:{} {}", c.file, c.line, c.description);
                    }
                }
                if let Some(c) = violated.first() {
                    // the end of the counterexample (the helpers' own steps left out)
                    let steps: Vec<_> = c
                        .trace
                        .iter()
                        .filter(|s| !s.function.starts_with("__vd_") && !s.file.starts_with("<harness"))
                        .filter(|s| !s.text.starts_with("call __vd_") && !s.text.starts_with("return from __vd_"))
                        .collect();
                    let skip = steps.len().saturating_sub(20);
                    if skip > 0 {
                        outln!("    … {skip} earlier steps");
                    }
                    for s in &steps[skip..] {
                        outln!("    {}:{} {}: {}", s.file, s.line, s.function, s.text);
                    }
                    unit_test = concrete_test(h, c);
                    if let Some(test) = &unit_test {
                        outln!("  As a unit test (paste into {}):\n{test}", h.test_file);
                    }
                }
            }
        }
        results.push((r, unit_test));
    });
    if p.emit.is_some() {
        outln!("\nharnesses in {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    outln!("\n{} harness(es): {} failed, {} unknown", hs.len(), failed, unknown);
    if let Some(path) = &p.json {
        let rows: Vec<crate::report::harness::Row> = hs
            .iter()
            .zip(&results)
            .map(|(h, (r, t))| crate::report::harness::Row { harness: h, result: r, unit_test: t.clone() })
            .collect();
        let v = crate::report::harness::json(
            &rows,
            d.tests.len(),
            generalisable,
            &skipped,
            started.elapsed().as_secs_f64(),
        );
        let text = serde_json::to_string_pretty(&v).unwrap_or_default() + "\n";
        std::fs::write(path, text).map_err(|e| input(format!("cannot write {}: {e}", path.display())))?;
    }
    let code = if failed > 0 {
        10
    } else if unknown > 0 {
        6
    } else {
        0
    };
    outln!(
        "\n{}",
        match code {
            10 => "VERIFICATION FAILED",
            6 => "VERIFICATION UNKNOWN",
            _ => "VERIFICATION SUCCESSFUL",
        }
    );
    Ok(code)
}

/// The failing input as the test itself with concrete values: the values the nondet helpers
/// returned, in the order they were called, put back where the helpers were (when each
/// helper call ran once; else None).
fn concrete_test(h: &Harness, c: &crate::record::Claim) -> Option<String> {
    let values: Vec<String> = c
        .trace
        .iter()
        .filter(|s| {
            s.function.starts_with("__vd_range_")
                || s.function.starts_with("__vd_outside_")
                || s.function.starts_with("__vd_any_")
        })
        .filter_map(|s| {
            let v = s.text.strip_prefix("input v = ").or_else(|| s.text.strip_prefix("v = "))?;
            Some(v.split_whitespace().next().unwrap_or(v).to_string())
        })
        .collect();
    // the test with every assertion, helper calls in textual order
    let body = h.test_text.as_str();
    let mut out = String::new();
    let mut rest = body;
    let mut used = 0;
    while let Some(i) = ["__vd_range_", "__vd_outside_", "__vd_any_"].iter().filter_map(|m| rest.find(m)).min() {
        out.push_str(&rest[..i]);
        let close = rest[i..].find(')')? + i;
        match values.get(used) {
            Some(v) => out.push_str(v),
            // not reached before the failure: a value the tests themselves used (the
            // helper's lower bound), or 0
            None => {
                let args = &rest[i..close];
                let lo = args.split_once('(').map(|x| x.1).unwrap_or("").split(',').next().unwrap_or("").trim();
                out.push_str(if lo.is_empty() { "0" } else { lo });
            }
        }
        used += 1;
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    if used < values.len() {
        // a helper ran more often than it is written (a loop): the values do not map back
        return None;
    }
    // the test function alone, renamed
    // `name(`, Check's `START_TEST(name)`, or a Unity fixture's `TEST(group, n)` for TEST_group_n_
    let fixture = fixture_header(&out, &h.test);
    let start = out
        .find(&format!("{}(", h.test))
        .or_else(|| out.find(&format!("START_TEST({})", h.test)))
        .or_else(|| fixture.as_ref().map(|f| f.0))?;
    let line_start = out[..start].rfind('\n').map(|k| k + 1).unwrap_or(0);
    let open = out[start..].find('{')? + start;
    let mut depth = 0;
    let mut end = open;
    for (k, ch) in out[open..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    end = open + k + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let func = match &fixture {
        Some((_, name)) => {
            out[line_start..end].replacen(&format!("{name})"), &format!("{name}_verdiff_{})", h.function), 1)
        }
        None => out[line_start..end].replacen(&h.test, &format!("{}_verdiff_{}", h.test, h.function), 1),
    };
    Some(format!("/* found by verdiff harness ({} mode): {} */\n{func}\n", h.mode.name(), c.description))
}

/// Where a Unity fixture test `TEST(group, name)` for the function `TEST_group_name_` starts
/// in `text`, and its `name`.
fn fixture_header(text: &str, test: &str) -> Option<(usize, String)> {
    let mut at = 0;
    while let Some(i) = text[at..].find("TEST(") {
        let start = at + i;
        at = start + 5;
        let close = text[at..].find(')')? + at;
        let args: Vec<&str> = text[at..close].split(',').map(str::trim).collect();
        if let [g, n] = args[..] {
            if format!("TEST_{g}_{n}_") == test {
                return Some((start, n.to_string()));
            }
        }
    }
    None
}
