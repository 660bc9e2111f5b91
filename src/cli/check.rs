//! `verdiff check FILE... [ESBMC flags]` (also the default command).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::args::{parse, parse_duration, parse_memory, Arity, Spec};
use super::watchdog;
use crate::engine::{self, EngineOptions, Report, Verdict};
use crate::frontend::{self, FrontendOptions};
use crate::instrument::{self, CheckOptions};
use crate::ir::{loops, DataModel, Program, Target};
use crate::report;
use crate::symex::SymexOptions;

pub const SPECS: &[Spec] = &[
    Spec { name: "unwind", arity: Arity::Value, help: "bound for every loop and recursion (default: unlimited)" },
    Spec {
        name: "unwindset",
        arity: Arity::Value,
        help: "per-loop bounds L:N[,L:N...]; L is func.N or a global loop number (--show-loops)",
    },
    Spec {
        name: "no-unwinding-assertions",
        arity: Arity::Flag,
        help: "cut paths at the bound instead of checking that it suffices",
    },
    Spec {
        name: "incremental-bmc",
        arity: Arity::Flag,
        help: "raise the bound from 1 until a violation or full unwinding",
    },
    Spec { name: "max-k-step", arity: Arity::Value, help: "largest bound for --incremental-bmc (default 50)" },
    Spec {
        name: "overflow-check",
        arity: Arity::Flag,
        help: "check signed overflow, implicit narrowing to signed types, shifts, float overflow",
    },
    Spec { name: "unsigned-overflow-check", arity: Arity::Flag, help: "also check unsigned wrap-around" },
    Spec { name: "no-bounds-check", arity: Arity::Flag, help: "do not check array bounds" },
    Spec {
        name: "no-library-accuracy",
        arity: Arity::Flag,
        help: "report no violation that needs math library results near the host's (UNKNOWN instead)",
    },
    Spec { name: "no-div-by-zero-check", arity: Arity::Flag, help: "do not check division by zero" },
    Spec { name: "no-pointer-check", arity: Arity::Flag, help: "do not check pointer dereferences" },
    Spec {
        name: "no-pointer-relation-check",
        arity: Arity::Flag,
        help: "do not check that compared pointers share an object",
    },
    Spec { name: "no-assertions", arity: Arity::Flag, help: "ignore user assertions" },
    Spec { name: "no-align-check", arity: Arity::Flag, help: "do not check the alignment of dereferences" },
    Spec {
        name: "no-vla-size-check",
        arity: Arity::Flag,
        help: "do not check that variable-length arrays have a positive size",
    },
    Spec { name: "memory-leak-check", arity: Arity::Flag, help: "check that heap memory is freed" },
    Spec { name: "force-malloc-success", arity: Arity::Flag, help: "malloc never returns NULL" },
    Spec {
        name: "function",
        arity: Arity::Value,
        help: "entry function (default main); parameters are nondeterministic",
    },
    Spec {
        name: "enforce-contract",
        arity: Arity::Value,
        help: "check F's body against its contract (requires assumed, ensures and assigns asserted); \"*\": every function with one; repeatable",
    },
    Spec {
        name: "enforce-all-contracts",
        arity: Arity::Flag,
        help: "--enforce-contract for every function marked __ESBMC_contract",
    },
    Spec {
        name: "replace-call-with-contract",
        arity: Arity::Value,
        help: "replace every call of F by its contract (requires asserted, assigns havocked, ensures assumed); \"*\": every function with one; repeatable",
    },
    Spec {
        name: "replace-all-contracts",
        arity: Arity::Flag,
        help: "--replace-call-with-contract for every function marked __ESBMC_contract",
    },
    Spec {
        name: "loop-invariant-check",
        arity: Arity::Flag,
        help: "prove loops that have an __ESBMC_loop_invariant with it (base case and inductive step) instead of unwinding them",
    },
    Spec {
        name: "infer-preconditions",
        arity: Arity::Flag,
        help: "with --function: give the function only inputs its inferred precondition allows, as verdiff run does (docs/contracts.md)",
    },
    Spec { name: "error-label", arity: Arity::Value, help: "reaching this label is a violation" },
    Spec {
        name: "multi-property",
        arity: Arity::Flag,
        help: "decide every claim instead of stopping at the first violation",
    },
    Spec { name: "32", arity: Arity::Flag, help: "ILP32 data model" },
    Spec { name: "64", arity: Arity::Flag, help: "LP64 data model (default)" },
    Spec { name: "little-endian", arity: Arity::Flag, help: "little-endian memory (default)" },
    Spec { name: "big-endian", arity: Arity::Flag, help: "big-endian memory" },
    Spec {
        name: "object-bits",
        arity: Arity::Value,
        help: "pointer bits that number objects (default 16, 8 with --32)",
    },
    Spec { name: "timeout", arity: Arity::Value, help: "time limit (30, 30s, 5m, 1h); hitting it gives UNKNOWN" },
    Spec { name: "memlimit", arity: Arity::Value, help: "memory limit (512m, 2g); hitting it gives UNKNOWN" },
    Spec { name: "json", arity: Arity::Value, help: "write the result as JSON (schema verdiff.check/1) to this file" },
    Spec { name: "show-loops", arity: Arity::Flag, help: "list loops with their ids and exit" },
    Spec { name: "show-goto", arity: Arity::Flag, help: "print the instrumented goto program and exit" },
    Spec { name: "show-claims", arity: Arity::Flag, help: "list the claims and exit" },
    Spec { name: "quiet", arity: Arity::Flag, help: "print only the verdict line" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

/// ESBMC flags accepted and ignored (solver and encoding choices verdiff makes itself).
pub const IGNORED: &[&str] =
    &["z3", "bv", "floatbv", "boolector", "no-slice", "smt", "ir-ieee", "compact-trace", "no-library"];

pub fn help() -> String {
    let mut s = String::from(
        "usage: verdiff [check] FILE.c... [options]\n\nBounded model checking of C programs (ESBMC-compatible flags).\nExit status: 0 VERIFICATION SUCCESSFUL, 10 VERIFICATION FAILED, 6 VERIFICATION UNKNOWN (also\nfor bad input), 1 usage error.\n\noptions:\n  -I DIR, -D NAME[=VALUE], -U NAME   preprocessor options; -W... and -f... are ignored\n",
    );
    s.push_str(&super::args::options_help(SPECS));
    // (wrapped to the help's width)
    let mut line = String::from("  accepted and ignored:");
    for f in IGNORED {
        if line.len() + 3 + f.len() > super::args::HELP_WIDTH {
            s.push_str(&line);
            s.push('\n');
            line = " ".repeat(24);
        }
        line.push_str(&format!(" --{f}"));
    }
    s.push_str(&line);
    s.push('\n');
    s
}

/// The outcome printed for input verdiff cannot read: exit 6.
fn input_error(msg: &str) -> i32 {
    outln!("ERROR: {msg}");
    outln!("\nVERIFICATION UNKNOWN");
    6
}

pub fn run(args: &[String]) -> i32 {
    let p = match parse(args, SPECS, IGNORED) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("verdiff: {e}");
            return 1;
        }
    };
    if p.has("help") {
        out!("{}", help());
        return 0;
    }
    if p.positional.is_empty() {
        eprintln!("verdiff: no input file (see --help)");
        return 1;
    }
    match check(&p) {
        Ok(code) => code,
        Err(CheckError::Usage(m)) => {
            eprintln!("verdiff: {m}");
            1
        }
        Err(CheckError::Input(m)) => input_error(&m),
    }
}

