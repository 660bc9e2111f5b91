//! `verdiff ltl FILE.c... --formula F`: an LTL property of a C program on bounded traces, with
//! the four values of Morse et al. (docs/ltl.md): GOOD, SUCCEEDING, FAILING, BAD.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::args::{parse_duration, Preprocessor};
use crate::frontend::{FrontendOptions, Source};
use crate::ir::Target;
use crate::ltl::Verdict;
use crate::temporal::{self, Checked, InputError, Request};

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
    /// check at every bound from K1 to K2 and print the verdict of each (the verdict over the
    /// sweep is the worst; BAD at any bound is BAD)
    #[arg(long, value_name = "K1..K2", value_parser = parse_sweep, conflicts_with = "unwind")]
    pub ltl_sweep: Option<(u32, u32)>,
    /// write the result as JSON (schema verdiff.ltl/1, docs/json-schema.md) to PATH (- for
    /// standard output, which then carries only the JSON)
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
    /// entry function (default main)
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,
    /// what a SUCCEEDING verdict (no violation seen, but one may come later) exits with:
    /// pass (0, with a warning) or fail (10)
    #[arg(long, value_name = "pass|fail", default_value = "pass", value_parser = ["pass", "fail"])]
    pub ltl_succeeding: String,
    /// do not look for lassos (an infinite run that returns to the same state); the bounded
    /// four-valued semantics alone, as in Morse et al.
    #[arg(long)]
    pub no_lasso: bool,
    /// write the monitor of the formula as ESBMC 8.4's `--ltl` reads it (the C text its ltl2ba
    /// emits) to PATH and exit, for comparing the two tools (bench/ltl.py --esbmc)
    #[arg(long, value_name = "PATH", hide = true)]
    pub esbmc_monitor: Option<PathBuf>,
    /// time limit (30, 30s, 5m, 1h); hitting it gives UNKNOWN
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub timeout: Option<Duration>,
    /// print only the verdict lines
    #[arg(long)]
    pub quiet: bool,
}

/// `K1..K2` (also `K1-K2`), 1 <= K1 <= K2 <= 1000.
fn parse_sweep(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s.split_once("..").or_else(|| s.split_once('-')).ok_or("expected K1..K2, e.g. 1..8")?;
    let k1: u32 = a.trim().parse().map_err(|_| format!("`{a}` is not a bound"))?;
    let k2: u32 = b.trim().parse().map_err(|_| format!("`{b}` is not a bound"))?;
    if k1 == 0 || k1 > k2 || k2 > 1000 {
        return Err(format!("`{s}`: the bounds must satisfy 1 <= K1 <= K2 <= 1000"));
    }
    Ok((k1, k2))
}

pub fn run(a: &LtlArgs) -> i32 {
    let start = Instant::now();
    let deadline = a.timeout.map(|limit| {
        // the solver may overrun the limit it was given: the watchdog answers for it
        let json = a.json.clone();
        super::watchdog::arm(start + limit, super::watchdog::grace(limit), move || {
            let why = super::watchdog::reason(limit);
            if let Some(path) = &json {
                let doc = crate::report::ltl::unknown_json(&why);
                let _ = write_json(path, &doc);
            }
            if json.as_deref() != Some(std::path::Path::new("-")) {
                // the reason is printed even with --quiet, as on the command's own UNKNOWN
                outln!("LTL verdict: UNKNOWN");
                outln!("  reason: {why}");
                outln!("\nVERIFICATION UNKNOWN");
            }
            6
        });
        crate::engine::leak_after(start + limit);
        start + limit
    });
    match check(a, deadline, start) {
        Ok(code) => code,
        Err(e) => {
            super::watchdog::begin_report();
            if let Some(path) = &a.json {
                let _ = write_json(path, &crate::report::ltl::unknown_json(&e.0));
            }
            if !json_on_stdout(a) {
                outln!("ERROR: {e}");
                outln!("\nVERIFICATION UNKNOWN");
            }
            6
        }
    }
}

fn json_on_stdout(a: &LtlArgs) -> bool {
    a.json.as_deref() == Some(std::path::Path::new("-"))
}

