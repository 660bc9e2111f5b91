//! `verdiff check FILE... [ESBMC flags]` (also the default command).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::args::{parse_duration, parse_memory, Preprocessor};
use super::watchdog;
use crate::engine::{self, EngineOptions, Report, Verdict};
use crate::frontend::{self, FrontendOptions};
use crate::instrument::{self, CheckOptions};
use crate::ir::{loops, DataModel, Program, Target};
use crate::report;
use crate::symex::SymexOptions;

// The options of `verdiff check` (and of `verdiff FILE.c`), with ESBMC's names.
#[derive(clap::Args, Debug, Clone, Default)]
#[command(
    about = "bounded model checking (the default when the first argument is a file)",
    override_usage = "verdiff [check] FILE.c... [options]",
    before_help = "Bounded model checking of C programs (ESBMC-compatible flags).\n\
                   Exit status: 0 VERIFICATION SUCCESSFUL, 10 VERIFICATION FAILED, 6 VERIFICATION UNKNOWN \
                   (also for bad input), 1 usage error."
)]
pub struct CheckArgs {
    /// the C files, verified as one program
    #[arg(value_name = "FILE.c", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub pp: Preprocessor,
    /// bound for every loop and recursion (default: unlimited)
    #[arg(long, value_name = "N")]
    pub unwind: Option<u32>,
    /// per-loop bounds L:N[,L:N...]; L is func.N or a global loop number (--show-loops)
    #[arg(long, value_name = "L:N,...")]
    pub unwindset: Vec<String>,
    /// cut paths at the bound instead of checking that it suffices
    #[arg(long)]
    pub no_unwinding_assertions: bool,
    /// raise the bound from 1 until a violation or full unwinding
    #[arg(long)]
    pub incremental_bmc: bool,
    /// largest bound for --incremental-bmc (default 50)
    #[arg(long, value_name = "N")]
    pub max_k_step: Option<u32>,
    /// check signed overflow, implicit narrowing to signed types, shifts, float overflow
    #[arg(long)]
    pub overflow_check: bool,
    /// also check unsigned wrap-around
    #[arg(long)]
    pub unsigned_overflow_check: bool,
    /// do not check array bounds
    #[arg(long)]
    pub no_bounds_check: bool,
    /// report no violation that needs math library results near the host's (UNKNOWN instead)
    #[arg(long)]
    pub no_library_accuracy: bool,
    /// do not check division by zero
    #[arg(long)]
    pub no_div_by_zero_check: bool,
    /// do not check pointer dereferences
    #[arg(long)]
    pub no_pointer_check: bool,
    /// do not check that compared pointers share an object
    #[arg(long)]
    pub no_pointer_relation_check: bool,
    /// ignore user assertions
    #[arg(long)]
    pub no_assertions: bool,
    /// do not check the alignment of dereferences
    #[arg(long)]
    pub no_align_check: bool,
    /// do not check that variable-length arrays have a positive size
    #[arg(long)]
    pub no_vla_size_check: bool,
    /// check that heap memory is freed
    #[arg(long)]
    pub memory_leak_check: bool,
    /// at most N context switches by preemption per interleaving of a multi-threaded program
    /// (default: unbounded)
    #[arg(long, value_name = "N")]
    pub context_bound: Option<u32>,
    /// how the interleavings of a multi-threaded program reach the solver: `auto` (the
    /// default: `lazy` for a quarter of the time, then `recording`), `recording` (all in one
    /// formula, merged where the threads stand at the same places; `--schedule` alone, as
    /// ESBMC's flag), `lazy` (one formula per interleaving, depth first, until the first
    /// violation), `uw` (all in one formula, preemptions allowed as a proof needs them)
    #[arg(long, value_name = "MODE", num_args = 0..=1, default_missing_value = "recording")]
    pub schedule: Option<String>,
    /// explore every order of independent steps of different threads (no partial-order
    /// reduction)
    #[arg(long)]
    pub no_por: bool,
    /// a state in which every unfinished thread waits (on a mutex, a join, a condition) is a
    /// violation
    #[arg(long)]
    pub deadlock_check: bool,
    /// misuses of locks and threads are violations (an unlock of a mutex nobody holds, a
    /// locked or destroyed mutex destroyed, a second join), without the deadlock claims: ESBMC's
    /// flag of that name (--deadlock-check checks these too)
    #[arg(long)]
    pub lock_order_check: bool,
    /// two threads accessing the same memory at the same time, one of them writing, is a
    /// violation (a data race)
    #[arg(long)]
    pub data_races_check: bool,
    /// check data races only: no other safety claim and no assertion
    #[arg(long)]
    pub data_races_check_only: bool,
    /// an assignment whose shared operands another thread writes while it is under way is a
    /// violation
    #[arg(long)]
    pub atomicity_check: bool,
    /// malloc never returns NULL
    #[arg(long)]
    pub force_malloc_success: bool,
    /// entry function (default main); parameters are nondeterministic
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,
    /// check F's body against its contract (requires assumed, ensures and assigns asserted);
    /// "*": every function with one; repeatable
    #[arg(long, value_name = "NAME")]
    pub enforce_contract: Vec<String>,
    /// --enforce-contract for every function marked __ESBMC_contract
    #[arg(long)]
    pub enforce_all_contracts: bool,
    /// replace every call of F by its contract (requires asserted, assigns havocked, ensures
    /// assumed); "*": every function with one; repeatable
    #[arg(long, value_name = "NAME")]
    pub replace_call_with_contract: Vec<String>,
    /// --replace-call-with-contract for every function marked __ESBMC_contract
    #[arg(long)]
    pub replace_all_contracts: bool,
    /// prove loops that have an __ESBMC_loop_invariant with it (base case and inductive step)
    /// instead of unwinding them
    #[arg(long)]
    pub loop_invariant_check: bool,
    /// with --function: give the function only inputs its inferred precondition allows, as
    /// verdiff run does (docs/contracts.md)
    #[arg(long)]
    pub infer_preconditions: bool,
    /// reaching this label is a violation
    #[arg(long, value_name = "NAME")]
    pub error_label: Option<String>,
    /// decide every claim instead of stopping at the first violation
    #[arg(long)]
    pub multi_property: bool,
    /// ILP32 data model
    #[arg(long = "32", overrides_with = "lp64")]
    pub ilp32: bool,
    /// LP64 data model (default)
    #[arg(long = "64", overrides_with = "ilp32")]
    pub lp64: bool,
    /// little-endian memory (default)
    #[arg(long, overrides_with = "big_endian")]
    pub little_endian: bool,
    /// big-endian memory
    #[arg(long, overrides_with = "little_endian")]
    pub big_endian: bool,
    /// pointer bits that number objects (default 16, 8 with --32)
    #[arg(long, value_name = "N")]
    pub object_bits: Option<u32>,
    /// time limit (30, 30s, 5m, 1h); hitting it gives UNKNOWN
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub timeout: Option<Duration>,
    /// memory limit (512m, 2g); hitting it gives UNKNOWN
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memlimit: Option<u64>,
    /// write the result as JSON (schema verdiff.check/1) to this file
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// list loops with their ids and exit
    #[arg(long)]
    pub show_loops: bool,
    /// print the instrumented goto program and exit
    #[arg(long)]
    pub show_goto: bool,
    /// list the claims and exit
    #[arg(long)]
    pub show_claims: bool,
    /// print only the verdict line
    #[arg(long)]
    pub quiet: bool,
    /// check an LTL formula instead of the safety claims, as `verdiff ltl --formula F` does
    /// (docs/ltl.md; --unwind is the bound, 10 when not given; --json writes verdiff.ltl/1)
    #[arg(long, value_name = "FORMULA")]
    pub ltl: Option<String>,
}