enum CheckError {
    Usage(String),
    Input(String),
}

fn num(p: &super::args::Parsed, name: &str) -> Result<Option<u32>, CheckError> {
    match p.value(name) {
        None => Ok(None),
        Some(v) => v
            .trim()
            .parse::<u32>()
            .map(Some)
            .map_err(|_| CheckError::Usage(format!("--{name} needs a number, got `{v}`"))),
    }
}

fn check(p: &super::args::Parsed) -> Result<i32, CheckError> {
    let start = Instant::now();
    let model = if p.has("32") { DataModel::Ilp32 } else { DataModel::Lp64 };
    let target = Target { model, char_signed: true, big_endian: p.has("big-endian") };
    let deadline = match p.value("timeout") {
        Some(t) => {
            let limit = parse_duration(t).map_err(CheckError::Usage)?;
            arm_watchdog(p, start, limit);
            // check exits once it has answered: past the limit, nothing large is freed
            crate::engine::leak_after(start + limit);
            Some(start + limit)
        }
        None => None,
    };
    let memlimit = match p.value("memlimit") {
        Some(m) => Some(parse_memory(m).map_err(CheckError::Usage)?),
        None => None,
    };
    let mut fo = FrontendOptions { target, ..Default::default() };
    fo.pp.include_dirs = p.include_dirs.iter().map(PathBuf::from).collect();
    fo.pp.defines = p.defines.clone();
    fo.pp.undefines = p.undefines.clone();
    let files: Vec<PathBuf> = p.positional.iter().map(PathBuf::from).collect();
    let mut prog: Program = frontend::load(&files, &fo).map_err(|e| CheckError::Input(e.to_string()))?;
    let t_frontend = start.elapsed();

    let mut checks = CheckOptions {
        bounds: !p.has("no-bounds-check"),
        div_by_zero: !p.has("no-div-by-zero-check"),
        pointer: !p.has("no-pointer-check"),
        pointer_relation: !p.has("no-pointer-relation-check"),
        overflow: p.has("overflow-check") || p.has("unsigned-overflow-check"),
        unsigned_overflow: p.has("unsigned-overflow-check"),
        conversion: p.has("overflow-check") || p.has("unsigned-overflow-check"),
        assertions: !p.has("no-assertions"),
        alignment: !p.has("no-align-check") && !p.has("no-pointer-check"),
        vla_size: !p.has("no-vla-size-check"),
        caller_preconditions: false,
        error_label: p.value("error-label").map(String::from),
    };
    let entry_name = p.value("function").unwrap_or("main").to_string();
    let mut entry = prog.func_named(&entry_name).filter(|&f| prog.func(f).body.is_some());
    // written contracts: enforced on bodies, used in place of them
    let selection = crate::contract::written::Selection {
        enforce: p.values("enforce-contract"),
        enforce_all: p.has("enforce-all-contracts"),
        replace: p.values("replace-call-with-contract"),
        replace_all: p.has("replace-all-contracts"),
    };
    if p.has("loop-invariant-check") {
        crate::contract::loops::apply(&mut prog);
    }
    let mut contract_heap = None;
    if !selection.is_empty() {
        let applied = crate::contract::written::apply(&mut prog, &selection).map_err(CheckError::Input)?;
        // the enforced function as the entry: inputs as ESBMC's contract harness gives them
        if let Some(f) = entry.filter(|f| p.value("function").is_some() && applied.enforced.contains(f)) {
            entry = Some(crate::contract::harness::contract_entry(&mut prog, f));
            contract_heap = Some(crate::contract::harness::contract_heap());
        }
    }
    // verified as its callers use it: under its inferred precondition
    let mut precondition: Option<(Vec<String>, crate::symex::input::InputHeapOptions)> = None;
    let mut constructors = Vec::new();
    let under_test = entry;
    if let Some(f) = entry.filter(|&f| p.has("infer-preconditions") && !prog.func(f).params.is_empty()) {
        if entry_name != "main" {
            let conventions = crate::contract::infer(&prog);
            let e = crate::contract::entry(&mut prog, f, &conventions);
            entry = Some(e.harness);
            constructors = e.constructors;
            checks.caller_preconditions = true;
            let mut h = conventions.heap(f);
            h.reads_checked = checks.pointer;
            precondition = Some((e.assumptions, h));
        }
    }
    let t_inst = Instant::now();
    instrument::instrument(&mut prog, &checks);
    if let Some(h) = entry {
        crate::contract::handles::trust(&mut prog, h, &constructors);
    }
    let t_instrument = t_inst.elapsed();

    if p.has("show-goto") {
        for f in &prog.funcs {
            if f.system || f.body.is_none() {
                continue;
            }
            if let Some(t) = crate::ir::display::function_to_text(&prog, &f.name) {
                outln!("{t}");
            }
        }
        return Ok(0);
    }
    let all_loops = loops::find_loops(&prog);
    if p.has("show-loops") {
        for l in &all_loops {
            let f = prog.func(l.func);
            if f.system {
                continue;
            }
            let loc = f.body.as_ref().and_then(|b| b.get(l.back_edge)).map(|i| i.loc).unwrap_or_default();
            outln!(
                "Loop {} ({}):\n  file {} line {} function {}",
                l.global,
                l.id(&prog),
                prog.file_name(loc),
                loc.line,
                f.name
            );
        }
        return Ok(0);
    }
    let Some(entry) = entry else {
        return Err(CheckError::Input(format!("entry function `{entry_name}` not found (no definition)")));
    };
    let mut so = SymexOptions {
        unwind: num(p, "unwind")?.filter(|&n| n > 0),
        unwinding_assertions: !p.has("no-unwinding-assertions"),
        malloc_may_fail: !p.has("force-malloc-success"),
        memory_leak_check: p.has("memory-leak-check"),
        object_bits: num(p, "object-bits")?.unwrap_or(if model == DataModel::Ilp32 { 8 } else { 16 }),
        input_heap: precondition.as_ref().map(|(_, h)| h.clone()).or(contract_heap).map(std::sync::Arc::new),
        ..SymexOptions::default()
    };
    if let Some(mb) = memlimit {
        crate::smt::Smt::set_memory_limit(mb);
        so.max_terms = ((mb as usize) * 1024 * 1024 / 400).max(10_000);
    }
    for spec in p.values("unwindset") {
        for item in spec.split(',').filter(|s| !s.trim().is_empty()) {
            let (id, n) = item
                .rsplit_once(':')
                .ok_or_else(|| CheckError::Usage(format!("--unwindset expects L:N, got `{item}`")))?;
            let n: u32 =
                n.trim().parse().map_err(|_| CheckError::Usage(format!("--unwindset bound `{n}` is not a number")))?;
            let id = id.trim();
            let found = all_loops.iter().find(|l| l.id(&prog) == id || l.global.to_string() == id);
            match found {
                Some(l) => {
                    so.unwindset.insert((l.func, l.back_edge), n);
                }
                None => return Err(CheckError::Usage(format!("--unwindset: no loop `{id}` (see --show-loops)"))),
            }
        }
    }
    let eo = EngineOptions {
        symex: so,
        multi_property: p.has("multi-property"),
        incremental: p.has("incremental-bmc"),
        max_k: num(p, "max-k-step")?.unwrap_or(50),
        deadline,
        library_accuracy: !p.has("no-library-accuracy"),
        ..EngineOptions::default()
    };
    if p.has("show-claims") {
        let eo2 = EngineOptions { multi_property: true, ..eo.clone() };
        let r = engine::verify(&prog, entry, &eo2);
        for c in &r.claims {
            outln!("{}: {}:{} {} ({})", c.id, c.file, c.line, c.description, c.kind.name());
        }
        return Ok(0);
    }
    let mut report = engine::verify(&prog, entry, &eo);
    if let Some(f) = under_test {
        crate::run::safety::confirm_constructed(&prog, entry, f, &constructors, &eo.symex, deadline, &mut report);
    }
    report.timings.instrument = t_instrument;
    if let Some((assumes, _)) = &precondition {
        report.assumes = assumes.clone();
    }
    for n in &prog.notes {
        if prog.files.get(n.loc.file as usize).is_some_and(|f| !f.starts_with("/usr/")) {
            report.notes.push(format!("{}:{}: {}", prog.file_name(n.loc), n.loc.line, n.text));
        }
    }
    watchdog::begin_report();
    let info = report::json::RunInfo {
        files: p.positional.clone(),
        entry: entry_name.clone(),
        options: std::env::args().skip(1).collect(),
        frontend: t_frontend,
    };
    Ok(report_result(&report, &info, p.value("json"), p.has("quiet"), eo.multi_property))
}

