//! `verdiff harness`: the project's unit tests generalised into verification harnesses
//! (docs/harness.md).
//!
//! Discovery: test files from `tests.patterns`, their framework from their text, test
//! functions by the framework's conventions (`frameworks.rs`). Each test file is lowered on
//! its own with the framework models force-included (assertion macros become claims); the
//! functions it calls that are defined in a source file are the code under test. The inputs
//! of a test — integer constants in local initialisers and literal arguments — and the
//! arguments they reach are read from the IR (`inputs.rs`), never by running the test.
//!
//! Generalisation: for each test and function under test, the inputs reaching that function
//! become nondeterministic values constrained by the mode — `hull`: inside the interval all
//! tests of the function used at that argument; `beyond`: outside it; `free`: anything of the
//! type — written back into a copy of the test file (`rewrite.rs`). The harness keeps the
//! test's own assertions, and its entry runs the framework's set-up, the test, the tear-down.
//!
//! Depends on: config, frontend, ir, run (safety checks), record. Not on cli or report.

pub mod frameworks;
pub mod inputs;
pub mod rewrite;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::config::{glob, Config};
use crate::frontend::{self, FrontendOptions, Source};
use crate::ir::{FuncId, Program};
use crate::record::{Claim, Safety};
use crate::run::safety::{self as run_safety, SafetyOptions};
use frameworks::Framework;
use inputs::Input;

/// How inputs are generalised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Hull,
    Beyond,
    Free,
}

