//! Output of `verdiff harness --check --json`: the document `verdiff.harness/1`
//! (docs/schemas/harness-v1.schema.json).

use serde_json::{json, Value};

use crate::harness::{Checked, Harness};

pub const SCHEMA: &str = "verdiff.harness/1.1";

/// One verified harness: what it is, its result and the failing input as a unit test.
pub struct Row<'a> {
    pub harness: &'a Harness,
    pub result: &'a Checked,
    pub unit_test: Option<String>,
}

/// A test without a harness and why.
pub struct Skipped {
    pub file: String,
    pub line: u32,
    pub test: String,
    pub reason: String,
}

pub fn json(rows: &[Row], tests: usize, generalised: usize, skipped: &[Skipped], seconds: f64) -> Value {
    let count = |v: crate::record::Safety| rows.iter().filter(|r| r.result.safety == v).count();
    json!({
        "schema": SCHEMA,
        "tool": {"name": "verdiff", "version": env!("CARGO_PKG_VERSION")},
        "seconds": seconds,
        "tests": tests,
        "tests_generalised": generalised,
        "counts": {
            "harnesses": rows.len(),
            "successful": count(crate::record::Safety::Successful),
            "failed": count(crate::record::Safety::Failed),
            "unknown": count(crate::record::Safety::Unknown),
        },
        "harnesses": rows.iter().map(|r| json!({
            "name": r.harness.name,
            "test": r.harness.test,
            "test_file": r.harness.test_file,
            "function": r.harness.function,
            "mode": r.harness.mode.name(),
            "inputs": r.harness.generalised,
            "verdict": r.result.safety,
            "detail": r.result.detail,
            "seconds": r.result.seconds,
            "claims": r.result.all_claims,
            "unit_test": r.unit_test,
        })).collect::<Vec<_>>(),
        "tests_without_harness": skipped.iter().map(|s| json!({
            "file": s.file, "line": s.line, "test": s.test, "reason": s.reason,
        })).collect::<Vec<_>>(),
    })
}
