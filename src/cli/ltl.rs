//! `verdiff ltl FILE.c... --formula F`: an LTL property of a C program on bounded traces, with
//! the four values of Morse et al. (docs/ltl.md): GOOD, SUCCEEDING, FAILING, BAD.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::args::{parse_duration, Preprocessor};
use crate::engine::{self, EngineOptions, Report, Status};
use crate::frontend::ltl_atoms::{atom_functions, AtomText};
use crate::frontend::{self, FrontendOptions, Source};
use crate::instrument::{self, CheckOptions};
use crate::ir::{ClaimKind, Program, Target};
use crate::ltl::{classify, parse, Kind, Monitor, Parsed, Verdict};
use crate::symex::SymexOptions;

#[derive(clap::Args, Debug, Clone, Default)]
#[command(
    about = "LTL properties on bounded traces: GOOD, SUCCEEDING, FAILING or BAD (docs/ltl.md)",
    override_usage = "verdiff ltl FILE.c... [--formula F | --property FILE.prp] [options]",
    before_help = "Checks an LTL formula over the program's globals on every trace up to the bound.\n\
                   Exit status: 0 GOOD or SUCCEEDING (VERIFICATION SUCCESSFUL), 10 BAD or FAILING \
                   (VERIFICATION FAILED), 6 UNKNOWN (also for bad input), 1 usage error."
)]
pub struct LtlArgs {
    /// the C files, verified as one program
    #[arg(value_name = "FILE.c", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub pp: Preprocessor,
    /// the formula, e.g. 'G({pressed} -> F {charge > min})'; without it, the first
    /// `//@ ltl invariant NAME: FORMULA;` of the sources
    #[arg(long, value_name = "FORMULA")]
    pub formula: Option<String>,
    /// an SV-COMP property file with `CHECK( init(main()), LTL(...) )`
    #[arg(long, value_name = "FILE.prp", conflicts_with = "formula")]
    pub property: Option<PathBuf>,
    /// the bound: iterations of every loop and recursion a trace is observed for
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub unwind: u32,
    /// entry function (default main)
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,
    /// what a SUCCEEDING verdict (no violation seen, but one may come later) exits with:
    /// pass (0, with a warning) or fail (10)
    #[arg(long, value_name = "pass|fail", default_value = "pass", value_parser = ["pass", "fail"])]
    pub ltl_succeeding: String,
    /// time limit (30, 30s, 5m, 1h); hitting it gives UNKNOWN
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub timeout: Option<Duration>,
    /// print only the verdict lines
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(a: &LtlArgs) -> i32 {
    match check(a) {
        Ok(code) => code,
        Err(m) => {
            outln!("ERROR: {m}");
            outln!("\nVERIFICATION UNKNOWN");
            6
        }
    }
}

/// The formula to check, with where it came from (for messages).
fn formula_text(a: &LtlArgs) -> Result<(String, String), String> {
    if let Some(f) = &a.formula {
        return Ok((f.clone(), "--formula".into()));
    }
    if let Some(prp) = &a.property {
        let text = std::fs::read_to_string(prp).map_err(|e| format!("{}: {e}", prp.display()))?;
        let found = crate::ltl::source::prp_formulas(&text)
            .map_err(|e| format!("{}:{}: {}", prp.display(), e.line, e.message))?;
        let first = found.into_iter().next().ok_or_else(|| format!("{}: no LTL(...) property", prp.display()))?;
        return Ok((first.text, format!("{}:{}", prp.display(), first.line)));
    }
    for file in &a.files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let found = crate::ltl::source::ltl_invariants(&text)
            .map_err(|e| format!("{}:{}: {}", file.display(), e.line, e.message))?;
        if let Some(f) = found.into_iter().next() {
            return Ok((f.text, format!("{}:{} ({})", file.display(), f.line, f.name)));
        }
    }
    Err("no formula: give --formula or --property, or write `//@ ltl invariant NAME: FORMULA;` in the source".into())
}