impl Mode {
    pub fn parse(s: &str) -> Option<Mode> {
        Some(match s {
            "hull" => Mode::Hull,
            "beyond" => Mode::Beyond,
            "free" => Mode::Free,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Mode::Hull => "hull",
            Mode::Beyond => "beyond",
            Mode::Free => "free",
        }
    }
}

/// A test function and what it feeds the code under test.
#[derive(Clone, Debug)]
pub struct TestCase {
    /// Repository-relative test file.
    pub file: String,
    pub name: String,
    pub framework: Framework,
    pub line: u32,
    /// Functions under test it calls.
    pub calls: BTreeSet<String>,
    pub inputs: Vec<Input>,
    /// Pointers it passes to functions under test (NULL or not).
    pub pointers: Vec<inputs::PointerArg>,
    /// Statements of the test verdiff cannot read (line, reason): their calls and inputs
    /// are missing from the above, and a harness reaching them is UNKNOWN.
    pub unreadable: Vec<(u32, String)>,
    /// Unity's set-up and tear-down functions for this test (`setUp`, or a fixture
    /// group's `TEST_<group>_SETUP`), when the file defines them.
    pub setup: Option<String>,
    pub teardown: Option<String>,
}

/// What discovery found.
#[derive(Debug, Default)]
pub struct Discovery {
    pub tests: Vec<TestCase>,
    /// Test files that could not be read, with the reason.
    pub problems: Vec<(String, String)>,
    /// Function under test → the source file defining it.
    pub sources: BTreeMap<String, String>,
    /// Function under test → its parameter names.
    pub params: BTreeMap<String, Vec<String>>,
    /// Range overrides of `.verdiff.yml` by (function, argument index).
    pub overrides: BTreeMap<(String, usize), (i128, i128)>,
}

/// One generated harness.
#[derive(Clone, Debug)]
pub struct Harness {
    /// File name (`<test file stem>__<test>__<function>.c`).
    pub name: String,
    pub test_file: String,
    pub test: String,
    pub function: String,
    pub mode: Mode,
    /// One line per generalised input element group (`ssr[0..9] in [-128, 98]`).
    pub generalised: Vec<String>,
    pub text: String,
    /// The test file with the helpers in place but every assertion kept (what a concrete
    /// failing input is written back into).
    pub test_text: String,
}

/// The options a harness is preprocessed and verified with.
pub struct HarnessOptions {
    pub frontend: FrontendOptions,
    pub safety: SafetyOptions,
}

fn is_test_file(config: &Config, rel: &str) -> bool {
    config.tests.patterns.iter().any(|g| glob::matches(g, rel))
}

/// Finds the tests of the repository at `root`.
pub fn discover(root: &Path, config: &Config, fo: &FrontendOptions) -> Discovery {
    let mut d = Discovery::default();
    // where the code under test lives: the configured sources that are not tests
    let all = crate::run::c_files(root);
    // no tests, nothing to discover (and no sources to lower for it)
    if !all.iter().any(|f| is_test_file(config, f)) {
        return d;
    }
    let sources: Vec<String> =
        all.iter().filter(|f| config.is_source(f) && !is_test_file(config, f)).cloned().collect();
    for rel in &sources {
        let src = Source { path: root.join(rel), content: None };
        let Ok(texts) = frontend::preprocess_sources(&[src], fo) else { continue };
        let Ok(p) = frontend::load_preprocessed(&texts, fo) else { continue };
        for (name, f) in crate::run::functions_in_file(&p, rel) {
            let params: Vec<String> = p.func(f).params.iter().map(|&v| p.var(v).name.clone()).collect();
            d.params.entry(name.clone()).or_insert(params);
            d.sources.entry(name).or_insert_with(|| rel.clone());
        }
    }
    // ranges given in the configuration, by parameter name or `argN`
    for (f, fc) in &config.functions {
        for (p, [lo, hi]) in &fc.inputs {
            let k = p
                .strip_prefix("arg")
                .and_then(|n| n.parse::<usize>().ok())
                .and_then(|n| n.checked_sub(1))
                .or_else(|| d.params.get(f).and_then(|ps| ps.iter().position(|x| x == p)));
            match k {
                Some(k) => {
                    d.overrides.insert((f.clone(), k), (*lo as i128, *hi as i128));
                }
                None => d
                    .problems
                    .push((".verdiff.yml".into(), format!("functions.{f}.inputs: `{f}` has no parameter `{p}`"))),
            }
        }
    }
    let tests: Vec<String> = all.iter().filter(|f| is_test_file(config, f)).cloned().collect();
    let (model_dir, model_header) = match frameworks::model_dir() {
        Ok(x) => x,
        Err(e) => {
            d.problems.push(("(verdiff)".into(), e));
            return d;
        }
    };
    for rel in tests {
        let path = root.join(&rel);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                d.problems.push((rel.clone(), e.to_string()));
                continue;
            }
        };
        let fw = match config.tests.framework.as_str() {
            "auto" => frameworks::detect(&text),
            other => Framework::parse(other).unwrap_or_else(|| frameworks::detect(&text)),
        };
        frameworks::stand_ins_for(&text, &model_dir);
        let tfo = test_options(fo, &model_dir, &model_header, path.parent());
        let prog = match frontend::preprocess_sources(&[Source { path: path.clone(), content: None }], &tfo)
            .and_then(|t| frontend::load_preprocessed(&t, &tfo))
        {
            Ok(p) => p,
            Err(e) => {
                d.problems.push((rel.clone(), e.to_string().replace(&format!("{}/", root.display()), "")));
                continue;
            }
        };
        let defined: Vec<String> = crate::run::functions_in_file(&prog, &rel).into_iter().map(|(n, _)| n).collect();
        let under_test = |g: FuncId| {
            let f = prog.func(g);
            let name = crate::ir::fingerprint::base_name(&f.name);
            !f.model && !f.system && !defined.iter().any(|n| n == name) && d.sources.contains_key(name)
        };
        for name in frameworks::test_names(&text, fw, &defined) {
            let Some(t) = prog.func_named(&name) else { continue };
            if name == "main" && !prog.func(t).params.is_empty() {
                // (the harness calls its test with no arguments; such a test's inputs come
                // from how it is run, a shell script's arguments, not from its code)
                d.problems.push((
                    rel.clone(),
                    "`main` takes its command line (argc, argv): its inputs are not in the code, so no harness is made from it".into(),
                ));
                continue;
            }
            d.tests.push(TestCase {
                file: rel.clone(),
                name: name.clone(),
                framework: fw,
                line: prog.func(t).loc.line,
                calls: inputs::called(&prog, t, &under_test),
                inputs: inputs::inputs(&prog, t, &under_test, config.tests.globals),
                pointers: inputs::pointer_args(&prog, t, &under_test),
                unreadable: prog
                    .func(t)
                    .body
                    .iter()
                    .flatten()
                    .filter_map(|i| match &i.kind {
                        crate::ir::InstrKind::Unsupported(why) => Some((i.loc.line, why.clone())),
                        _ => None,
                    })
                    .collect(),
                setup: (fw == Framework::Unity).then(|| fixture(&name, &defined, "SETUP", "setUp")).flatten(),
                teardown: (fw == Framework::Unity).then(|| fixture(&name, &defined, "TEAR_DOWN", "tearDown")).flatten(),
            });
        }
    }
    d
}