impl CheckArgs {
    /// `verdiff ltl`'s arguments for `check --ltl F`.
    fn ltl_args(&self, formula: &str) -> super::ltl::LtlArgs {
        super::ltl::LtlArgs {
            files: self.files.clone(),
            pp: self.pp.clone(),
            formula: Some(formula.to_string()),
            unwind: self.unwind.unwrap_or(10),
            function: self.function.clone(),
            ltl_succeeding: "pass".into(),
            timeout: self.timeout,
            json: self.json.clone(),
            quiet: self.quiet,
            ..Default::default()
        }
    }

    /// The data model: `--32` or `--64`, whichever came last; LP64 without either.
    fn model(&self) -> DataModel {
        if self.ilp32 && !self.lp64 {
            DataModel::Ilp32
        } else {
            DataModel::Lp64
        }
    }

    /// The input files as the JSON report names them.
    fn file_names(&self) -> Vec<String> {
        self.files.iter().map(|f| f.display().to_string()).collect()
    }
}

/// The outcome printed for input verdiff cannot read: exit 6.
fn input_error(msg: &str) -> i32 {
    outln!("ERROR: {msg}");
    outln!("\nVERIFICATION UNKNOWN");
    6
}

pub fn run(a: &CheckArgs) -> i32 {
    if let Some(f) = &a.ltl {
        return super::ltl::run(&a.ltl_args(f));
    }
    match check(a) {
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

fn check(p: &CheckArgs) -> Result<i32, CheckError> {
    let start = Instant::now();
    let model = p.model();
    let target = Target { model, char_signed: true, big_endian: p.big_endian };
    let deadline = match p.timeout {
        Some(limit) => {
            arm_watchdog(p, start, limit);
            // check exits once it has answered: past the limit, nothing large is freed
            crate::engine::leak_after(start + limit);
            Some(start + limit)
        }
        None => None,
    };
    let memlimit = p.memlimit;
    let mut fo = FrontendOptions { target, ..Default::default() };
    fo.pp.include_dirs = p.pp.include_dirs.clone();
    fo.pp.defines = p.pp.defines.clone();
    fo.pp.undefines = p.pp.undefines.clone();
    let mut prog: Program = frontend::load(&p.files, &fo).map_err(|e| CheckError::Input(e.to_string()))?;
    let t_frontend = start.elapsed();

    let mut checks = CheckOptions {
        bounds: !p.no_bounds_check,
        div_by_zero: !p.no_div_by_zero_check,
        pointer: !p.no_pointer_check,
        pointer_relation: !p.no_pointer_relation_check,
        overflow: p.overflow_check || p.unsigned_overflow_check,
        unsigned_overflow: p.unsigned_overflow_check,
        conversion: p.overflow_check || p.unsigned_overflow_check,
        assertions: !p.no_assertions,
        alignment: !p.no_align_check && !p.no_pointer_check,
        vla_size: !p.no_vla_size_check,
        caller_preconditions: false,
        error_label: p.error_label.clone(),
        data_races: p.data_races_check || p.data_races_check_only,
        atomicity: p.atomicity_check,
    };
    if p.data_races_check_only {
        checks = CheckOptions { data_races: true, ..CheckOptions::none() };
    }
    let entry_name = p.function.as_deref().unwrap_or("main").to_string();
    let mut entry = prog.func_named(&entry_name).filter(|&f| prog.func(f).body.is_some());
    // written contracts: enforced on bodies, used in place of them
    let selection = crate::contract::written::Selection {
        enforce: p.enforce_contract.clone(),
        enforce_all: p.enforce_all_contracts,
        replace: p.replace_call_with_contract.clone(),
        replace_all: p.replace_all_contracts,
    };
    if p.loop_invariant_check {
        crate::contract::loops::apply(&mut prog);
    }
    let mut contract_heap = None;
    if !selection.is_empty() {
        let applied = crate::contract::written::apply(&mut prog, &selection).map_err(CheckError::Input)?;
        // the enforced function as the entry: inputs as ESBMC's contract harness gives them
        if let Some(f) = entry.filter(|f| p.function.is_some() && applied.enforced.contains(f)) {
            entry = Some(crate::contract::harness::contract_entry(&mut prog, f));
            contract_heap = Some(crate::contract::harness::contract_heap());
        }
    }
    // verified as its callers use it: under its inferred precondition
    let mut precondition: Option<(Vec<String>, crate::symex::input::InputHeapOptions)> = None;
    let mut constructors = Vec::new();
    let under_test = entry;
    if let Some(f) = entry.filter(|&f| p.infer_preconditions && !prog.func(f).params.is_empty()) {
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

    if p.show_goto {
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
    if p.show_loops {
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
        unwind: p.unwind.filter(|&n| n > 0),
        unwinding_assertions: !p.no_unwinding_assertions,
        malloc_may_fail: !p.force_malloc_success,
        memory_leak_check: p.memory_leak_check,
        context_bound: p.context_bound,
        deadlock_check: p.deadlock_check,
        lock_checks: p.deadlock_check || p.lock_order_check,
        // (not sound under a context bound: symex::por)
        por: !p.no_por && p.context_bound.is_none(),
        object_bits: p.object_bits.unwrap_or(if model == DataModel::Ilp32 { 8 } else { 16 }),
        input_heap: precondition.as_ref().map(|(_, h)| h.clone()).or(contract_heap).map(std::sync::Arc::new),
        ..SymexOptions::default()
    };
    if let Some(mb) = memlimit {
        crate::smt::Smt::set_memory_limit(mb);
        so.max_terms = ((mb as usize) * 1024 * 1024 / 400).max(10_000);
    }
    for spec in &p.unwindset {
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
    let schedule = match p.schedule.as_deref() {
        None => engine::ScheduleMode::default(),
        Some(m) => engine::ScheduleMode::parse(m)
            .ok_or_else(|| CheckError::Usage(format!("--schedule expects auto, lazy, recording or uw, got `{m}`")))?,
    };
    let eo = EngineOptions {
        symex: so,
        schedule,
        multi_property: p.multi_property,
        incremental: p.incremental_bmc,
        max_k: p.max_k_step.unwrap_or(50),
        deadline,
        library_accuracy: !p.no_library_accuracy,
        ..EngineOptions::default()
    };
    if p.show_claims {
        let eo2 = EngineOptions { multi_property: true, ..eo.clone() };
        let r = engine::verify(&prog, entry, &eo2);
        for c in &r.claims {
            outln!("{}: {}:{} {} ({})", c.id, c.file, c.line, c.description, c.kind.name());
        }
        return Ok(0);
    }
    let mut report = engine::verify(&prog, entry, &eo);
    if let Some(f) = under_test {
        let looked =
            crate::run::safety::confirm_constructed(&prog, entry, f, &constructors, &eo.symex, deadline, &mut report);
        report.timings.add(&looked);
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
        files: p.file_names(),
        entry: entry_name.clone(),
        options: std::env::args().skip(1).collect(),
        frontend: t_frontend,
    };
    Ok(report_result(&report, &info, p.json.as_deref(), p.quiet, eo.multi_property))
}

/// Writes the report (JSON file when asked, text on standard output); returns the exit status.
fn report_result(r: &Report, info: &report::json::RunInfo, json: Option<&Path>, quiet: bool, multi: bool) -> i32 {
    if let Some(path) = json {
        let v = report::json::check_json(r, info);
        let text = serde_json::to_string_pretty(&v).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("verdiff: cannot write {}: {e}", path.display());
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
fn arm_watchdog(p: &CheckArgs, start: Instant, limit: Duration) {
    let info = report::json::RunInfo {
        files: p.file_names(),
        entry: p.function.as_deref().unwrap_or("main").to_string(),
        options: std::env::args().skip(1).collect(),
        frontend: Duration::ZERO,
    };
    let (json, quiet, multi) = (p.json.clone(), p.quiet, p.multi_property);
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
