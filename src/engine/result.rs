//! What a verification run produces.

use std::time::Duration;

use crate::ir::{ClaimKind, Loc};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Successful,
    Failed,
    Unknown(String),
}

impl Verdict {
    pub fn line(&self) -> &'static str {
        match self {
            Verdict::Successful => "VERIFICATION SUCCESSFUL",
            Verdict::Failed => "VERIFICATION FAILED",
            Verdict::Unknown(_) => "VERIFICATION UNKNOWN",
        }
    }
    /// ESBMC-compatible exit status: 0 successful, 10 failed, 6 unknown.
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Successful => 0,
            Verdict::Failed => 10,
            Verdict::Unknown(_) => 6,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Holds on every execution within the bounds.
    Holds,
    Violated,
    /// Not decided (solver unknown, run stopped at an earlier violation, …).
    Unknown(String),
    NotChecked,
}

/// A value in a counterexample, as text.
#[derive(Clone, Debug)]
pub struct TraceValue {
    pub text: String,
    /// Bits in binary, for scalars (ESBMC prints them in 8-bit groups).
    pub binary: Option<String>,
}

#[derive(Clone, Debug)]
pub enum TraceEvent {
    Assign {
        lhs: String,
        value: TraceValue,
    },
    Call {
        func: String,
        args: Vec<String>,
    },
    Return {
        func: String,
    },
    Input {
        name: String,
        value: TraceValue,
    },
    /// The scheduler switched to thread `thread` (multi-threaded programs).
    Switch {
        thread: u32,
    },
    /// `pthread_create` started thread `thread` in `func`.
    Spawn {
        thread: u32,
        func: String,
    },
}

#[derive(Clone, Debug)]
pub struct TraceStep {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub function: String,
    /// The thread that ran the step (0: the program's first thread).
    pub thread: u32,
    pub event: TraceEvent,
}

#[derive(Clone, Debug)]
pub struct Trace {
    pub steps: Vec<TraceStep>,
    /// True when the violation was confirmed by concrete replay (always, for FAILED).
    pub replayed: bool,
    /// What the violation assumes beyond C's semantics and verdiff's models (the accuracy of
    /// the math library, when a difference is shown for results near the host's only).
    pub assumes: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct ClaimResult {
    /// Stable identifier: `function.kind.N`.
    pub id: String,
    pub kind: ClaimKind,
    pub description: String,
    pub expression: String,
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub function: String,
    pub status: Status,
    pub trace: Option<Trace>,
    /// For the unwinding assertion of a loop: the loop, as `--unwindset` names it (function
    /// and back edge), so that a caller can raise that loop's bound alone.
    pub loop_at: Option<(crate::ir::FuncId, usize)>,
    #[allow(dead_code)]
    pub loc: Loc,
}

#[derive(Clone, Debug, Default)]
pub struct Timings {
    pub frontend: Duration,
    pub instrument: Duration,
    pub symex: Duration,
    pub encode: Duration,
    pub solve: Duration,
    pub replay: Duration,
    pub total: Duration,
}

impl Timings {
    /// Adds the timings of another run made for the same result.
    pub fn add(&mut self, o: &Timings) {
        self.frontend += o.frontend;
        self.instrument += o.instrument;
        self.symex += o.symex;
        self.encode += o.encode;
        self.solve += o.solve;
        self.replay += o.replay;
        self.total += o.total;
    }
}

#[derive(Clone, Debug, Default)]
pub struct RunStats {
    pub instructions: u64,
    pub assignments: u64,
    pub claims: usize,
    pub instances: usize,
    pub terms: usize,
    pub solver_calls: u32,
    pub unwind_reached: u32,
    pub bound: Option<u32>,
    /// Interleavings of a multi-threaded program explored: paths that ran to their end
    /// (schedule recording, merged paths counted once) or formulas solved (lazy exploration).
    pub interleavings: u64,
}

#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub claims: Vec<ClaimResult>,
    /// Unsupported constructs that are reachable (each makes the verdict UNKNOWN unless a real
    /// violation was found).
    pub unsupported: Vec<(String, String, u32)>,
    /// Functions without a body whose behaviour was assumed.
    pub externals: Vec<String>,
    pub notes: Vec<String>,
    pub timings: Timings,
    pub stats: RunStats,
    /// Whether some loop or recursion was cut without an unwinding assertion (the result then
    /// only covers executions within the bound).
    pub bounded: bool,
    /// The verdict is UNKNOWN only because the solver did not decide whether some loop runs
    /// past the bound: every other claim holds and no unsupported construct is reachable. The
    /// result then holds for executions within the bound.
    pub loops_undecided: bool,
    /// What the entry's inputs were assumed to satisfy (an inferred or written precondition),
    /// one clause per item; empty for free inputs. Set by the caller that built the entry.
    pub assumes: Vec<String>,
}

impl ClaimResult {
    /// For a claim inside a C library model: the program's own call that led into the library
    /// (what a user wants to see and fix) — the last call step in the program's code, or, in a
    /// trace without call steps, its last step there.
    pub fn reached_from(&self) -> Option<&TraceStep> {
        self.library_call().map(|(s, _)| s)
    }

    /// For a claim inside a C library model: the program's call that led into the library and
    /// the library function it called (None when the trace shows no call step).
    pub fn library_call(&self) -> Option<(&TraceStep, Option<&str>)> {
        if !self.file.starts_with("<verdiff-") {
            return None;
        }
        let steps = &self.trace.as_ref()?.steps;
        let own = |s: &&TraceStep| !s.file.starts_with("<verdiff-") && s.line > 0;
        let call = steps.iter().rev().filter(own).find_map(|s| match &s.event {
            TraceEvent::Call { func, .. } => Some((s, Some(func.as_str()))),
            _ => None,
        });
        call.or_else(|| steps.iter().rev().find(own).map(|s| (s, None)))
    }
}

impl Report {
    /// The first violated claim of the program (not a precondition: what the function needs
    /// of its caller is not its failure).
    pub fn first_failure(&self) -> Option<&ClaimResult> {
        self.claims.iter().find(|c| c.status == Status::Violated && c.kind != crate::ir::ClaimKind::Precondition)
    }

    /// The caller's obligations the function needs (precondition claims shown violable).
    pub fn needs(&self) -> impl Iterator<Item = &ClaimResult> {
        self.claims.iter().filter(|c| c.status == Status::Violated && c.kind == crate::ir::ClaimKind::Precondition)
    }

    /// The caller's obligations neither shown needed nor shown to hold (a candidate that did
    /// not replay, a solver timeout). The function was verified assuming them like every
    /// other obligation, so a report that leaves them out would assume them silently.
    pub fn undecided_needs(&self) -> impl Iterator<Item = &ClaimResult> {
        self.claims
            .iter()
            .filter(|c| matches!(c.status, Status::Unknown(_)) && c.kind == crate::ir::ClaimKind::Precondition)
    }
}