fn write_json(path: &std::path::Path, doc: &serde_json::Value) -> Result<(), String> {
    let text = serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?;
    if path == std::path::Path::new("-") {
        outln!("{text}");
        Ok(())
    } else {
        std::fs::write(path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// The request `a` makes (its formula from the command line, a `.prp` file or the sources).
pub fn request(a: &LtlArgs, deadline: Option<Instant>) -> Result<Request, InputError> {
    let found = if let Some(f) = &a.formula {
        temporal::source::Found { text: f.clone(), origin: "--formula".into() }
    } else if let Some(prp) = &a.property {
        temporal::source::from_prp(prp)?
    } else {
        let files: Vec<&std::path::Path> = a.files.iter().map(PathBuf::as_path).collect();
        temporal::source::from_sources(&files)?.ok_or_else(|| {
            InputError(
                "no formula: give --formula or --property, or write `//@ ltl invariant NAME: FORMULA;` in the source"
                    .into(),
            )
        })?
    };
    let mut fo = FrontendOptions { target: Target::default(), ..Default::default() };
    fo.pp.include_dirs = a.pp.include_dirs.clone();
    fo.pp.defines = a.pp.defines.clone();
    fo.pp.undefines = a.pp.undefines.clone();
    Ok(Request {
        sources: a.files.iter().map(|p| Source { path: p.clone(), content: None }).collect(),
        frontend: fo,
        formula: found.text,
        origin: found.origin,
        entry: a.function.clone(),
        bound: a.unwind.max(1),
        lasso: !a.no_lasso,
        deadline,
    })
}

/// Writes the formula's monitor in ESBMC's format (`--esbmc-monitor`).
fn write_esbmc_monitor(req: &Request, path: &std::path::Path) -> Result<i32, InputError> {
    let parsed = crate::ltl::parse(&req.formula)
        .map_err(|e| InputError(format!("{}: the formula does not parse: {}", req.origin, e.message)))?;
    let monitor = crate::ltl::Monitor::new(&parsed.formula, parsed.atoms.len())
        .map_err(|e| InputError(format!("{}: {e}", req.origin)))?;
    let atoms: Vec<String> = parsed.atoms.iter().map(|a| a.text.clone()).collect();
    let text = crate::ltl::esbmc::esbmc_monitor(&monitor, &atoms, &req.formula)
        .map_err(|e| InputError(format!("{}: {e}", req.origin)))?;
    std::fs::write(path, text).map_err(|e| InputError(format!("{}: {e}", path.display())))?;
    Ok(0)
}

fn check(a: &LtlArgs, deadline: Option<Instant>, start: Instant) -> Result<i32, InputError> {
    let req = request(a, deadline)?;
    if let Some(path) = &a.esbmc_monitor {
        return write_esbmc_monitor(&req, path);
    }
    let prepared = temporal::prepare(&req)?;
    let bounds: Vec<u32> = match a.ltl_sweep {
        Some((k1, k2)) => (k1..=k2).collect(),
        None => vec![req.bound],
    };
    let mut results: Vec<Checked> = Vec::new();
    for &k in &bounds {
        let r = temporal::check(&Request { bound: k, ..req.clone() }, &prepared)?;
        let bad = r.verdict == Ok(Verdict::Bad);
        results.push(r);
        // BAD is definitive: deeper bounds cannot change it
        if bad || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
    }
    super::watchdog::begin_report();
    let verdict = temporal::over_bounds(&results);
    // the check whose verdict is the sweep's (the first at that verdict)
    let shown = results.iter().find(|c| c.verdict == verdict).or(results.last());
    let code = match &verdict {
        Ok(v) if temporal::fails(*v, a.ltl_succeeding == "fail") => 10,
        Ok(_) => 0,
        Err(_) => 6,
    };
    if let Some(path) = &a.json {
        let doc = crate::report::ltl::ltl_json(&req, &results, &verdict, shown, code, start.elapsed().as_secs_f64());
        write_json(path, &doc).map_err(InputError)?;
        if json_on_stdout(a) {
            return Ok(code);
        }
    }
    print_text(a, &results, &verdict, shown, code, start);
    Ok(code)
}

fn print_text(
    a: &LtlArgs,
    results: &[Checked],
    verdict: &Result<Verdict, String>,
    shown: Option<&Checked>,
    code: i32,
    start: Instant,
) {
    let Some(first) = results.first() else { return };
    if !a.quiet {
        outln!("LTL formula: {}", first.formula);
        match first.kind {
            Some(k) => {
                let possible: Vec<&str> = first.possible.iter().map(|v| v.name()).collect();
                outln!("  class: {}; possible verdicts: {}", temporal::kind_name(k), possible.join(", "));
            }
            None => outln!("  class: not computed (the formula is too large)"),
        }
        if a.ltl_sweep.is_some() {
            for c in results {
                outln!("  bound {}: {}", c.bound, verdict_words(c));
            }
        } else {
            outln!("  bound: {} iterations of every loop and recursion", first.bound);
        }
    }
    match (verdict, shown) {
        (Ok(v), Some(c)) => {
            match &c.lasso {
                Some(l) => outln!("LTL verdict: {} ({})", v.name(), l.describe(&l.file)),
                None => outln!("LTL verdict: {}", v.name()),
            }
            if let (Some(w), false) = (&c.witness, a.quiet) {
                out!("{}", crate::report::text::counterexample(w));
            }
            if !a.quiet {
                if *v == Verdict::Succeeding && code == 0 {
                    outln!(
                        "warning: SUCCEEDING: no violation within the bound, but a continuation of some trace could violate the formula (--ltl-succeeding fail makes this a failure)"
                    );
                }
                if let Some(why) = &c.lasso_undecided {
                    outln!("note: whether an infinite run repeats a state (a lasso, which would make this BAD) was not decided: {why}");
                }
            }
        }
        _ => {
            outln!("LTL verdict: UNKNOWN");
            outln!("  reason: {}", verdict.as_ref().err().map_or("no check ran", |w| w.as_str()));
        }
    }
    if !a.quiet {
        outln!("\nTime: {:.3}s", start.elapsed().as_secs_f64());
    }
    outln!("\nVERIFICATION {}", crate::report::ltl::final_line(code));
}

/// A bound's verdict as the sweep prints it.
fn verdict_words(c: &Checked) -> String {
    match (&c.verdict, &c.lasso) {
        (Ok(v), Some(_)) => format!("{} (lasso)", v.name()),
        (Ok(v), None) => v.name().to_string(),
        (Err(why), _) => format!("UNKNOWN ({why})"),
    }
}
