//! Checking an LTL requirement on a C program (docs/ltl.md): the formula parsed and its
//! monitor built (`ltl`), the atoms lowered in the program's scope (`frontend`), the monitor
//! put into the program (`instrument::ltl`), one bounded verification (`engine`), and the
//! four-valued verdict read off its claims (`outcome.rs`). `verdiff ltl`, `verdiff check
//! --ltl` and the `.verdiff.yml` requirements of `run` and `diff` share it.

mod outcome;
pub mod requirements;
pub mod source;

use std::time::{Duration, Instant};

use crate::engine::{self, ClaimResult, EngineOptions, Report};
use crate::frontend::ltl_atoms::{atom_functions, AtomText};
use crate::frontend::{self, FrontendOptions, Source};
use crate::instrument::{self, CheckOptions};
use crate::ir::Program;
use crate::ltl::{classify, parse, Kind, Monitor, Parsed, Verdict};

pub use outcome::program_steps;

/// One requirement to check.
#[derive(Clone, Debug)]
pub struct Request {
    pub sources: Vec<Source>,
    pub frontend: FrontendOptions,
    /// The formula's text.
    pub formula: String,
    /// Where it came from, for messages (`--formula`, `file.c:12 (name)`).
    pub origin: String,
    /// The entry function (main when None).
    pub entry: Option<String>,
    /// Iterations of every loop and recursion a trace is observed for.
    pub bound: u32,
    /// Look for lassos (docs/ltl.md §5).
    pub lasso: bool,
    pub deadline: Option<Instant>,
}

/// Where a lasso closes: the loop's back-edge and the two iterations whose states are equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lasso {
    pub file: String,
    pub line: u32,
    pub from_iteration: u32,
    pub to_iteration: u32,
}

impl Lasso {
    /// `lasso at FILE:LINE: the state after iteration i comes back after iteration j`, with
    /// the file named as `file` says (the report's relative path, or as given).
    pub fn describe(&self, file: &str) -> String {
        format!(
            "lasso at {file}:{}: the state after iteration {} comes back after iteration {}",
            self.line, self.from_iteration, self.to_iteration
        )
    }
}

/// Whether a verdict fails the check: BAD and FAILING always, SUCCEEDING when asked to.
pub fn fails(v: Verdict, succeeding_fails: bool) -> bool {
    matches!(v, Verdict::Bad | Verdict::Failing) || (v == Verdict::Succeeding && succeeding_fails)
}

/// The answer for one bound.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The formula as parsed, printed back.
    pub formula: String,
    pub kind: Option<Kind>,
    /// The verdicts the formula's class allows (docs/ltl.md §2), worst first.
    pub possible: Vec<Verdict>,
    pub bound: u32,
    /// The verdict with the claim whose trace shows it, or why there is none.
    pub verdict: Result<Verdict, String>,
    /// The violated claim (its trace in the program's terms), for every verdict but GOOD.
    pub witness: Option<ClaimResult>,
    /// For BAD by a lasso.
    pub lasso: Option<Lasso>,
    /// Why the lasso question was not decided (when the verdict is FAILING or SUCCEEDING).
    pub lasso_undecided: Option<String>,
    pub seconds: f64,
    pub report: Report,
}

/// Bad input (a formula that does not parse, an atom naming an unknown variable, C the front
/// end cannot read): the message names the place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The parsed formula of a request, with its monitor.
pub struct Prepared {
    parsed: Parsed,
    monitor: Monitor,
}

/// Parses the request's formula and builds its monitor.
pub fn prepare(r: &Request) -> Result<Prepared, InputError> {
    let parsed = parse(&r.formula).map_err(|e| {
        InputError(format!("{}: the formula does not parse at column {}: {}", r.origin, e.span.start + 1, e.message))
    })?;
    let monitor =
        Monitor::new(&parsed.formula, parsed.atoms.len()).map_err(|e| InputError(format!("{}: {e}", r.origin)))?;
    Ok(Prepared { parsed, monitor })
}

