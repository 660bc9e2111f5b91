//! Per-function results as the product layer stores and reports them: what `verdiff run`
//! and `verdiff diff` produce, what the cache keeps, what every report format renders.
//!
//! Plain data (serde), no behaviour beyond small queries. Depends on nothing but `engine`'s
//! result types (for the conversion); cache, report and cli depend on it.

pub mod phases;

use serde::{Deserialize, Serialize};

pub use phases::Phases;

use crate::engine::{ClaimResult, Report, Status as ClaimStatus, TraceEvent, Verdict};

/// Safety verdict of one function (run from it as entry point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Safety {
    // upper case as in every JSON document from verdiff.run/1.3; the cache and 1.0–1.2
    // documents hold lower case (docs/json-schema.md, "One vocabulary")
    #[serde(alias = "successful")]
    Successful,
    #[serde(alias = "failed")]
    Failed,
    #[serde(alias = "unknown")]
    Unknown,
    /// Safe only under what it needs of its caller (docs/contracts.md): verified, and the
    /// precondition is part of the result.
    #[serde(alias = "precondition")]
    Precondition,
}

impl Safety {
    pub fn name(self) -> &'static str {
        match self {
            Safety::Successful => "SUCCESSFUL",
            Safety::Failed => "FAILED",
            Safety::Unknown => "UNKNOWN",
            Safety::Precondition => "PRECONDITION",
        }
    }

    /// Verified: for every input, or for every input its precondition allows.
    pub fn verified(self) -> bool {
        matches!(self, Safety::Successful | Safety::Precondition)
    }
}

/// The safety result of one function: verdict, one-line detail, the claims worth reporting,
/// and what it was verified under.
#[derive(Clone, Debug, PartialEq)]
pub struct SafetyResult {
    pub safety: Safety,
    pub detail: String,
    pub claims: Vec<Claim>,
    /// The precondition the verdict assumes, one clause per item (C-like text); empty when
    /// the inputs were free.
    pub assumes: Vec<String>,
    /// Where the time went (`other` is filled in by whoever knows the whole row's time).
    pub phases: Phases,
}

impl SafetyResult {
    pub fn new(safety: Safety, detail: impl Into<String>) -> SafetyResult {
        SafetyResult { safety, detail: detail.into(), claims: vec![], assumes: vec![], phases: Phases::default() }
    }
}

/// One step of a counterexample.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub file: String,
    pub line: u32,
    pub function: String,
    /// What happened, as text (`x = 5`, `call f(1, 2)`, `input n = -3`).
    pub text: String,
    /// The thread that made the step (0: the program's first thread; absent when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub thread: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A claim that did not hold (violated) or was not decided (unknown).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// The claim kind's name as `verdiff check` prints it (`array bounds`, `division by zero`…).
    pub kind: String,
    pub description: String,
    pub file: String,
    pub line: u32,
    /// The function the claim is in (for a claim inside a C library model: the function whose
    /// call led into it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub function: String,
    /// `violated` or `unknown` (`needed`: a precondition claim the function needs of its
    /// caller, for a PRECONDITION result).
    pub status: String,
    /// Why it is unknown (empty when violated).
    pub reason: String,
    pub trace: Vec<Step>,
    /// `verdiff diff`, for a data race, deadlock or atomicity violation of a function that
    /// starts threads: whether the base version violates it too (false: this change
    /// introduced it). Absent elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_base: Option<bool>,
}

/// The result of one function in one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FunctionResult {
    pub function: String,
    /// Repository-relative path of the file defining it.
    pub file: String,
    pub line: u32,
    /// For `verdiff diff`: unchanged / equivalent / equivalent-up-to-bound / behaviour-changed
    /// / new / removed / unknown. Empty for `verdiff run`.
    #[serde(default)]
    pub change: String,
    /// The distinguishing input or the reason, for changes that are not plain.
    #[serde(default)]
    pub change_detail: String,
    /// None when no safety check ran (unchanged, equivalent, removed).
    pub safety: Option<Safety>,
    /// Why the safety verdict is unknown, or what failed, in one line.
    #[serde(default)]
    pub detail: String,
    #[serde(default)]
    pub claims: Vec<Claim>,
    pub seconds: f64,
    /// Served from the cache (the time is the original run's).
    #[serde(default)]
    pub cached: bool,
    /// The precondition the safety verdict assumes (docs/contracts.md), one clause per item.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumes: Vec<String>,
    /// Where `seconds` went, by phase (verdiff.run 1.4); None when not known (no check ran,
    /// its process was ended, or the result predates 1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phases_ms: Option<Phases>,
}