/// Unity's set-up (or tear-down) function of a test: for a fixture test `TEST_<group>_<name>_`
/// the defined `TEST_<group>_<kind>` with the longest group the name starts with; else the
/// plain one (`setUp`, `tearDown`) when defined.
fn fixture(test: &str, defined: &[String], kind: &str, plain: &str) -> Option<String> {
    let suffix = format!("_{kind}");
    let group = defined
        .iter()
        .filter_map(|n| n.strip_prefix("TEST_")?.strip_suffix(&suffix))
        .filter(|g| test.starts_with(&format!("TEST_{g}_")))
        .max_by_key(|g| g.len());
    match group {
        Some(g) => Some(format!("TEST_{g}{suffix}")),
        None => defined.iter().any(|n| n == plain).then(|| plain.to_string()),
    }
}

/// Front-end options for a test file or harness: the framework models first, the test's
/// own directory for its quoted includes.
fn test_options(fo: &FrontendOptions, model_dir: &Path, header: &Path, test_dir: Option<&Path>) -> FrontendOptions {
    let mut t = fo.clone();
    t.pp.include_dirs.insert(0, model_dir.to_path_buf());
    if let Some(dir) = test_dir {
        t.pp.include_dirs.push(dir.to_path_buf());
    }
    t.pp.force_includes.push(header.to_path_buf());
    t
}

/// The values all tests passed at each (function, argument): what `hull` spans.
pub fn positions(tests: &[TestCase]) -> BTreeMap<(String, usize), (i128, i128, usize)> {
    let mut m: BTreeMap<(String, usize), (i128, i128, usize)> = BTreeMap::new();
    for t in tests {
        for i in &t.inputs {
            for pos in &i.reaches {
                for &v in &i.values {
                    let e = m.entry(pos.clone()).or_insert((v, v, 0));
                    e.0 = e.0.min(v);
                    e.1 = e.1.max(v);
                }
                m.entry(pos.clone()).or_insert((0, 0, 0)).2 += 1;
            }
        }
    }
    m
}

/// The harnesses of every test and function under test it calls.
pub fn harnesses(d: &Discovery, root: &Path, mode: Mode) -> Vec<Harness> {
    let mut pos = positions(&d.tests);
    // a configured range replaces what the tests span
    for (k, &(lo, hi)) in &d.overrides {
        let n = pos.get(k).map(|e| e.2).unwrap_or(0);
        pos.insert(k.clone(), (lo, hi, n));
    }
    // pointer arguments some test passes NULL to
    let nulls: BTreeSet<(String, usize)> =
        d.tests.iter().flat_map(|t| &t.pointers).filter(|p| p.null).map(|p| (p.function.clone(), p.arg)).collect();
    let mut out = Vec::new();
    for t in &d.tests {
        let Ok(src) = std::fs::read_to_string(root.join(&t.file)) else { continue };
        for f in &t.calls {
            if let Some(h) = harness(t, f, &src, &pos, &nulls, &d.overrides, mode) {
                out.push(h);
            }
        }
    }
    out
}

