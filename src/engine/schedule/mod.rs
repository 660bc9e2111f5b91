//! How the interleavings of a multi-threaded program reach the solver (`--schedule`,
//! docs/threads.md §2): all in one formula (schedule recording), one formula per
//! interleaving depth first (lazy exploration), or all in one formula with every preemption
//! behind a literal the solver may use only once a proof needs it (UW).

mod lazy;
pub(crate) mod uw;

use super::bmc::bmc_once;
use super::result::{Report, Timings};
use super::EngineOptions;
use crate::ir::{FuncId, Program};
use crate::symex::SymexOptions;

/// `--schedule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ScheduleMode {
    /// Lazy exploration for a share of the time (it finds most bugs in its first few
    /// interleavings), then schedule recording with the rest, unless lazy exploration ended
    /// with a verdict.
    #[default]
    Auto,
    /// Every interleaving in one formula (the thesis's schedule recording).
    Recording,
    /// One interleaving per formula, depth first, until the first violation.
    Lazy,
    /// Under-approximation and widening.
    Uw,
}

impl ScheduleMode {
    pub fn parse(s: &str) -> Option<ScheduleMode> {
        match s {
            "auto" => Some(ScheduleMode::Auto),
            "recording" => Some(ScheduleMode::Recording),
            "lazy" => Some(ScheduleMode::Lazy),
            "uw" => Some(ScheduleMode::Uw),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ScheduleMode::Auto => "auto",
            ScheduleMode::Recording => "recording",
            ScheduleMode::Lazy => "lazy",
            ScheduleMode::Uw => "uw",
        }
    }
}

/// One BMC run at the bounds in `so`, its interleavings explored as `o.schedule` says.
pub(crate) fn bmc(p: &Program, entry: FuncId, so: &SymexOptions, o: &EngineOptions, timings: &mut Timings) -> Report {
    match o.schedule {
        // (every violated claim is wanted: every interleaving anyway)
        ScheduleMode::Auto if creates_threads(p) && !o.multi_property => auto(p, entry, so, o, timings),
        ScheduleMode::Auto | ScheduleMode::Recording => bmc_once(p, entry, so, o, timings),
        ScheduleMode::Lazy => lazy::bmc_lazy(p, entry, so, o, timings, None),
        ScheduleMode::Uw => bmc_once(p, entry, &SymexOptions { switch_literals: true, ..so.clone() }, o, timings),
    }
}

/// What lazy exploration gets before schedule recording takes over (`--schedule auto`): a
/// share of the time (10 s without a time limit) and at most so many interleavings.
const LAZY_SHARE: u32 = 4;
const LAZY_SECONDS_UNLIMITED: u64 = 10;
const LAZY_INTERLEAVINGS: u64 = 32;

/// Lazy exploration for its first interleavings (a quarter of the time at most): a violation
/// it finds, or a proof when it explored every interleaving, is the result; otherwise
/// schedule recording runs with the time left (docs/threads.md §2).
fn auto(p: &Program, entry: FuncId, so: &SymexOptions, o: &EngineOptions, timings: &mut Timings) -> Report {
    let now = std::time::Instant::now();
    let share = match o.deadline {
        Some(d) => now + d.saturating_duration_since(now) / LAZY_SHARE,
        None => now + std::time::Duration::from_secs(LAZY_SECONDS_UNLIMITED),
    };
    let lazy_o = EngineOptions { deadline: Some(share), ..o.clone() };
    let lazy_so = SymexOptions { deadline: Some(share), ..so.clone() };
    let r = lazy::bmc_lazy(p, entry, &lazy_so, &lazy_o, timings, Some(LAZY_INTERLEAVINGS));
    if matches!(r.verdict, super::result::Verdict::Failed | super::result::Verdict::Successful) {
        return r;
    }
    let ro = EngineOptions { random_runs: false, ..o.clone() };
    let mut rec = bmc_once(p, entry, so, &ro, timings);
    rec.notes.push(format!(
        "schedule recording, after {} interleavings of lazy exploration gave no verdict",
        r.stats.interleavings
    ));
    rec
}

/// Whether the program calls a function that starts a thread (else it has one interleaving).
fn creates_threads(p: &Program) -> bool {
    let starts = |e: &crate::ir::Expr| matches!(&e.kind, crate::ir::ExprKind::Func(f) if matches!(p.func(*f).name.as_str(), "pthread_create" | "thrd_create"));
    p.funcs.iter().filter_map(|f| f.body.as_ref()).flatten().any(|ins| match &ins.kind {
        crate::ir::InstrKind::Call { func, .. } => starts(func),
        _ => false,
    })
}
