//! Output of `verdiff run`: a text table and JSON (`verdiff.run/1`).

use serde_json::{json, Value};

use crate::record::{counts, FunctionResult, Phases};
use crate::report::RunMeta;

pub const SCHEMA: &str = "verdiff.run/1.5";

/// The text table. `reproduce`: the command that re-runs one function exactly as this run
/// did (the function's name is appended), printed under every FAILED row.
pub fn text(results: &[FunctionResult], reused: usize, seconds: f64, reproduce: Option<&str>) -> String {
    let mut s = String::new();
    for r in results {
        let verdict = r.safety.map(|v| v.name()).unwrap_or("-");
        let cached = if r.cached { " (cached)" } else { "" };
        s.push_str(&format!("{:<12} {}:{} {}{cached}", verdict, r.file, r.line, r.function));
        if !r.detail.is_empty() {
            s.push_str(&format!(": {}", r.detail));
        }
        s.push('\n');
        if let (Some(cmd), Some(crate::record::Safety::Failed)) = (reproduce, r.safety) {
            s.push_str(&format!("             reproduce (trace in the JSON): {cmd} --function {}\n", r.function));
        }
    }
    let c = counts(results);
    let pre = if c.precondition > 0 { format!(", {} under their precondition", c.precondition) } else { String::new() };
    s.push_str(&format!(
        "\n{} functions: {} verified{pre}, {} failed, {} unknown; {reused} from the cache; {seconds:.1}s\n\n",
        c.functions, c.verified, c.failed, c.unknown
    ));
    s.push_str(if c.failed > 0 {
        "VERIFICATION FAILED\n"
    } else if c.unknown > 0 {
        "VERIFICATION UNKNOWN\n"
    } else {
        "VERIFICATION SUCCESSFUL\n"
    });
    s
}

pub fn json(results: &[FunctionResult], meta: &RunMeta, seconds: f64) -> Value {
    json!({
        "schema": SCHEMA,
        "tool": {"name": "verdiff", "version": meta.tool_version},
        "commit": meta.commit,
        "started": meta.started,
        "seconds": seconds,
        "counts": counts(results),
        "phases_ms": phases_of_run(results),
        "functions": results,
        "notes": meta.notes,
    })
}

/// Where the functions verified in this run spent their time, by phase: the sum of their
/// rows' `phases_ms` (cached rows' time was spent by an earlier run and is left out).
fn phases_of_run(results: &[FunctionResult]) -> Phases {
    let mut sum = Phases::default();
    for p in results.iter().filter(|r| !r.cached).filter_map(|r| r.phases_ms.as_ref()) {
        sum.add(p);
    }
    let total: f64 = sum.total() / 1000.0;
    sum.within(total)
}
