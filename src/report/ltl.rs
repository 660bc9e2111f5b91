//! The machine-readable result of `verdiff ltl`: schema `verdiff.ltl/1.0`
//! (docs/json-schema.md, docs/schemas/ltl-v1.schema.json).

use serde_json::{json, Value};

use crate::ltl::Verdict;
use crate::temporal::{self, Checked, Request};

pub const LTL_SCHEMA: &str = "verdiff.ltl/1.0";

fn verdict_name(v: &Result<Verdict, String>) -> &'static str {
    match v {
        Ok(v) => v.name(),
        Err(_) => "UNKNOWN",
    }
}

/// The word of the final `VERIFICATION` line for an exit status.
pub fn final_line(code: i32) -> &'static str {
    match code {
        0 => "SUCCESSFUL",
        10 => "FAILED",
        _ => "UNKNOWN",
    }
}

fn lasso_json(c: &Checked) -> Value {
    match &c.lasso {
        Some(l) => json!({
            "file": l.file, "line": l.line,
            "from_iteration": l.from_iteration, "to_iteration": l.to_iteration,
        }),
        None => Value::Null,
    }
}

/// One bound's answer.
fn bound_json(c: &Checked) -> Value {
    json!({
        "bound": c.bound,
        "verdict": verdict_name(&c.verdict),
        "reason": c.verdict.as_ref().err(),
        "lasso": lasso_json(c),
        "lasso_undecided": c.lasso_undecided,
        "seconds": c.seconds,
    })
}

/// The document for a check at one bound, or a sweep (`results` in the order of the bounds).
pub fn ltl_json(
    req: &Request,
    results: &[Checked],
    verdict: &Result<Verdict, String>,
    shown: Option<&Checked>,
    code: i32,
    seconds: f64,
) -> Value {
    let first = results.first();
    let possible: Vec<&str> = first.map(|c| c.possible.iter().map(|v| v.name()).collect()).unwrap_or_default();
    json!({
        "schema": LTL_SCHEMA,
        "seconds": seconds,
        "tool": { "name": "verdiff", "version": env!("CARGO_PKG_VERSION"), "solver": crate::engine::solver_version() },
        "input": {
            "files": req.sources.iter().map(|s| s.path.display().to_string()).collect::<Vec<_>>(),
            "entry": req.entry.as_deref().unwrap_or("main"),
            "options": std::env::args().skip(1).collect::<Vec<_>>(),
        },
        "formula": {
            "text": first.map(|c| c.formula.clone()).unwrap_or_else(|| req.formula.clone()),
            "source": req.origin,
            "class": first.and_then(|c| c.kind).map(temporal::kind_name),
        },
        "ltl": {
            "verdict": verdict_name(verdict),
            "reason": verdict.as_ref().err(),
            "bound": shown.map(|c| c.bound),
            "possible": possible,
            "lasso": shown.map_or(Value::Null, lasso_json),
            "lasso_undecided": shown.and_then(|c| c.lasso_undecided.clone()),
            "counterexample": shown.and_then(|c| c.witness.as_ref()).map(super::json::claim_json),
        },
        "bounds": results.iter().map(bound_json).collect::<Vec<_>>(),
        "verdict": final_line(code),
        "exit_code": code,
    })
}

/// The document when no check could give an answer: bad input, or the time limit's watchdog.
pub fn unknown_json(reason: &str) -> Value {
    json!({
        "schema": LTL_SCHEMA,
        "tool": { "name": "verdiff", "version": env!("CARGO_PKG_VERSION"), "solver": crate::engine::solver_version() },
        "input": { "options": std::env::args().skip(1).collect::<Vec<_>>() },
        "ltl": { "verdict": "UNKNOWN", "reason": reason, "bound": null, "possible": [], "lasso": null, "lasso_undecided": null, "counterexample": null },
        "bounds": [],
        "verdict": "UNKNOWN",
        "exit_code": 6,
    })
}