impl FunctionResult {
    /// A `verdiff run` row of `function` (in `file` at `line`) with no verdict: UNKNOWN, for
    /// `detail`.
    pub fn unknown_row(
        function: impl Into<String>,
        file: impl Into<String>,
        line: u32,
        detail: impl Into<String>,
    ) -> Self {
        FunctionResult {
            function: function.into(),
            file: file.into(),
            line,
            change: String::new(),
            change_detail: String::new(),
            safety: Some(Safety::Unknown),
            detail: detail.into(),
            claims: vec![],
            seconds: 0.0,
            cached: false,
            assumes: vec![],
            phases_ms: None,
        }
    }

    /// Adds the time of `other`, work done for this same row (seconds and phases).
    pub fn add_time_of(&mut self, other: &FunctionResult) {
        self.phases_ms = phases::combined(self.phases_ms, self.seconds, other.phases_ms, other.seconds);
        self.seconds += other.seconds;
    }

    pub fn failed(&self) -> bool {
        self.safety == Some(Safety::Failed)
    }
    pub fn unknown(&self) -> bool {
        self.safety == Some(Safety::Unknown) || self.change == "unknown"
    }
    pub fn behaviour_changed(&self) -> bool {
        self.change == "behaviour-changed"
    }
}

/// Counts for summaries and history.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub functions: usize,
    pub verified: usize,
    /// Verified under their precondition (PRECONDITION).
    #[serde(default)]
    pub precondition: usize,
    pub failed: usize,
    pub unknown: usize,
    pub changed: usize,
    pub cached: usize,
}

pub fn counts(rs: &[FunctionResult]) -> Counts {
    let mut c = Counts { functions: rs.len(), ..Counts::default() };
    for r in rs {
        match r.safety {
            Some(Safety::Successful) => c.verified += 1,
            Some(Safety::Precondition) => c.precondition += 1,
            Some(Safety::Failed) => c.failed += 1,
            Some(Safety::Unknown) => c.unknown += 1,
            None if r.change == "unknown" => c.unknown += 1,
            // proven equivalent to a base version; an unchanged function was not looked at
            // again and a bounded equivalence is not a proof: neither counts as verified
            None if r.change == "equivalent" => c.verified += 1,
            None => {}
        }
        c.changed += r.behaviour_changed() as usize;
        c.cached += r.cached as usize;
    }
    c
}

fn step_text(e: &TraceEvent) -> String {
    match e {
        TraceEvent::Assign { lhs, value } => format!("{lhs} = {}", value.text),
        TraceEvent::Call { func, args } => format!("call {func}({})", args.join(", ")),
        TraceEvent::Return { func } => format!("return from {func}"),
        TraceEvent::Input { name, value } => format!("input {name} = {}", value.text),
        TraceEvent::Switch { thread } => format!("context switch to thread {thread}"),
        TraceEvent::Spawn { thread, func } => format!("thread {thread} created, starting in {func}"),
    }
}