/// Writes the report (JSON file when asked, text on standard output); returns the exit status.
fn report_result(r: &Report, info: &report::json::RunInfo, json: Option<&str>, quiet: bool, multi: bool) -> i32 {
    if let Some(path) = json {
        let v = report::json::check_json(r, info);
        let text = serde_json::to_string_pretty(&v).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("verdiff: cannot write {path}: {e}");
        }
    }
    if quiet {
        outln!("{}", r.verdict.line());
    } else {
        out!("{}", report::text::render(r, multi));
    }
    r.verdict.exit_code()
}

/// A `--timeout` the solver overruns ends the run with UNKNOWN all the same (see watchdog).
fn arm_watchdog(p: &super::args::Parsed, start: Instant, limit: Duration) {
    let info = report::json::RunInfo {
        files: p.positional.clone(),
        entry: p.value("function").unwrap_or("main").to_string(),
        options: std::env::args().skip(1).collect(),
        frontend: Duration::ZERO,
    };
    let (json, quiet, multi) = (p.value("json").map(String::from), p.has("quiet"), p.has("multi-property"));
    watchdog::arm(start + limit, watchdog::grace(limit), move || {
        let r = Report {
            verdict: Verdict::Unknown(watchdog::reason(limit)),
            claims: vec![],
            unsupported: vec![],
            externals: vec![],
            notes: vec![],
            timings: Default::default(),
            stats: Default::default(),
            bounded: false,
            loops_undecided: false,
            assumes: vec![],
        };
        report_result(&r, &info, json.as_deref(), quiet, multi)
    });
}

#[allow(dead_code)]
fn is_unknown(v: &Verdict) -> bool {
    matches!(v, Verdict::Unknown(_))
}
