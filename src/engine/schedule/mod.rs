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
    /// Every interleaving in one formula (the thesis's schedule recording).
    #[default]
    Recording,
    /// One interleaving per formula, depth first, until the first violation.
    Lazy,
    /// Under-approximation and widening.
    Uw,
}

impl ScheduleMode {
    pub fn parse(s: &str) -> Option<ScheduleMode> {
        match s {
            "recording" => Some(ScheduleMode::Recording),
            "lazy" => Some(ScheduleMode::Lazy),
            "uw" => Some(ScheduleMode::Uw),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ScheduleMode::Recording => "recording",
            ScheduleMode::Lazy => "lazy",
            ScheduleMode::Uw => "uw",
        }
    }
}

/// One BMC run at the bounds in `so`, its interleavings explored as `o.schedule` says.
pub(crate) fn bmc(p: &Program, entry: FuncId, so: &SymexOptions, o: &EngineOptions, timings: &mut Timings) -> Report {
    match o.schedule {
        ScheduleMode::Recording => bmc_once(p, entry, so, o, timings),
        ScheduleMode::Lazy => lazy::bmc_lazy(p, entry, so, o, timings),
        ScheduleMode::Uw => bmc_once(p, entry, &SymexOptions { switch_literals: true, ..so.clone() }, o, timings),
    }
}