/// A claim of an engine report, with the file paths made relative by `rel`.
pub fn claim(c: &ClaimResult, rel: &dyn Fn(&str) -> String) -> Claim {
    let (status, reason) = match &c.status {
        // what the function needs of its caller: not a violation of its own
        ClaimStatus::Violated if c.kind == crate::ir::ClaimKind::Precondition => ("needed", String::new()),
        ClaimStatus::Violated => ("violated", String::new()),
        ClaimStatus::Unknown(w) => ("unknown", w.clone()),
        ClaimStatus::Holds => ("holds", String::new()),
        ClaimStatus::NotChecked => ("not-checked", String::new()),
    };
    // a claim inside a C library model is reported at the user's call that led into it
    let (file, line, function) = match c.reached_from() {
        Some(s) => (s.file.clone(), s.line, s.function.clone()),
        None => (c.file.clone(), c.line, c.function.clone()),
    };
    let trace = c
        .trace
        .as_ref()
        .map(|t| {
            // the entry harness's inputs (line 0) are given where the function starts
            let start = t.steps.iter().find(|s| !s.file.starts_with("<verdiff-") && s.line > 0);
            t.steps
                .iter()
                .filter(|s| !s.file.starts_with("<verdiff-"))
                .filter_map(|s| match (&s.event, s.line, start) {
                    (_, 1.., _) => Some((s, s.line, s.function.clone())),
                    (TraceEvent::Input { .. }, 0, Some(at)) => Some((s, at.line, at.function.clone())),
                    (TraceEvent::Input { .. }, 0, None) => Some((s, line, function.clone())),
                    _ => None,
                })
                .map(|(s, line, function)| Step {
                    file: rel(&s.file),
                    line,
                    function,
                    text: step_text(&s.event),
                    thread: s.thread,
                })
                .collect()
        })
        .unwrap_or_default();
    Claim {
        kind: c.kind.name().to_string(),
        description: c.description.clone(),
        file: rel(&file),
        line,
        function,
        status: status.into(),
        reason,
        trace,
        in_base: None,
    }
}

/// Safety verdict, one-line detail and the claims worth reporting of an engine report.
/// A loop cut by the bound is never passed off as verified: an unwinding claim that fails
/// (with no real violation first) or a run that cut loops without claims gives UNKNOWN.
///
/// `assumes` is the precondition the report was verified under (empty: free inputs). A
/// verified function whose precondition it needs (some precondition claim can fail, or it
/// assumed a non-NULL parameter) is PRECONDITION, with what it needs in the detail and the
/// needed claims among the claims.
pub fn safety_of(r: &Report, unwind: u32, assumes: &[String], rel: &dyn Fn(&str) -> String) -> SafetyResult {
    let (safety, detail, claims) = verdict_of(r, unwind, rel);
    let mut out = SafetyResult { safety, detail, claims, assumes: assumes.to_vec(), phases: Phases::default() };
    if safety == Safety::Successful && !assumes.is_empty() {
        let mut needs: Vec<Claim> = r.needs().map(|c| claim(c, rel)).collect();
        let undecided: Vec<Claim> = r.undecided_needs().map(|c| claim(c, rel)).collect();
        let nonnull = assumes.iter().any(|a| a.ends_with("!= NULL"));
        if !needs.is_empty() || !undecided.is_empty() || nonnull {
            out.safety = Safety::Precondition;
            let mut d = format!("safe assuming {}", assumes.join(", "));
            if let Some(first) = needs.first() {
                d.push_str(&format!("; needs of its caller: {} at {}:{}", first.description, first.file, first.line));
                if needs.len() > 1 {
                    d.push_str(&format!(" (and {} more)", needs.len() - 1));
                }
            } else if let Some(first) = undecided.first() {
                d.push_str(&format!(
                    "; may need of its caller (undecided: {}): {} at {}:{}",
                    first.reason, first.description, first.file, first.line
                ));
                if undecided.len() > 1 {
                    d.push_str(&format!(" (and {} more)", undecided.len() - 1));
                }
            }
            out.detail = d;
            needs.extend(undecided);
            out.claims = needs;
        } else {
            // (a written contract stays part of the result)
            out.assumes.retain(|a| a.ends_with("(written)"));
        }
    }
    out
}