fn harness(
    t: &TestCase,
    f: &str,
    src: &str,
    pos: &BTreeMap<(String, usize), (i128, i128, usize)>,
    nulls: &BTreeSet<(String, usize)>,
    overrides: &BTreeMap<(String, usize), (i128, i128)>,
    mode: Mode,
) -> Option<Harness> {
    let mut edits = Vec::new();
    let mut generalised = Vec::new();
    let mut types = BTreeSet::new();
    for i in &t.inputs {
        // an argument of this function, or a global the test sets (any function may read it)
        // (a struct member's values are collected as `f.member`)
        let member_of_f = |g: &str| g.strip_prefix(f).is_some_and(|r| r.starts_with('.'));
        let reach: Vec<&(String, usize)> =
            i.reaches.iter().filter(|(g, _)| g == f || g.starts_with("global ") || member_of_f(g)).collect();
        if reach.is_empty() {
            continue;
        }
        let Some(suffix) = rewrite::nondet_suffix(&i.c_type) else { continue };
        // the hull of the arguments it reaches, over all tests
        let (mut lo, mut hi, mut n) = (i128::MAX, i128::MIN, 0);
        for r in &reach {
            if let Some(&(a, b, k)) = pos.get(*r) {
                lo = lo.min(a);
                hi = hi.max(b);
                n += k;
            }
        }
        if lo > hi {
            continue;
        }
        // a length beside a buffer of the test stays within the buffer (hull only: beyond
        // and free look past what the tests describe on purpose)
        if let (Mode::Hull, Some(cap)) = (mode, i.cap) {
            hi = hi.min(cap.max(lo));
        }
        let gen = match mode {
            Mode::Hull if lo == hi => continue,
            Mode::Hull => {
                format!("__vd_range_{suffix}({}, {})", rewrite::literal(lo, &i.c_type), rewrite::literal(hi, &i.c_type))
            }
            // nothing lies outside a hull that covers the whole type
            Mode::Beyond if lo <= i.min && hi >= i.max => continue,
            Mode::Beyond => {
                format!(
                    "__vd_outside_{suffix}({}, {})",
                    rewrite::literal(lo, &i.c_type),
                    rewrite::literal(hi, &i.c_type)
                )
            }
            Mode::Free => format!("__vd_any_{suffix}()"),
        };
        let count = i.values.len();
        let elems: Vec<(usize, String)> = (0..count).map(|k| (k, gen.clone())).collect();
        let e = match (&i.var, &i.field) {
            // one member of the struct's initialiser
            (Some(v), Some(fl)) => {
                rewrite::variable_edits(src, i.line, i.col, v, false, fl.count, &[(fl.index, gen.clone())])
            }
            (Some(v), None) => rewrite::variable_edits(src, i.line, i.col, v, i.is_string, count, &elems),
            (None, _) => {
                let (g, k) = reach[0];
                rewrite::argument_edit(src, i.line, g, *k, &gen).map(|e| vec![e])
            }
        };
        let Some(e) = e else { continue };
        edits.extend(e);
        types.insert(i.c_type.clone());
        let what = match &i.var {
            Some(v) if i.field.is_some() => format!("{v}.{}", i.field.as_ref().map(|f| f.name.as_str()).unwrap_or("")),
            Some(v) if i.is_array => format!("{v}[0..{}]", count.saturating_sub(1)),
            Some(v) => v.clone(),
            None => format!("argument {} of {f}", reach[0].1 + 1),
        };
        let args: Vec<String> = reach
            .iter()
            .map(|(g, k)| match (g.strip_prefix("global "), g.split_once('.')) {
                (Some(name), _) => format!("global {name}"),
                (None, Some((func, member))) => format!("{func} argument {} (.{member})", k + 1),
                (None, None) => format!("{g} argument {}", k + 1),
            })
            .collect();
        let range = match mode {
            Mode::Hull => format!("in [{lo}, {hi}]"),
            Mode::Beyond => format!("outside [{lo}, {hi}]"),
            Mode::Free => "any value".to_string(),
        };
        let from = if reach.iter().any(|r| overrides.contains_key(*r)) {
            format!("the range .verdiff.yml gives {}", args.join(", "))
        } else {
            format!("the values {} took in {n} test input(s)", args.join(", "))
        };
        generalised.push(format!("{what} (line {}): {range} — {from}", i.line));
    }
    // pointers: hull lets an address the test passes also be NULL where some test passes NULL
    // at that argument; beyond passes NULL where no test does; free lets every address be NULL
    let mut null_inputs = false;
    for ptr in t.pointers.iter().filter(|p| p.function == f && !p.null) {
        let null_tested = nulls.contains(&(ptr.function.clone(), ptr.arg));
        let (wrap, why) = match mode {
            Mode::Hull if null_tested => (true, "or NULL — some test passes NULL there"),
            Mode::Beyond if !null_tested => (false, "NULL — no test passes NULL there"),
            Mode::Free => (true, "or NULL"),
            _ => continue,
        };
        let e = rewrite::argument_wrap(src, ptr.line, f, ptr.arg, |arg| {
            if wrap {
                format!("(__vd_range_int(0, 1) ? ({arg}) : 0)")
            } else {
                "0".to_string()
            }
        });
        let Some(e) = e else { continue };
        edits.push(e);
        if wrap {
            types.insert("int".to_string());
            null_inputs = true;
        }
        let what = if wrap { "the address the test passes, " } else { "" };
        generalised.push(format!("pointer argument {} of {f} (line {}): {what}{why}", ptr.arg + 1, ptr.line));
    }
    if generalised.is_empty() {
        return None;
    }
    let test_text = rewrite::apply(src, edits);
    let (body, at) = rewrite::drop_literal_oracles(&test_text, null_inputs);
    // (the test's own comparisons are what its reader cares about)
    let dropped = match rewrite::function_body(&test_text, t.line) {
        Some((a, b)) => at.iter().filter(|&&x| a <= x && x < b).count(),
        None => at.len(),
    };
    if dropped > 0 {
        generalised.push(format!(
            "{dropped} comparison(s) with a literal expected value in the test dropped: they check the test's own inputs only (a NULL expectation, where an address may be NULL, is assumed instead: the test ends where it fails)"
        ));
    }
    let stem = Path::new(&t.file).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = format!("{stem}__{}__{f}.c", t.name);
    let mut text = format!(
        "/* verdiff harness, generated by `verdiff harness` from the unit test below: review it,\n \
         * commit it, and verify it with `verdiff harness --check`.\n \
         *   test:               {}: {} ({})\n \
         *   function under test: {f}\n \
         *   generalisation:     {} — inputs replaced by nondeterministic values:\n",
        t.file,
        t.name,
        t.framework.name(),
        mode.name()
    );
    for g in &generalised {
        text.push_str(&format!(" *     {g}\n"));
    }
    text.push_str(&format!(
        " * verdiff-harness: test-file={} test={} function={f} mode={}\n */\n",
        t.file,
        t.name,
        mode.name()
    ));
    text.push_str("int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assume(int);\n");
    for ty in &types {
        if let Some(s) = rewrite::nondet_suffix(ty) {
            text.push_str(&format!("{ty} __VERIFIER_nondet_{s}(void);\n"));
        }
        text.push_str(&rewrite::helpers(ty));
    }
    // the test file itself, its lines numbered as in the original; its own main renamed
    text.push_str(&format!("#define main __verdiff_test_main\n#line 1 \"{}\"\n", t.file));
    text.push_str(&body);
    if !body.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!("#line 1 \"<harness {name}>\"\n#undef main\n"));
    if t.framework == Framework::Cmocka {
        text.push_str("static void *__vd_state = 0;\n");
    }
    text.push_str("void __verdiff_harness(void) {\n");
    if let Some(f) = &t.setup {
        text.push_str(&format!("    {f}();\n"));
    }
    let callee = if t.name == "main" { "__verdiff_test_main".to_string() } else { t.name.clone() };
    text.push_str(&format!("    {callee}({});\n", t.framework.call_args()));
    if let Some(f) = &t.teardown {
        text.push_str(&format!("    {f}();\n"));
    }
    text.push_str("}\n");
    Some(Harness {
        name,
        test_file: t.file.clone(),
        test: t.name.clone(),
        function: f.to_string(),
        mode,
        generalised,
        text,
        test_text,
    })
}

