//! The machine-readable result of `verdiff check`: schema `verdiff.check/1`
//! (docs/json-schema.md, docs/schemas/check-v1.schema.json).

use serde_json::{json, Value};

use crate::engine::{ClaimResult, Report, Status, TraceEvent, Verdict};

pub const CHECK_SCHEMA: &str = "verdiff.check/1.6";

fn ms(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0
}

/// Inputs and options that are echoed in the result.
pub struct RunInfo {
    pub files: Vec<String>,
    pub entry: String,
    pub options: Vec<String>,
    pub frontend: std::time::Duration,
}

/// One claim with its status and counterexample, as `check` writes it (also used by
/// `verdiff ltl`'s document).
pub fn claim_json(c: &ClaimResult) -> Value {
    let (status, reason) = match &c.status {
        Status::Holds => ("holds", Value::Null),
        Status::Violated => ("violated", Value::Null),
        Status::Unknown(w) => ("unknown", Value::String(w.clone())),
        Status::NotChecked => ("not-checked", Value::Null),
    };
    let trace = c.trace.as_ref().map(|t| {
        let steps: Vec<Value> = t
            .steps
            .iter()
            .map(|s| {
                let mut v = json!({
                    "file": s.file, "line": s.line, "column": s.col, "function": s.function, "thread": s.thread,
                });
                let o = v.as_object_mut().expect("object");
                match &s.event {
                    TraceEvent::Assign { lhs, value } => {
                        o.insert("kind".into(), json!("assignment"));
                        o.insert("lhs".into(), json!(lhs));
                        o.insert("value".into(), json!(value.text));
                        if let Some(b) = &value.binary {
                            o.insert("binary".into(), json!(b.replace(' ', "")));
                        }
                    }
                    TraceEvent::Input { name, value } => {
                        o.insert("kind".into(), json!("input"));
                        o.insert("lhs".into(), json!(name));
                        o.insert("value".into(), json!(value.text));
                        if let Some(b) = &value.binary {
                            o.insert("binary".into(), json!(b.replace(' ', "")));
                        }
                    }
                    TraceEvent::Call { func, args } => {
                        o.insert("kind".into(), json!("call"));
                        o.insert("callee".into(), json!(func));
                        o.insert("arguments".into(), json!(args));
                    }
                    TraceEvent::Return { func } => {
                        o.insert("kind".into(), json!("return"));
                        o.insert("callee".into(), json!(func));
                    }
                    TraceEvent::Switch { thread } => {
                        o.insert("kind".into(), json!("context-switch"));
                        o.insert("to-thread".into(), json!(thread));
                    }
                    TraceEvent::Spawn { thread, func } => {
                        o.insert("kind".into(), json!("thread-start"));
                        o.insert("new-thread".into(), json!(thread));
                        o.insert("callee".into(), json!(func));
                    }
                }
                v
            })
            .collect();
        json!({ "replayed": t.replayed, "assumes": t.assumes, "steps": steps })
    });
    json!({
        "id": c.id,
        "kind": c.kind.name(),
        "description": c.description,
        "expression": c.expression,
        "file": c.file,
        "line": c.line,
        "column": c.col,
        "function": c.function,
        "status": status,
        "reason": reason,
        "trace": trace,
        "reached_from": c.reached_from().map(|s| json!({"file": s.file, "line": s.line, "function": s.function})),
    })
}

pub fn check_json(r: &Report, info: &RunInfo) -> Value {
    let claims: Vec<Value> = r.claims.iter().map(claim_json).collect();
    let (verdict, reason) = match &r.verdict {
        Verdict::Successful => ("SUCCESSFUL", Value::Null),
        Verdict::Failed => ("FAILED", Value::Null),
        Verdict::Unknown(w) => ("UNKNOWN", Value::String(w.clone())),
    };
    json!({
        "schema": CHECK_SCHEMA,
        "seconds": (r.timings.total + info.frontend).as_secs_f64(),
        "tool": { "name": "verdiff", "version": env!("CARGO_PKG_VERSION"), "solver": crate::engine::solver_version() },
        "input": { "files": info.files, "entry": info.entry, "options": info.options },
        "verdict": verdict,
        "reason": reason,
        "exit_code": r.verdict.exit_code(),
        "bounded": r.bounded,
        "claims": claims,
        "unsupported": r.unsupported.iter().map(|(w, f, l)| json!({"reason": w, "file": f, "line": l})).collect::<Vec<_>>(),
        "assumed_functions": r.externals,
        "assumes": r.assumes,
        "notes": r.notes,
        "stats": {
            "instructions": r.stats.instructions,
            "assignments": r.stats.assignments,
            "claims": r.stats.claims,
            "claim_instances": r.stats.instances,
            "terms": r.stats.terms,
            "solver_calls": r.stats.solver_calls,
            "max_loop_iterations": r.stats.unwind_reached,
            "interleavings": r.stats.interleavings,
        },
        "timings_ms": {
            "frontend": ms(info.frontend),
            "instrument": ms(r.timings.instrument),
            "symex": ms(r.timings.symex),
            "encode": ms(r.timings.encode),
            "solve": ms(r.timings.solve),
            "replay": ms(r.timings.replay),
            "total": ms(r.timings.total + info.frontend),
        },
    })
}