fn verdict_of(r: &Report, unwind: u32, rel: &dyn Fn(&str) -> String) -> (Safety, String, Vec<Claim>) {
    use crate::ir::ClaimKind;
    // a real violation (with multi-property, not necessarily the first claim listed) wins
    // over a loop the bound cut
    let real = r.claims.iter().find(|c| {
        c.status == ClaimStatus::Violated && c.kind != ClaimKind::Unwinding && c.kind != ClaimKind::Precondition
    });
    let cut = r.first_failure().filter(|c| c.kind == ClaimKind::Unwinding && real.is_none());
    let reported: Vec<Claim> = r
        .claims
        .iter()
        .filter(|c| matches!(c.status, ClaimStatus::Violated | ClaimStatus::Unknown(_)))
        .filter(|c| c.kind != ClaimKind::Unwinding && c.kind != ClaimKind::Precondition)
        .map(|c| claim(c, rel))
        .collect();
    match &r.verdict {
        Verdict::Failed if cut.is_some() => (
            Safety::Unknown,
            format!(
                "no violation within {unwind} iterations, but the loop or recursion at {}:{} needs more",
                cut.map(|c| rel(&c.file)).unwrap_or_else(|| "?".into()),
                cut.map(|c| c.line).unwrap_or(0)
            ),
            reported,
        ),
        Verdict::Successful if r.bounded => {
            (Safety::Unknown, format!("some loop was cut at {unwind} iterations"), reported)
        }
        Verdict::Failed => {
            let d = real
                .or(r.first_failure())
                .map(|c| {
                    let cl = claim(c, rel);
                    format!("{} at {}:{} ({})", cl.description, cl.file, cl.line, cl.kind)
                })
                .unwrap_or_default();
            (Safety::Failed, d, reported)
        }
        Verdict::Unknown(w) => (Safety::Unknown, rel(w), reported),
        Verdict::Successful => (Safety::Successful, String::new(), vec![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(change: &str, safety: Option<Safety>) -> FunctionResult {
        FunctionResult {
            function: "f".into(),
            file: "a.c".into(),
            line: 1,
            change: change.into(),
            change_detail: String::new(),
            safety,
            detail: String::new(),
            claims: vec![],
            seconds: 0.0,
            cached: false,
            assumes: vec![],
            phases_ms: None,
        }
    }

    #[test]
    fn only_proofs_count_as_verified() {
        let rs = [
            row("unchanged", None),
            row("equivalent-up-to-bound", None),
            row("equivalent", None),
            row("unchanged", Some(Safety::Successful)),
            row("behaviour-changed", Some(Safety::Failed)),
            row("unknown", None),
        ];
        let c = counts(&rs);
        assert_eq!((c.functions, c.verified, c.failed, c.unknown, c.changed), (6, 2, 1, 1, 1));
    }

    fn report_with_need(status: crate::engine::Status) -> crate::engine::Report {
        crate::engine::Report {
            verdict: crate::engine::Verdict::Successful,
            claims: vec![crate::engine::ClaimResult {
                id: "f.pointer-bounds.1".into(),
                kind: crate::ir::ClaimKind::Precondition,
                description: "dereference failure: access outside object bounds through `s` (the caller's object)"
                    .into(),
                expression: String::new(),
                file: "a.c".into(),
                line: 3,
                col: 1,
                function: "f".into(),
                status,
                trace: None,
                loop_at: None,
                loc: crate::ir::Loc::default(),
            }],
            unsupported: vec![],
            externals: vec![],
            notes: vec![],
            timings: Default::default(),
            stats: Default::default(),
            bounded: false,
            loops_undecided: false,
            assumes: vec![],
        }
    }

    /// A caller's obligation the function was verified under is part of its result whether
    /// it was shown needed or only not shown to hold: an undecided one is listed, not dropped.
    #[test]
    fn an_undecided_need_of_the_caller_is_stated_not_dropped() {
        let rel = |f: &str| f.to_string();
        let assumes = vec!["pointers stored in them are valid".to_string()];
        let undecided = report_with_need(crate::engine::Status::Unknown("counterexample not confirmed".into()));
        let r = safety_of(&undecided, 10, &assumes, &rel);
        assert_eq!(r.safety, Safety::Precondition, "{}", r.detail);
        assert!(r.detail.contains("may need of its caller (undecided: counterexample not confirmed)"), "{}", r.detail);
        assert_eq!(r.claims.len(), 1);
        let shown = report_with_need(crate::engine::Status::Violated);
        let r = safety_of(&shown, 10, &assumes, &rel);
        assert_eq!(r.safety, Safety::Precondition);
        assert!(r.detail.contains("; needs of its caller: dereference failure"), "{}", r.detail);
        let holds = report_with_need(crate::engine::Status::Holds);
        let r = safety_of(&holds, 10, &assumes, &rel);
        assert_eq!(r.safety, Safety::Successful, "{}", r.detail);
    }
}
