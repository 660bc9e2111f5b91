//! Output of `verdiff equiv`: text (verdict on the last line) and JSON (`verdiff.equiv/1`).

use serde_json::{json, Value};

use crate::equiv::{EquivResult, EquivVerdict};

pub const SCHEMA: &str = "verdiff.equiv/1.2";

pub fn text(r: &EquivResult, files: &(String, String)) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "Comparing {} in {} with {} in {} (loops and recursion unwound {} times)\n",
        r.function, files.0, r.new_function, files.1, r.unwind
    ));
    if !r.abstracted.is_empty() {
        s.push_str(&format!("Shared callees abstracted as uninterpreted functions: {}\n", r.abstracted.join(", ")));
    }
    if !r.externals.is_empty() {
        s.push_str(&format!("External functions (calls compared): {}\n", r.externals.join(", ")));
    }
    for n in &r.notes {
        s.push_str(&format!("Note: {n}\n"));
    }
    match &r.verdict {
        EquivVerdict::NotEquivalent(d) => {
            s.push_str("\nDistinguishing input:\n");
            for (k, v) in &d.inputs {
                s.push_str(&format!("  {k} = {v}\n"));
            }
            s.push_str("\nOutputs that differ:\n");
            for o in &d.outputs {
                let what = if o.path.is_empty() { o.output.clone() } else { o.path.clone() };
                s.push_str(&format!("  {what}: old {}, new {}\n", o.old, o.new));
            }
            for a in &d.assumes {
                s.push_str(&format!("\nAssuming {a}.\n"));
            }
            s.push_str("\nUnit test (replays the input on both versions):\n");
            s.push_str(&d.unit_test);
        }
        EquivVerdict::Unknown(why) => s.push_str(&format!("\nReason: {why}\n")),
        EquivVerdict::EquivalentUpTo(k) => s.push_str(&format!(
            "\nSome loop or recursion needs more than {k} iterations: equivalence holds for runs within the bound.\n"
        )),
        EquivVerdict::Equivalent => {}
        EquivVerdict::EquivalentIfTerminating => s.push_str(
            "\nProved with relational invariants and summaries for any number of loop iterations and recursive calls: the versions agree on every input on which both terminate (termination itself is not compared).\n",
        ),
    }
    s.push_str(&format!("\nTime: {:.3}s\n\n{}\n", r.time.as_secs_f64(), r.verdict.line()));
    s
}

pub fn result_json(r: &EquivResult) -> Value {
    let (reason, difference) = match &r.verdict {
        EquivVerdict::Unknown(w) => (Some(w.clone()), Value::Null),
        EquivVerdict::NotEquivalent(d) => (
            None,
            json!({
                "inputs": d.inputs.iter().map(|(k, v)| json!({"name": k, "value": v})).collect::<Vec<_>>(),
                "outputs": d.outputs,
                "unit_test": d.unit_test,
                "assumes": d.assumes,
            }),
        ),
        _ => (None, Value::Null),
    };
    json!({
        "function": r.function,
        "new_function": r.new_function,
        "verdict": r.verdict.kind(),
        "bound": match r.verdict { EquivVerdict::EquivalentUpTo(k) => json!(k), _ => Value::Null },
        "reason": reason,
        "difference": difference,
        "abstracted": r.abstracted,
        "externals": r.externals,
        "notes": r.notes,
        "unwind": r.unwind,
        "seconds": r.time.as_secs_f64(),
        // 1.0's name, deprecated (docs/json-schema.md)
        "time_seconds": r.time.as_secs_f64(),
    })
}

pub fn json(r: &EquivResult, files: &(String, String)) -> Value {
    let mut v = result_json(r);
    if let Value::Object(m) = &mut v {
        m.insert("schema".into(), json!(SCHEMA));
        m.insert("tool".into(), json!({"name": "verdiff", "version": env!("CARGO_PKG_VERSION")}));
        m.insert("old_file".into(), json!(files.0));
        m.insert("new_file".into(), json!(files.1));
        m.insert("exit_code".into(), json!(r.verdict.exit_code()));
    }
    v
}
