//! The four-valued verdict read off the claims of one verification (docs/ltl.md §4–5).

use super::Lasso;
use crate::engine::{self, ClaimResult, Report, Status};
use crate::ir::ClaimKind;
use crate::ltl::Verdict;

/// The verdict the claims of `r` give, with the claim whose trace shows it; or why there is
/// none. The questions are decided worst first (the engine's phases), so the first violated
/// kind is the verdict; a kind with an undecided claim and no violation before it leaves the
/// verdict unknown — except the lasso question, whose answer only sharpens FAILING or
/// SUCCEEDING to BAD.
pub(super) fn outcome(r: &Report) -> Result<(Verdict, Option<&ClaimResult>), String> {
    for (kind, verdict) in [
        (ClaimKind::LtlBad, Verdict::Bad),
        (ClaimKind::LtlLasso, Verdict::Bad),
        (ClaimKind::LtlFailing, Verdict::Failing),
        (ClaimKind::LtlSucceeding, Verdict::Succeeding),
    ] {
        let of_kind = || r.claims.iter().filter(move |c| c.kind == kind);
        if let Some(c) = of_kind().find(|c| c.status == Status::Violated) {
            return Ok((verdict, Some(c)));
        }
        if kind == ClaimKind::LtlLasso {
            continue;
        }
        if let Some(c) = of_kind().find(|c| !matches!(c.status, Status::Holds)) {
            return Err(match &c.status {
                Status::Unknown(w) => w.clone(),
                _ => match &r.verdict {
                    engine::Verdict::Unknown(w) => w.clone(),
                    _ => format!("the {} question was not decided", kind.name()),
                },
            });
        }
    }
    match &r.verdict {
        engine::Verdict::Unknown(w) => Err(w.clone()),
        _ => Ok((Verdict::Good, None)),
    }
}

/// Why the lasso question was not decided, when it was not.
pub(super) fn lasso_undecided(r: &Report) -> Option<String> {
    r.claims.iter().filter(|c| c.kind == ClaimKind::LtlLasso).find_map(|c| match &c.status {
        Status::Unknown(w) => Some(w.clone()),
        _ => None,
    })
}

/// Where the lasso of a violated lasso claim closes.
pub(super) fn lasso_of(c: &ClaimResult) -> Option<Lasso> {
    if c.kind != ClaimKind::LtlLasso {
        return None;
    }
    let (from_iteration, to_iteration) = crate::ir::LassoSpec::claim_iterations(&c.description)?;
    Some(Lasso { file: c.file.clone(), line: c.line, from_iteration, to_iteration })
}

/// The claim with its trace's steps of the program only (the monitor's own steps and globals
/// left out: the atoms' values are the program's).
pub fn program_steps(c: &ClaimResult) -> ClaimResult {
    let mut c = c.clone();
    // (the claim's condition is over the monitor's globals: its description says it)
    c.expression.clear();
    if let Some(t) = &mut c.trace {
        t.steps.retain(|s| {
            let monitor = match &s.event {
                engine::TraceEvent::Assign { lhs, .. } => lhs.starts_with("__verdiff_ltl_"),
                engine::TraceEvent::Call { func, .. } | engine::TraceEvent::Return { func } => {
                    func.starts_with("__verdiff_ltl_")
                }
                engine::TraceEvent::Input { .. }
                | engine::TraceEvent::Switch { .. }
                | engine::TraceEvent::Spawn { .. } => false,
            };
            !s.function.starts_with("__verdiff_ltl_") && !monitor
        });
    }
    c
}
