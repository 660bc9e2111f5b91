//! Output of `verdiff diff`: a text table, JSON (`verdiff.diff/1`) and a Markdown table (for
//! pull-request comments and job summaries).

use serde_json::{json, Value};

use crate::diff::{Row, Status};

pub const SCHEMA: &str = "verdiff.diff/1.5";

pub struct Info {
    pub base: String,
    pub head: String,
    /// Wall time of the whole diff.
    pub seconds: f64,
}

fn safety_text(r: &Row) -> String {
    match &r.safety {
        None => "-".into(),
        Some(s) if s.detail.is_empty() => format!("{}{}", s.verdict, if s.cached { " (cached)" } else { "" }),
        Some(s) => format!("{}{}: {}", s.verdict, if s.cached { " (cached)" } else { "" }, s.detail),
    }
}

/// How a row relates to threads (docs/threads.md §9), as a suffix of its change.
fn threads_text(r: &Row) -> String {
    let list = |v: &[String]| v.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ");
    let mut out = String::new();
    if !r.threads.is_empty() {
        out.push_str(&format!(" (starts threads; checked under interleavings for changed {})", list(&r.threads)));
    }
    if !r.in_threads_of.is_empty() {
        out.push_str(&format!(
            " (runs in threads started by {}: races and deadlocks are checked there)",
            list(&r.in_threads_of)
        ));
    }
    out
}

/// Violated claims about threads that the base version does not violate.
fn introduced(rows: &[Row]) -> usize {
    rows.iter().flat_map(|r| r.safety.iter().flat_map(|s| &s.claims)).filter(|c| c.in_base == Some(false)).count()
}

fn name(r: &Row) -> String {
    match &r.old_name {
        Some(o) => format!("{} (was {o})", r.function),
        None => r.function.clone(),
    }
}

fn summary(rows: &[Row]) -> String {
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in rows {
        *counts.entry(r.status.kind()).or_default() += 1;
    }
    let failed = rows.iter().filter(|r| r.safety_failed()).count();
    let parts: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {}", k.replace('-', " "))).collect();
    let new = match introduced(rows) {
        0 => String::new(),
        n => format!(" ({n} data race(s) or deadlock(s) introduced by this change)"),
    };
    format!("{} functions: {}; {} safety violation(s){new}", rows.len(), parts.join(", "), failed)
}

pub fn text(rows: &[Row], info: &Info) -> String {
    let mut s = format!("verdiff diff: base {} → head {}\n\n", info.base, info.head);
    if rows.is_empty() {
        s.push_str("No C function changed.\n");
        return s;
    }
    for r in rows {
        s.push_str(&format!(
            "{}:{}: {}: {}{} [safety: {}] ({:.2}s)\n",
            r.file,
            r.line,
            name(r),
            r.status.text(),
            threads_text(r),
            safety_text(r),
            r.time.as_secs_f64()
        ));
    }
    s.push_str(&format!("\n{}\n", summary(rows)));
    s
}

fn md_escape(t: &str) -> String {
    t.replace('|', "\\|").replace('\n', " ")
}

pub fn markdown(rows: &[Row], info: &Info) -> String {
    let mut s = format!("### verdiff: changed C functions\n\nBase `{}`, head `{}`.\n\n", info.base, info.head);
    if rows.is_empty() {
        s.push_str("No C function changed.\n");
        return s;
    }
    s.push_str("| function | file | change | safety | time |\n|---|---|---|---|---|\n");
    for r in rows {
        s.push_str(&format!(
            "| `{}` | {}:{} | {} | {} | {:.2}s |\n",
            md_escape(&name(r)),
            md_escape(&r.file),
            r.line,
            md_escape(&format!("{}{}", r.status.text(), threads_text(r))),
            md_escape(&safety_text(r)),
            r.time.as_secs_f64()
        ));
    }
    s.push_str(&format!("\n{}\n", summary(rows)));
    s
}

pub fn json(rows: &[Row], info: &Info) -> Value {
    let fns: Vec<Value> = rows
        .iter()
        .map(|r| {
            let detail = match &r.status {
                Status::BehaviourChanged(d) | Status::Unknown(d) => json!(d),
                Status::EquivalentUpTo(k) => json!(format!("bound {k}")),
                _ => Value::Null,
            };
            json!({
                "function": r.function,
                "old_name": r.old_name,
                "file": r.file,
                "old_file": r.old_file,
                "line": r.line,
                "status": r.status.kind(),
                "detail": detail,
                "safety": r.safety.as_ref().map(|s| json!({
                    "verdict": s.verdict,
                    "detail": s.detail,
                    "cached": s.cached,
                    "claims": s.claims,
                    "assumes": s.assumes,
                })),
                "threads_reach_changed": r.threads,
                "in_threads_of": r.in_threads_of,
                "seconds": r.time.as_secs_f64(),
                // 1.0's name, deprecated (docs/json-schema.md)
                "time_seconds": r.time.as_secs_f64(),
            })
        })
        .collect();
    json!({
        "schema": SCHEMA,
        "tool": {"name": "verdiff", "version": env!("CARGO_PKG_VERSION")},
        "base": info.base,
        "head": info.head,
        "seconds": info.seconds,
        "functions": fns,
        "counts": crate::record::counts(&rows.iter().map(crate::diff::to_record).collect::<Vec<_>>()),
        "summary": summary(rows),
    })
}
