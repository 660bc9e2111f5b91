//! `verdiff equiv OLD.c NEW.c --function F [--new-function G] [--unwind N]`.

use std::path::PathBuf;

use super::args::{parse, parse_duration, Arity, Parsed, Spec};
use super::watchdog;
use crate::equiv::{self, EquivOptions, EquivResult, EquivVerdict};
use crate::frontend::{FrontendOptions, Source};
use crate::ir::{DataModel, Target};
use crate::report;

pub const SPECS: &[Spec] = &[
    Spec { name: "function", arity: Arity::Value, help: "the function to compare (required)" },
    Spec { name: "new-function", arity: Arity::Value, help: "its name in the new version (default: the same)" },
    Spec {
        name: "unwind",
        arity: Arity::Value,
        help: "bound for loops and recursion in both versions (default: 10, raised ×4 up to 640 while a loop is cut and time remains)",
    },
    Spec {
        name: "object-size",
        arity: Arity::Value,
        help: "elements of the object each pointer parameter points to (default 8)",
    },
    Spec { name: "call-limit", arity: Arity::Value, help: "most calls to external functions per version (default 16)" },
    Spec {
        name: "no-abstraction",
        arity: Arity::Flag,
        help: "inline shared callees instead of abstracting them as uninterpreted functions",
    },
    Spec { name: "timeout", arity: Arity::Value, help: "time limit (30, 30s, 5m); hitting it gives UNKNOWN" },
    Spec {
        name: "fwrapv",
        arity: Arity::Flag,
        help: "signed overflow wraps around (as compiled with gcc -fwrapv) instead of being undefined",
    },
    Spec {
        name: "no-library-accuracy",
        arity: Arity::Flag,
        help: "show no difference that needs math library results near the host's (UNKNOWN instead)",
    },
    Spec { name: "json", arity: Arity::Value, help: "write the result as JSON (schema verdiff.equiv/1) to this file" },
    Spec { name: "32", arity: Arity::Flag, help: "ILP32 data model" },
    Spec { name: "64", arity: Arity::Flag, help: "LP64 data model (default)" },
    Spec { name: "quiet", arity: Arity::Flag, help: "print only the verdict line" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

pub fn help() -> String {
    let mut s = String::from(
        "usage: verdiff equiv OLD.c NEW.c --function F [options]\n\nProves that two versions of a C function behave the same: same return value, same final\nglobals and pointed-to memory, same calls to external functions, for every input.\nExit status: 0 EQUIVALENT (also EQUIVALENT UP TO BOUND k), 10 NOT EQUIVALENT, 6 UNKNOWN, 1 usage\nerror.\n\noptions:\n  -I DIR, -D NAME[=VALUE], -U NAME   preprocessor options\n",
    );
    s.push_str(&super::args::options_help(SPECS));
    s
}

fn number(p: &Parsed, name: &str, default: u64) -> Result<u64, String> {
    match p.value(name) {
        None => Ok(default),
        Some(v) => v.trim().parse::<u64>().map_err(|_| format!("--{name} needs a number, got `{v}`")),
    }
}

/// Options shared with `verdiff diff`.
pub fn options(p: &Parsed) -> Result<EquivOptions, String> {
    let model = if p.has("32") { DataModel::Ilp32 } else { DataModel::Lp64 };
    let target = Target { model, char_signed: true, big_endian: false };
    let mut fo = FrontendOptions { target, ..Default::default() };
    fo.pp.include_dirs = p.include_dirs.iter().map(PathBuf::from).collect();
    fo.pp.defines = p.defines.clone();
    fo.pp.undefines = p.undefines.clone();
    let mut o = EquivOptions { frontend: fo, ..Default::default() };
    o.unwind = number(p, "unwind", 10)?.clamp(1, 100_000) as u32;
    // without an explicit bound, a cut loop is retried with larger bounds
    o.deepen = !p.has("unwind");
    o.product.object_elems = number(p, "object-size", 8)?.clamp(1, 4096);
    o.product.call_limit = number(p, "call-limit", 16)?.clamp(1, 1024) as u32;
    o.abstract_callees = !p.has("no-abstraction");
    o.wrapv = p.has("fwrapv");
    o.library_accuracy = !p.has("no-library-accuracy");
    o.object_bits = if model == DataModel::Ilp32 { 8 } else { 16 };
    if let Some(t) = p.value("timeout") {
        o.timeout = Some(parse_duration(t)?);
    }
    Ok(o)
}

pub fn run(args: &[String]) -> i32 {
    let p = match parse(args, SPECS, &[]) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("verdiff equiv: {e}");
            return 1;
        }
    };
    if p.has("help") {
        out!("{}", help());
        return 0;
    }
    if p.positional.len() != 2 {
        eprintln!("verdiff equiv: expected two files, OLD.c and NEW.c (see --help)");
        return 1;
    }
    let Some(function) = p.value("function").map(String::from) else {
        eprintln!("verdiff equiv: --function F is required");
        return 1;
    };
    let new_function = p.value("new-function").map(String::from).unwrap_or_else(|| function.clone());
    let mut o = match options(&p) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("verdiff equiv: {e}");
            return 1;
        }
    };
    o.files = (p.positional[0].clone(), p.positional[1].clone());
    let old = [Source { path: PathBuf::from(&p.positional[0]), content: None }];
    let new = [Source { path: PathBuf::from(&p.positional[1]), content: None }];
    if let Some(limit) = o.timeout {
        let (json, quiet, files) = (p.value("json").map(String::from), p.has("quiet"), o.files.clone());
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
    report_result(&r, &o.files, p.value("json"), p.has("quiet"))
}

/// Writes the result (JSON file when asked, text on standard output); returns the exit status.
fn report_result(r: &EquivResult, files: &(String, String), json: Option<&str>, quiet: bool) -> i32 {
    if let Some(path) = json {
        let v = report::equiv::json(r, files);
        let text = serde_json::to_string_pretty(&v).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("verdiff: cannot write {path}: {e}");
        }
    }
    if quiet {
        outln!("{}", r.verdict.line());
    } else {
        out!("{}", report::equiv::text(r, files));
    }
    r.verdict.exit_code()
}