/// The outcome of verifying one harness.
#[derive(Clone, Debug)]
pub struct Checked {
    pub safety: Safety,
    pub detail: String,
    pub claims: Vec<Claim>,
    /// Every claim of the harness with its status (holds, violated, unknown, not-checked),
    /// unwinding claims included: what a regression comparison needs.
    pub all_claims: Vec<Claim>,
    pub seconds: f64,
    /// Where the time went: lowering the harness and what it links (frontend), then the
    /// safety checks (`other` not filled in).
    pub phases: crate::record::Phases,
}

/// Verifies a harness written at `path` (the test's directory `test_dir` serves its quoted
/// includes); the functions it calls are linked from the source files of `d.sources`.
pub fn check(
    path: &Path,
    test_dir: &Path,
    root: &Path,
    sources: &BTreeMap<String, String>,
    o: &HarnessOptions,
    deadline: Option<std::time::Instant>,
) -> Checked {
    let start = std::time::Instant::now();
    let fail = |detail: String| Checked {
        safety: Safety::Unknown,
        detail,
        claims: vec![],
        all_claims: vec![],
        seconds: start.elapsed().as_secs_f64(),
        phases: Default::default(),
    };
    let (model_dir, header) = match frameworks::model_dir() {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    frameworks::stand_ins_for(&std::fs::read_to_string(path).unwrap_or_default(), &model_dir);
    let tfo = test_options(&o.frontend, &model_dir, &header, Some(test_dir));
    // file names relative to the repository; the harness itself by its name, not by the
    // scratch directory it was written to
    let in_root = crate::run::relativise(root);
    let here = path.display().to_string();
    let named = format!("<harness {}>", path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default());
    let rel = move |s: &str| in_root(&s.replace(&here, &named));
    let harness_text = match frontend::preprocess_sources(&[Source { path: path.to_path_buf(), content: None }], &tfo) {
        Ok(mut t) => t.pop().unwrap_or_default(),
        Err(e) => return fail(rel(&e.to_string())),
    };
    // link the source files defining what the harness calls, transitively
    let mut files: Vec<String> = Vec::new();
    let mut texts = vec![harness_text];
    let prog: Program = loop {
        let p = match frontend::load_preprocessed(&texts, &o.frontend) {
            Ok(p) => p,
            Err(e) => return fail(rel(&e.to_string())),
        };
        let missing: BTreeSet<String> = p
            .funcs
            .iter()
            .filter(|f| f.body.is_none() && !f.model && !f.system)
            .filter_map(|f| sources.get(crate::ir::fingerprint::base_name(&f.name)).cloned())
            .filter(|file| !files.contains(file))
            .collect();
        if missing.is_empty() {
            break p;
        }
        for file in missing {
            match frontend::preprocess_sources(&[Source { path: root.join(&file), content: None }], &o.frontend) {
                Ok(mut t) => texts.push(t.pop().unwrap_or_default()),
                Err(e) => return fail(rel(&e.to_string())),
            }
            files.push(file);
        }
    };
    let mut phases = crate::record::Phases { frontend: start.elapsed().as_secs_f64() * 1000.0, ..Default::default() };
    let Some(entry) = prog.func_named("__verdiff_harness") else {
        return fail("the harness has no entry function `__verdiff_harness`".into());
    };
    // tests loop over their data a fixed number of times, often more than the default bound:
    // a cut loop raises the bound (x4, up to 1024) while time remains
    let mut so = o.safety.clone();
    so.deepen = false;
    loop {
        let v = run_safety::verify(&prog, entry, &so, deadline);
        phases.add(&v.phases);
        let report = v.report;
        let res = crate::record::safety_of(&report, so.unwind, &v.assumes, &rel);
        let (safety, detail, claims) = (res.safety, res.detail, res.claims);
        let cut = safety == Safety::Unknown
            && (detail.starts_with("no violation within") || detail.starts_with("some loop was cut"));
        let time_left = deadline.is_none_or(|d| std::time::Instant::now() < d);
        if !cut || so.unwind >= 256 || !time_left {
            let all_claims = report.claims.iter().map(|c| crate::record::claim(c, &rel)).collect();
            let (safety, detail) = match safety {
                // claims that hold say nothing of a function the test never calls (an
                // ignored or skipped test, a return before the call)
                Safety::Successful | Safety::Precondition => reached_or_unknown(&prog, entry, path, &so, deadline),
                other => (other, detail),
            };
            let seconds = start.elapsed().as_secs_f64();
            return Checked { safety, detail, claims, all_claims, seconds, phases };
        }
        so.unwind = (so.unwind.max(1) * 4).min(256);
    }
}

/// SUCCESSFUL when the harness at `path` calls its function under test on some execution,
/// else UNKNOWN with the reason.
fn reached_or_unknown(
    prog: &Program,
    entry: FuncId,
    path: &Path,
    so: &SafetyOptions,
    deadline: Option<std::time::Instant>,
) -> (Safety, String) {
    let function = std::fs::read_to_string(path).ok().as_deref().and_then(header_of).map(|h| h.2);
    let Some((function, target)) = function.and_then(|f| prog.func_named(&f).map(|g| (f, g))) else {
        return (Safety::Unknown, "the harness names no function under test verdiff can find".into());
    };
    match run_safety::reaches(prog, entry, target, so, deadline) {
        Some(true) => (Safety::Successful, String::new()),
        Some(false) => (
            Safety::Unknown,
            format!("the test never calls `{function}` (ignored or skipped, or it returns before the call): its claims hold but verify nothing of `{function}`"),
        ),
        None => (Safety::Unknown, format!("could not show that the test calls `{function}` (time limit or solver)")),
    }
}

/// Reads the `verdiff-harness:` line of a harness file: (test file, test, function, mode).
pub fn header_of(text: &str) -> Option<(String, String, String, String)> {
    let line = text.lines().find(|l| l.contains("verdiff-harness:"))?;
    let field = |k: &str| line.split_whitespace().find_map(|w| w.strip_prefix(&format!("{k}="))).map(String::from);
    Some((field("test-file")?, field("test")?, field("function")?, field("mode")?))
}

/// Where harness files go when not emitted: a directory of this process.
pub fn scratch_dir() -> PathBuf {
    std::env::temp_dir().join(format!("verdiff-harness-{}", std::process::id()))
}

/// The harnesses of a repository by function under test, ready for `verdiff run` and
/// `verdiff diff` (which verify a function with tests through them).
#[derive(Debug)]
pub struct HarnessSet {
    pub root: PathBuf,
    pub by_function: BTreeMap<String, Vec<Harness>>,
    pub sources: BTreeMap<String, String>,
    /// Where the harness files are written to be verified.
    pub dir: PathBuf,
    /// The text every harness result depends on besides the function's own code: the
    /// harnesses (test code included) and the source files defining what the tests call.
    pub key_text: BTreeMap<String, String>,
}

impl crate::run::Harnesses for HarnessSet {
    fn harness_key(&self, function: &str) -> Option<&str> {
        self.key_text.get(function).map(String::as_str)
    }

    fn check_through_tests(
        &self,
        function: &str,
        file: &str,
        frontend: &FrontendOptions,
        safety: &SafetyOptions,
        deadline: Option<std::time::Instant>,
    ) -> Option<crate::record::SafetyResult> {
        let o = HarnessOptions { frontend: frontend.clone(), safety: safety.clone() };
        self.check_function(function, file, &o, deadline)
    }
}

impl HarnessSet {
    /// Discovers and generates the harnesses (None when the configuration turns them off or
    /// there are none).
    pub fn build(root: &Path, config: &Config, fo: &FrontendOptions) -> Option<HarnessSet> {
        if !config.tests.harnesses {
            return None;
        }
        let mode = Mode::parse(&config.tests.generalise).unwrap_or(Mode::Hull);
        let d = discover(root, config, fo);
        let hs = harnesses(&d, root, mode);
        if hs.is_empty() {
            return None;
        }
        let dir = scratch_dir().join("run");
        std::fs::create_dir_all(&dir).ok()?;
        let mut by_function: BTreeMap<String, Vec<Harness>> = BTreeMap::new();
        for h in hs {
            if std::fs::write(dir.join(&h.name), &h.text).is_err() {
                continue;
            }
            by_function.entry(h.function.clone()).or_default().push(h);
        }
        // a harness links the sources it calls transitively and reads headers: its result
        // depends on every source and header file (one digest of them all, not per function)
        let code = {
            use sha2::{Digest, Sha256};
            let mut h = Sha256::new();
            for file in crate::run::files_with(root, &["c", "h"]) {
                h.update(file.as_bytes());
                h.update(std::fs::read(root.join(&file)).unwrap_or_default());
                h.update([0u8]);
            }
            h.finalize().iter().map(|b| format!("{b:02x}")).collect::<String>()
        };
        let mut key_text = BTreeMap::new();
        for (f, hs) in &by_function {
            let mut text = String::new();
            for h in hs {
                text.push_str(&h.text);
            }
            text.push_str(&format!("\ncode {code}"));
            key_text.insert(f.clone(), text);
        }
        Some(HarnessSet { root: root.to_path_buf(), by_function, sources: d.sources, dir, key_text })
    }

    /// Verifies `function` of source file `file` (repository-relative) through its
    /// harnesses: FAILED when one fails (named in the detail), SUCCESSFUL when all verify,
    /// else UNKNOWN. None when it has no harness — also when the harnesses test a function
    /// of that name in another file (a `static` namesake is not what the tests call).
    pub fn check_function(
        &self,
        function: &str,
        file: &str,
        o: &HarnessOptions,
        deadline: Option<std::time::Instant>,
    ) -> Option<crate::record::SafetyResult> {
        if self.sources.get(function).map(String::as_str) != Some(file) {
            return None;
        }
        let hs = self.by_function.get(function)?;
        let mut unknown = Vec::new();
        let mut phases = crate::record::Phases::default();
        for (i, h) in hs.iter().enumerate() {
            if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                // the function's time limit holds across its harnesses
                unknown.push(format!(
                    "time limit reached before {} of its {} harnesses were checked",
                    hs.len() - i,
                    hs.len()
                ));
                break;
            }
            let test_dir =
                self.root.join(&h.test_file).parent().map(Path::to_path_buf).unwrap_or_else(|| self.root.clone());
            let r = check(&self.dir.join(&h.name), &test_dir, &self.root, &self.sources, o, deadline);
            phases.add(&r.phases);
            let by = format!("harness {} ({} of {}, {} mode)", h.name, h.test, h.test_file, h.mode.name());
            match r.safety {
                Safety::Failed => {
                    let mut f = crate::record::SafetyResult::new(Safety::Failed, format!("{by}: {}", r.detail));
                    f.claims = r.claims;
                    f.phases = phases;
                    return Some(f);
                }
                Safety::Unknown => unknown.push(format!("{by}: {}", r.detail)),
                Safety::Successful | Safety::Precondition => {}
            }
        }
        let mut r = if unknown.is_empty() {
            crate::record::SafetyResult::new(
                Safety::Successful,
                format!("verified through {} harness(es) from the unit tests", hs.len()),
            )
        } else {
            crate::record::SafetyResult::new(Safety::Unknown, unknown.join("; "))
        };
        r.phases = phases;
        Some(r)
    }
}

impl Drop for HarnessSet {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
