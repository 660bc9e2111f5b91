//! `verdiff equiv OLD.c NEW.c --function F [--new-function G] [--unwind N]`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::args::{parse_duration, Preprocessor};
use super::watchdog;
use crate::equiv::{self, EquivOptions, EquivResult, EquivVerdict};
use crate::frontend::{FrontendOptions, Source};
use crate::ir::{DataModel, Target};
use crate::report;

// The options of `verdiff equiv`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "equivalence of two versions of a function",
    override_usage = "verdiff equiv OLD.c NEW.c --function F [options]",
    before_help = "Proves that two versions of a C function behave the same: same return value, same final \
                   globals and pointed-to memory, same calls to external functions, for every input.\n\
                   Exit status: 0 EQUIVALENT (also EQUIVALENT UP TO BOUND k), 10 NOT EQUIVALENT, 6 UNKNOWN, \
                   1 usage error."
)]
pub struct EquivArgs {
    /// the old version
    #[arg(value_name = "OLD.c")]
    pub old: PathBuf,
    /// the new version
    #[arg(value_name = "NEW.c")]
    pub new: PathBuf,
    #[command(flatten)]
    pub pp: Preprocessor,
    /// the function to compare (required)
    #[arg(long, value_name = "NAME")]
    pub function: String,
    /// its name in the new version (default: the same)
    #[arg(long, value_name = "NAME")]
    pub new_function: Option<String>,
    #[command(flatten)]
    pub knobs: Knobs,
    /// write the result as JSON (schema verdiff.equiv/1) to this file
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// print only the verdict line
    #[arg(long)]
    pub quiet: bool,
}

// The settings of an equivalence check, shared with `verdiff diff` (which words the help of
// --unwind and --timeout for its own defaults: diff::adjust_help).
#[derive(clap::Args, Debug, Clone, Default, PartialEq)]
pub struct Knobs {
    /// bound for loops and recursion in both versions (default: 10, raised ×4 up to 640 while a
    /// loop is cut and time remains)
    #[arg(long, value_name = "N")]
    pub unwind: Option<u64>,
    /// elements of the object each pointer parameter points to (default 8)
    #[arg(long, value_name = "N")]
    pub object_size: Option<u64>,
    /// links from a parameter behind which stored pointers may point to fresh objects the
    /// comparison builds (`item->child->string`; default 2, 0 for none)
    #[arg(long, value_name = "N")]
    pub max_nondet_tree_depth: Option<u32>,
    /// most calls to external functions per version (default 16)
    #[arg(long, value_name = "N")]
    pub call_limit: Option<u64>,
    /// inline shared callees instead of abstracting them as uninterpreted functions
    #[arg(long)]
    pub no_abstraction: bool,
    /// time limit (30, 30s, 5m); hitting it gives UNKNOWN
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub timeout: Option<Duration>,
    /// signed overflow wraps around (as compiled with gcc -fwrapv) instead of being undefined
    #[arg(long)]
    pub fwrapv: bool,
    /// show no difference that needs math library results near the host's (UNKNOWN instead)
    #[arg(long)]
    pub no_library_accuracy: bool,
    /// ILP32 data model
    #[arg(long = "32", overrides_with = "lp64")]
    pub ilp32: bool,
    /// LP64 data model (default)
    #[arg(long = "64", overrides_with = "ilp32")]
    pub lp64: bool,
}

/// Options shared with `verdiff diff`.
pub fn options(pp: &Preprocessor, k: &Knobs) -> EquivOptions {
    let model = if k.ilp32 && !k.lp64 { DataModel::Ilp32 } else { DataModel::Lp64 };
    let target = Target { model, char_signed: true, big_endian: false };
    let mut fo = FrontendOptions { target, ..Default::default() };
    fo.pp.include_dirs = pp.include_dirs.clone();
    fo.pp.defines = pp.defines.clone();
    fo.pp.undefines = pp.undefines.clone();
    let mut o = EquivOptions { frontend: fo, ..Default::default() };
    o.unwind = k.unwind.unwrap_or(10).clamp(1, 100_000) as u32;
    // without an explicit bound, a cut loop is retried with larger bounds
    o.deepen = k.unwind.is_none();
    o.product.object_elems = k.object_size.unwrap_or(8).clamp(1, 4096);
    o.product.call_limit = k.call_limit.unwrap_or(16).clamp(1, 1024) as u32;
    o.product.link_depth = k.max_nondet_tree_depth.unwrap_or(2).min(16);
    o.abstract_callees = !k.no_abstraction;
    o.wrapv = k.fwrapv;
    o.library_accuracy = !k.no_library_accuracy;
    o.object_bits = if model == DataModel::Ilp32 { 8 } else { 16 };
    o.timeout = k.timeout;
    o
}

pub fn run(p: &EquivArgs) -> i32 {
    let function = p.function.clone();
    let new_function = p.new_function.clone().unwrap_or_else(|| function.clone());
    let mut o = options(&p.pp, &p.knobs);
    o.files = (p.old.display().to_string(), p.new.display().to_string());
    let old = [Source { path: p.old.clone(), content: None }];
    let new = [Source { path: p.new.clone(), content: None }];
    if let Some(limit) = o.timeout {
        let (json, quiet, files) = (p.json.clone(), p.quiet, o.files.clone());
        let (function, new_function, unwind) = (function.clone(), new_function.clone(), o.unwind);
        let start = std::time::Instant::now();
        let settled: equiv::Settled = Default::default();
        o.settled = Some(settled.clone());
        watchdog::arm(start + limit, watchdog::grace(limit), move || {
            // a bounded answer settled before a deeper attempt overran the limit stands
            let earlier = settled.lock().unwrap_or_else(|e| e.into_inner()).take();
            let r = earlier.unwrap_or_else(|| EquivResult {
                function,
                new_function,
                verdict: EquivVerdict::Unknown(watchdog::reason(limit)),
                abstracted: vec![],
                externals: vec![],
                notes: vec![],
                time: start.elapsed(),
                unwind,
                vacuous: false,
            });
            report_result(&r, &files, json.as_deref(), quiet)
        });
    }
    let r = match equiv::check_sources(&old, &new, &function, &new_function, &o) {
        Ok(r) => r,
        Err(e) => {
            watchdog::begin_report();
            outln!("ERROR: {e}");
            outln!("\nUNKNOWN");
            return 6;
        }
    };
    watchdog::begin_report();
    report_result(&r, &o.files, p.json.as_deref(), p.quiet)
}

/// Writes the result (JSON file when asked, text on standard output); returns the exit status.
fn report_result(r: &EquivResult, files: &(String, String), json: Option<&Path>, quiet: bool) -> i32 {
    if let Some(path) = json {
        let v = report::equiv::json(r, files);
        let text = serde_json::to_string_pretty(&v).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("verdiff: cannot write {}: {e}", path.display());
        }
    }
    if quiet {
        outln!("{}", r.verdict.line());
    } else {
        out!("{}", report::equiv::text(r, files));
    }
    r.verdict.exit_code()
}