/// The program with the request's monitor in it, its entry, and what symbolic execution needs.
fn monitored_program(
    r: &Request,
    p: &Prepared,
) -> Result<(Program, crate::ir::FuncId, instrument::ltl::Monitored), InputError> {
    let mut texts = frontend::preprocess_sources(&r.sources, &r.frontend).map_err(|e| InputError(e.to_string()))?;
    // the atoms in the scope of the first file's globals
    let atoms: Vec<AtomText> = p
        .parsed
        .atoms
        .iter()
        .map(|at| AtomText { text: &at.text, offset: at.spans.first().map_or(0, |s| s.start) })
        .collect();
    if let Some(first) = texts.first_mut() {
        first.push_str(&atom_functions(&atoms));
    }
    let mut prog = frontend::load_preprocessed(&texts, &r.frontend)
        .map_err(|e| InputError(format!("{e} (in the formula {}: {})", r.origin, r.formula)))?;
    let entry_name = r.entry.as_deref().unwrap_or("main");
    let entry = prog
        .func_named(entry_name)
        .filter(|&f| prog.func(f).body.is_some())
        .ok_or_else(|| InputError(format!("entry function `{entry_name}` not found (no definition)")))?;
    let monitored = instrument::ltl::instrument(&mut prog, entry, &p.monitor, p.parsed.atoms.len())
        .map_err(|e| InputError(format!("{}: {}", r.origin, e.0)))?;
    instrument::instrument(&mut prog, &CheckOptions::none());
    Ok((prog, entry, monitored))
}

/// The functions among `names` the request's program reaches from its entry (by base name:
/// `f` names a static `f` of any file too).
pub fn reached(r: &Request, names: &[String]) -> Result<Vec<String>, InputError> {
    let prog = frontend::load_sources(&r.sources, &r.frontend).map_err(|e| InputError(e.to_string()))?;
    let entry_name = r.entry.as_deref().unwrap_or("main");
    let entry = prog
        .func_named(entry_name)
        .filter(|&f| prog.func(f).body.is_some())
        .ok_or_else(|| InputError(format!("entry function `{entry_name}` not found (no definition)")))?;
    let reach = crate::ir::reach::reachable(&prog, entry);
    let mut found: Vec<String> = reach
        .funcs
        .iter()
        .map(|&f| crate::ir::fingerprint::base_name(&prog.func(f).name).to_string())
        .filter(|n| names.iter().any(|m| crate::ir::fingerprint::base_name(m) == n))
        .collect();
    found.sort();
    found.dedup();
    Ok(found)
}

/// Checks the request at its bound.
pub fn check(r: &Request, p: &Prepared) -> Result<Checked, InputError> {
    let start = Instant::now();
    let (prog, entry, monitored) = monitored_program(r, p)?;
    let bound = r.bound.max(1);
    let so = engine::SymexOptions {
        unwind: Some(bound),
        unwinding_assertions: false,
        trace_end: monitored.ends,
        lasso: r.lasso.then_some(monitored.lasso),
        ..Default::default()
    };
    let eo = EngineOptions { symex: so, deadline: r.deadline, ..EngineOptions::default() };
    let report = engine::verify(&prog, entry, &eo);
    let n = p.parsed.atoms.len();
    let class = classify(&p.parsed.formula, n).ok();
    let (verdict, witness) = match outcome::outcome(&report) {
        Ok((v, c)) => (Ok(v), c.map(program_steps)),
        Err(why) => (Err(why), None),
    };
    let lasso = witness.as_ref().and_then(outcome::lasso_of);
    let lasso_undecided = match verdict {
        Ok(Verdict::Failing | Verdict::Succeeding) => outcome::lasso_undecided(&report),
        _ => None,
    };
    Ok(Checked {
        formula: p.parsed.to_string(),
        kind: class.as_ref().map(|c| c.kind),
        possible: class.as_ref().map(|c| c.possible.to_vec()).unwrap_or_default(),
        bound,
        verdict,
        witness,
        lasso,
        lasso_undecided,
        seconds: start.elapsed().as_secs_f64(),
        report,
    })
}

/// The verdict over several bounds (a sweep): BAD at any bound is definitive; else an
/// undecided bound leaves the answer undecided; else the worst, as the traces of every bound
/// are traces of the program (the minimum over all of them).
pub fn over_bounds(results: &[Checked]) -> Result<Verdict, String> {
    if results.iter().any(|c| c.verdict == Ok(Verdict::Bad)) {
        return Ok(Verdict::Bad);
    }
    let mut worst = Verdict::Good;
    for c in results {
        match &c.verdict {
            Ok(v) => worst = worst.min(*v),
            Err(why) => return Err(format!("bound {}: {why}", c.bound)),
        }
    }
    Ok(worst)
}

/// The name of a formula class as printed and written to JSON.
pub fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Safety => "safety",
        Kind::CoSafety => "co-safety",
        Kind::SafetyAndCoSafety => "safety and co-safety",
        Kind::TrueLiveness => "true liveness",
        Kind::Toggle => "toggle",
        Kind::General => "general",
    }
}

/// Time left before `deadline`, for a check that shares it.
pub fn left(deadline: Option<Instant>) -> Option<Duration> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()))
}