fn check(a: &LtlArgs) -> Result<i32, String> {
    let start = Instant::now();
    let deadline = a.timeout.map(|t| start + t);
    let (text, origin) = formula_text(a)?;
    let parsed: Parsed = parse(&text)
        .map_err(|e| format!("{origin}: the formula does not parse at column {}: {}", e.span.start + 1, e.message))?;
    let n = parsed.atoms.len();
    let monitor = Monitor::new(&parsed.formula, n).map_err(|e| format!("{origin}: {e}"))?;

    let mut fo = FrontendOptions { target: Target::default(), ..Default::default() };
    fo.pp.include_dirs = a.pp.include_dirs.clone();
    fo.pp.defines = a.pp.defines.clone();
    fo.pp.undefines = a.pp.undefines.clone();
    let sources: Vec<Source> = a.files.iter().map(|p| Source { path: p.clone(), content: None }).collect();
    let mut texts = frontend::preprocess_sources(&sources, &fo).map_err(|e| e.to_string())?;
    // the atoms in the scope of the first file's globals
    let atoms: Vec<AtomText> = parsed
        .atoms
        .iter()
        .map(|at| AtomText { text: &at.text, offset: at.spans.first().map_or(0, |s| s.start) })
        .collect();
    if let Some(first) = texts.first_mut() {
        first.push_str(&atom_functions(&atoms));
    }
    let mut prog: Program =
        frontend::load_preprocessed(&texts, &fo).map_err(|e| format!("{} (in the formula {origin}: {text})", e))?;
    let entry_name = a.function.as_deref().unwrap_or("main");
    let entry = prog
        .func_named(entry_name)
        .filter(|&f| prog.func(f).body.is_some())
        .ok_or_else(|| format!("entry function `{entry_name}` not found (no definition)"))?;
    let ends = instrument::ltl::instrument(&mut prog, entry, &monitor, n).map_err(|e| format!("{origin}: {}", e.0))?;
    instrument::instrument(&mut prog, &CheckOptions::none());

    let so = SymexOptions {
        unwind: Some(a.unwind.max(1)),
        unwinding_assertions: false,
        trace_end: ends,
        ..Default::default()
    };
    let eo = EngineOptions { symex: so, deadline, ..EngineOptions::default() };
    let report = engine::verify(&prog, entry, &eo);
    let class = classify(&parsed.formula, n).ok();
    let outcome = outcome(&report);

    if !a.quiet {
        outln!("LTL formula: {parsed}");
        match &class {
            Some(c) => {
                let possible: Vec<&str> = c.possible.to_vec().iter().map(|v| v.name()).collect();
                outln!("  class: {}; possible verdicts: {}", kind_name(c.kind), possible.join(", "));
            }
            None => outln!("  class: not computed (the formula is too large)"),
        }
        outln!("  bound: {} iterations of every loop and recursion", a.unwind.max(1));
    }
    let (line, code) = match &outcome {
        Ok((v, claim)) => {
            outln!("LTL verdict: {}", v.name());
            if let (Some(c), false) = (claim, a.quiet) {
                out!("{}", crate::report::text::counterexample(&program_steps(c)));
            }
            match v {
                Verdict::Good => ("VERIFICATION SUCCESSFUL", 0),
                Verdict::Succeeding if a.ltl_succeeding == "fail" => ("VERIFICATION FAILED", 10),
                Verdict::Succeeding => {
                    if !a.quiet {
                        outln!(
                            "warning: SUCCEEDING: no violation within the bound, but a continuation of some trace could violate the formula (--ltl-succeeding fail makes this a failure)"
                        );
                    }
                    ("VERIFICATION SUCCESSFUL", 0)
                }
                Verdict::Failing | Verdict::Bad => ("VERIFICATION FAILED", 10),
            }
        }
        Err(why) => {
            outln!("LTL verdict: UNKNOWN");
            outln!("  reason: {why}");
            ("VERIFICATION UNKNOWN", 6)
        }
    };
    if !a.quiet {
        outln!("\nTime: {:.3}s", start.elapsed().as_secs_f64());
    }
    outln!("\n{line}");
    Ok(code)
}

/// The verdict the claims of `r` give, with the claim whose trace shows it; or why there is
/// none. The questions are decided worst first (the engine's phases), so the first violated
/// kind is the verdict; a kind with an undecided claim and no violation before it leaves the
/// verdict unknown.
fn outcome(r: &Report) -> Result<(Verdict, Option<&engine::ClaimResult>), String> {
    for (kind, verdict) in [
        (ClaimKind::LtlBad, Verdict::Bad),
        (ClaimKind::LtlFailing, Verdict::Failing),
        (ClaimKind::LtlSucceeding, Verdict::Succeeding),
    ] {
        let of_kind = || r.claims.iter().filter(move |c| c.kind == kind);
        if let Some(c) = of_kind().find(|c| c.status == Status::Violated) {
            return Ok((verdict, Some(c)));
        }
        if let Some(c) = of_kind().find(|c| !matches!(c.status, Status::Holds)) {
            return Err(match &c.status {
                Status::Unknown(w) => w.clone(),
                _ => match &r.verdict {
                    engine::Verdict::Unknown(w) => w.clone(),
                    _ => format!("the {} question was not decided", kind.name()),
                },
            });
        }
    }
    match &r.verdict {
        engine::Verdict::Unknown(w) => Err(w.clone()),
        _ => Ok((Verdict::Good, None)),
    }
}

/// The claim with its trace's steps of the program only (the monitor's own steps and globals
/// left out: the atoms' values are the program's).
fn program_steps(c: &engine::ClaimResult) -> engine::ClaimResult {
    let mut c = c.clone();
    // (the claim's condition is over the monitor's globals: its description says it)
    c.expression.clear();
    if let Some(t) = &mut c.trace {
        t.steps.retain(|s| {
            let monitor = match &s.event {
                engine::TraceEvent::Assign { lhs, .. } => lhs.starts_with("__verdiff_ltl_"),
                engine::TraceEvent::Call { func, .. } | engine::TraceEvent::Return { func } => {
                    func.starts_with("__verdiff_ltl_")
                }
                engine::TraceEvent::Input { .. } => false,
            };
            !s.function.starts_with("__verdiff_ltl_") && !monitor
        });
    }
    c
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Safety => "safety",
        Kind::CoSafety => "co-safety",
        Kind::SafetyAndCoSafety => "safety and co-safety",
        Kind::TrueLiveness => "true liveness",
        Kind::Toggle => "toggle",
        Kind::General => "general",
    }
}
