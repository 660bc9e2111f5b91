//! SARIF 2.1.0 for the per-function results of `verdiff run` / `verdiff diff`, in the shape
//! GitHub code scanning accepts (one run, repository-relative URIs under `%SRCROOT%`, at most
//! 5,000 results).
//!
//! What becomes a result:
//! - every violated claim: level `error`, rule `verdiff.<kind>` (`verdiff.array-bounds`…), at
//!   the claim's location, with the counterexample as `codeFlows[0].threadFlows[0]` (one
//!   location per step; the step's text is the location's message, an assignment or input
//!   `x = 5` also appears as `state: {"x": {"text": "5"}}`); a counterexample of several
//!   threads has one thread flow per thread (`id` `thread N`), each location with its
//!   `executionOrder` in the interleaving;
//! - every behaviour change: level `warning`, rule `verdiff.behaviour-change`, at the function,
//!   the message carrying the distinguishing input and the outputs;
//! - every unknown safety verdict, unknown equivalence and undecided claim: level `note`, rule
//!   `verdiff.unknown`, the message carrying the reason;
//! - every function safe only under its precondition (PRECONDITION): level `note`, rule
//!   `verdiff.precondition`, at the function, the message naming what it assumes and needs of
//!   its caller (`properties.assumes` lists the clauses).
//!
//! Every rule has help text and tags; the memory-safety and undefined-behaviour rules a
//! `security-severity` and their CWE (report/sarif_rules.rs). Every result has a
//! `partialFingerprints` entry that survives moved lines ([`FINGERPRINT_KEY`]).
//!
//! Results are ordered errors, warnings, notes; beyond [`MAX_RESULTS`] the rest is dropped and
//! the drop is said in `invocations[0].toolExecutionNotifications` and
//! `runs[0].properties.truncated`.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::RunMeta;
use crate::record::{Claim, FunctionResult, Safety, Step};

pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
pub const VERSION: &str = "2.1.0";
pub const INFORMATION_URI: &str = "https://github.com/verdiff/verdiff";
/// GitHub code scanning's limit of results per run.
pub const MAX_RESULTS: usize = 5_000;
/// GitHub code scanning's limit of locations per thread flow.
pub const MAX_FLOW_LOCATIONS: usize = 10_000;

pub const BEHAVIOUR_CHANGE_RULE: &str = "verdiff.behaviour-change";
pub const UNKNOWN_RULE: &str = "verdiff.unknown";
/// The rule of functions safe only under their precondition.
pub const PRECONDITION_RULE: &str = "verdiff.precondition";

/// The rule id of a claim kind: `array bounds` → `verdiff.array-bounds`.
pub fn rule_id(kind: &str) -> String {
    let mut s = String::from("verdiff.");
    let mut dash = false;
    for c in kind.chars() {
        if c.is_ascii_alphanumeric() {
            if dash && !s.ends_with('.') {
                s.push('-');
            }
            dash = false;
            s.push(c.to_ascii_lowercase());
        } else {
            dash = true;
        }
    }
    if s.ends_with('.') {
        s.push_str("property");
    }
    s
}

/// A repository-relative path as a URI reference: `/` separators, no leading `./`, and every
/// byte outside the unreserved and path characters percent-encoded. `None` for an absolute
/// path, which is written as a `file://` URI instead (see [`artifact_location`]).
fn relative_uri(path: &str) -> Option<String> {
    let p = path.replace('\\', "/");
    if p.starts_with('/') || (p.len() > 1 && p.as_bytes()[1] == b':') {
        return None;
    }
    let mut p = p.as_str();
    while let Some(rest) = p.strip_prefix("./") {
        p = rest;
    }
    Some(percent_encode(p))
}

fn percent_encode(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    for b in p.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' | b'+' | b'@' | b'=' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn artifact_location(file: &str) -> Value {
    match relative_uri(file) {
        Some(uri) => json!({ "uri": uri, "uriBaseId": "%SRCROOT%" }),
        None => {
            let p = file.replace('\\', "/");
            let p = if p.starts_with('/') { p } else { format!("/{p}") };
            json!({ "uri": format!("file://{}", percent_encode(&p)) })
        }
    }
}

/// A location at `file:line` (line 0, "unknown", becomes 1: SARIF lines start at 1), naming
/// the function as its logical location. No physical location without a file.
fn location(file: &str, line: u32, function: &str) -> Value {
    let mut loc = Map::new();
    if !file.is_empty() {
        loc.insert(
            "physicalLocation".into(),
            json!({ "artifactLocation": artifact_location(file), "region": { "startLine": line.max(1) } }),
        );
    }
    if !function.is_empty() {
        loc.insert("logicalLocations".into(), json!([{ "name": function, "kind": "function" }]));
    }
    Value::Object(loc)
}

/// `x = 5` / `input n = -3` → (`x`, `5`) / (`n`, `-3`): the variable and value a step shows.
fn assignment(text: &str) -> Option<(&str, &str)> {
    let t = text.strip_prefix("input ").unwrap_or(text);
    let (lhs, value) = t.split_once(" = ")?;
    (!lhs.is_empty() && !lhs.starts_with("call ")).then_some((lhs, value))
}

fn flow_location(s: &Step, claim: &Claim, function: &str) -> Value {
    let file = if s.file.is_empty() { claim.file.as_str() } else { s.file.as_str() };
    let func = if s.function.is_empty() { function } else { s.function.as_str() };
    let mut loc = location(file, s.line, func);
    if let Value::Object(m) = &mut loc {
        m.insert("message".into(), json!({ "text": s.text }));
    }
    let mut tfl = Map::new();
    tfl.insert("location".into(), loc);
    if let Some((var, value)) = assignment(&s.text) {
        tfl.insert("state".into(), json!({ var: { "text": value } }));
    }
    if s.text.starts_with("call ") {
        tfl.insert("kinds".into(), json!(["call"]));
    } else if s.text.starts_with("return from ") {
        tfl.insert("kinds".into(), json!(["return"]));
    }
    tfl.insert("properties".into(), json!({ "step": s.text, "function": func }));
    Value::Object(tfl)
}

/// The counterexample as one code flow, one thread flow per thread of the program; very long
/// traces keep their first and last steps (the inputs and the violation) up to GitHub's
/// limit.
fn code_flow(claim: &Claim, function: &str) -> Value {
    let n = claim.trace.len();
    let (kept, omitted): (Vec<(usize, &Step)>, usize) = if n > MAX_FLOW_LOCATIONS {
        let head = MAX_FLOW_LOCATIONS / 2;
        let tail = MAX_FLOW_LOCATIONS - head;
        let steps = claim.trace.iter().enumerate();
        (steps.filter(|(i, _)| *i < head || *i >= n - tail).collect(), n - MAX_FLOW_LOCATIONS)
    } else {
        (claim.trace.iter().enumerate().collect(), 0)
    };
    let mut threads: BTreeMap<u32, Vec<Value>> = BTreeMap::new();
    for (i, s) in &kept {
        let mut loc = flow_location(s, claim, function);
        if let Some(o) = loc.as_object_mut() {
            o.insert("executionOrder".into(), json!(i + 1));
        }
        threads.entry(s.thread).or_default().push(loc);
    }
    if threads.is_empty() {
        threads.insert(0, vec![]);
    }
    let several = threads.len() > 1;
    let flows: Vec<Value> = threads
        .into_iter()
        .map(|(t, locations)| {
            let mut flow = Map::new();
            if several {
                flow.insert("id".into(), json!(format!("thread {t}")));
            }
            if omitted > 0 {
                flow.insert("properties".into(), json!({ "omittedSteps": omitted }));
            }
            flow.insert("locations".into(), Value::Array(locations));
            Value::Object(flow)
        })
        .collect();
    json!({
        "message": { "text": format!("counterexample for {} ({} steps)", claim_message(claim, function), n) },
        "threadFlows": flows,
    })
}

fn claim_message(c: &Claim, function: &str) -> String {
    let what = if c.description.is_empty() { c.kind.as_str() } else { c.description.as_str() };
    // (diff: a race or deadlock of a function that starts threads, against the base version)
    let since = match c.in_base {
        Some(false) => " (introduced by this change: the base version does not violate it)",
        Some(true) => " (also in the base version)",
        None => "",
    };
    format!("{what} in function '{function}'{since}")
}

fn properties(r: &FunctionResult) -> Value {
    let mut p = json!({ "function": r.function, "seconds": r.seconds, "cached": r.cached });
    if !r.change.is_empty() {
        p["change"] = json!(r.change);
    }
    if let Some(s) = r.safety {
        p["safety"] = json!(s.name());
    }
    p
}

/// One rule of the run.
struct Rule {
    short: String,
    level: &'static str,
    help: String,
    tags: &'static [&'static str],
    security_severity: Option<&'static str>,
}

/// The rules of the run, sorted by id.
struct Rules {
    ids: BTreeMap<String, Rule>,
}

/// How to read a counterexample and reproduce it (the help of every violation rule).
const REPRODUCE: &str = "The result's code flow is the counterexample verdiff found and replayed: the inputs \
     (nondeterministic choices) and the steps that lead to the violation. The report's row for the function \
     gives the command that verifies it again.";

impl Rules {
    fn new(results: &[FunctionResult]) -> Rules {
        let mut ids = BTreeMap::new();
        for c in results.iter().flat_map(|r| &r.claims).filter(|c| c.status == "violated") {
            ids.entry(rule_id(&c.kind)).or_insert_with(|| {
                let h = super::sarif_rules::help(&c.kind);
                Rule {
                    short: format!("Violated safety property: {}", c.kind),
                    level: "error",
                    help: format!("{} {REPRODUCE}", h.text),
                    tags: h.tags,
                    security_severity: h.security_severity,
                }
            });
        }
        let plain = |short: &str, level, help: &str, tags| Rule {
            short: short.into(),
            level,
            help: help.into(),
            tags,
            security_severity: None,
        };
        ids.insert(
            BEHAVIOUR_CHANGE_RULE.to_string(),
            plain(
                "Behaviour change: the function returns or writes something else for some input",
                "warning",
                "The changed function is not equivalent to its previous version: the message gives an input on \
                 which the two versions differ and the outputs that differ. Intended changes need no action.",
                &["correctness", "behaviour-change"],
            ),
        );
        ids.insert(
            UNKNOWN_RULE.to_string(),
            plain(
                "Not decided: no verdict within the bounds and limits",
                "note",
                "verdiff could not decide this within its bounds and limits (a time or memory limit, a loop \
                 bound, an unsupported construct); the message says which. Nothing was proven or refuted.",
                &["analysis-bound"],
            ),
        );
        if results.iter().any(|r| r.safety == Some(Safety::Precondition)) {
            ids.insert(
                PRECONDITION_RULE.to_string(),
                plain(
                    "Safe only under its precondition: callers must meet what it assumes",
                    "note",
                    "The function is safe on every input its precondition allows (the message names it), and no \
                     caller in the code base breaks it; an input it excludes makes it fail. Document the \
                     precondition or check it in the function.",
                    &["correctness", "precondition"],
                ),
            );
        }
        Rules { ids }
    }
    fn index(&self, id: &str) -> usize {
        self.ids.keys().position(|k| k == id).unwrap_or(0)
    }
    fn json(&self) -> Value {
        Value::Array(
            self.ids
                .iter()
                .map(|(id, r)| {
                    let mut props = json!({ "tags": r.tags, "precision": "very-high" });
                    if let Some(s) = r.security_severity {
                        props["security-severity"] = json!(s);
                    }
                    json!({
                        "id": id,
                        "shortDescription": { "text": r.short },
                        "help": { "text": r.help },
                        "defaultConfiguration": { "level": r.level },
                        "helpUri": INFORMATION_URI,
                        "properties": props,
                    })
                })
                .collect(),
        )
    }
}

/// The key of verdiff's own fingerprint in `partialFingerprints`.
pub const FINGERPRINT_KEY: &str = "verdiffFinding/v1";

/// Gives every result a `partialFingerprints` entry that stays the same while the finding
/// does — its rule, file, function and message with the numbers left out (line numbers,
/// input values, times), and which of the equal ones it is — so that code scanning tracks an
/// alert across pushes that move lines instead of closing it and opening another.
fn fingerprint(results: &mut [Value]) {
    use sha2::{Digest, Sha256};
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for r in results.iter_mut() {
        // (what the base version said of it is not part of the finding)
        let text = r["message"]["text"].as_str().unwrap_or("");
        let text = text.split(" (introduced by this change").next().unwrap_or(text);
        let text = text.strip_suffix(" (also in the base version)").unwrap_or(text);
        let message: String = text.chars().filter(|c| !c.is_ascii_digit()).collect();
        let loc = &r["locations"][0];
        let parts = [
            r["ruleId"].as_str().unwrap_or(""),
            loc["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap_or(""),
            loc["logicalLocations"][0]["name"].as_str().unwrap_or(""),
            &message,
        ];
        let mut h = Sha256::new();
        for p in parts {
            h.update(p.as_bytes());
            h.update([0u8]);
        }
        let base: String = h.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect();
        let n = seen.entry(base.clone()).or_insert(0);
        *n += 1;
        r["partialFingerprints"] = json!({ FINGERPRINT_KEY: format!("{base}:{n}") });
    }
}

fn result(rules: &Rules, rule: &str, level: &str, message: String, loc: Value, props: Value) -> Value {
    json!({
        "ruleId": rule,
        "ruleIndex": rules.index(rule),
        "level": level,
        "message": { "text": message },
        "locations": [loc],
        "properties": props,
    })
}

/// The SARIF 2.1.0 log of a run's per-function results.
pub fn sarif(results: &[FunctionResult], meta: &RunMeta) -> Value {
    let rules = Rules::new(results);
    let (mut errors, mut warnings, mut notes) = (Vec::new(), Vec::new(), Vec::new());
    for r in results {
        for c in &r.claims {
            let mut props = properties(r);
            props["kind"] = json!(c.kind);
            if let Some(b) = c.in_base {
                props["inBase"] = json!(b);
            }
            let loc_file = if c.file.is_empty() { &r.file } else { &c.file };
            let line = if c.file.is_empty() { r.line } else { c.line };
            match c.status.as_str() {
                "violated" => {
                    let id = rule_id(&c.kind);
                    let mut v = result(
                        &rules,
                        &id,
                        "error",
                        claim_message(c, &r.function),
                        location(loc_file, line, &r.function),
                        props,
                    );
                    if !c.trace.is_empty() {
                        v["codeFlows"] = json!([code_flow(c, &r.function)]);
                    }
                    errors.push(v);
                }
                "unknown" => {
                    let reason = if c.reason.is_empty() { "no reason given" } else { c.reason.as_str() };
                    let msg = format!("Undecided ({}): {}: {reason}", c.kind, claim_message(c, &r.function));
                    notes.push(result(&rules, UNKNOWN_RULE, "note", msg, location(loc_file, line, &r.function), props));
                }
                _ => {}
            }
        }
        let here = || location(&r.file, r.line, &r.function);
        if r.behaviour_changed() {
            let msg = if r.change_detail.is_empty() {
                format!("Behaviour of function '{}' changed", r.function)
            } else {
                format!("Behaviour of function '{}' changed: {}", r.function, r.change_detail)
            };
            warnings.push(result(&rules, BEHAVIOUR_CHANGE_RULE, "warning", msg, here(), properties(r)));
        }
        if r.change == "unknown" {
            let why = if r.change_detail.is_empty() { "no reason given" } else { r.change_detail.as_str() };
            let msg = format!("Whether function '{}' kept its behaviour is unknown: {why}", r.function);
            notes.push(result(&rules, UNKNOWN_RULE, "note", msg, here(), properties(r)));
        }
        if r.safety == Some(Safety::Unknown) {
            let why = if r.detail.is_empty() { "no reason given" } else { r.detail.as_str() };
            let msg = format!("Safety of function '{}' is unknown: {why}", r.function);
            notes.push(result(&rules, UNKNOWN_RULE, "note", msg, here(), properties(r)));
        }
        if r.safety == Some(Safety::Precondition) {
            let msg = format!(
                "Function '{}' is safe only under its precondition; no caller in the code base may break it (document it or check it): {}",
                r.function, r.detail
            );
            let mut props = properties(r);
            props["assumes"] = json!(r.assumes);
            notes.push(result(&rules, PRECONDITION_RULE, "note", msg, here(), props));
        }
    }

    let total = errors.len() + warnings.len() + notes.len();
    let mut notifications: Vec<Value> =
        meta.notes.iter().map(|n| json!({ "level": "note", "message": { "text": n } })).collect();
    let mut run_props = json!({ "command": meta.command, "counts": crate::record::counts(results) });
    for (k, v) in [("base", &meta.base), ("head", &meta.head), ("commit", &meta.commit)] {
        if let Some(v) = v {
            run_props[k] = json!(v);
        }
    }
    if total > MAX_RESULTS {
        let kept_errors = errors.len().min(MAX_RESULTS);
        let kept_warnings = warnings.len().min(MAX_RESULTS - kept_errors);
        let kept_notes = MAX_RESULTS - kept_errors - kept_warnings;
        let msg = format!(
            "{total} results, more than the {MAX_RESULTS} GitHub code scanning accepts per run: kept the first \
             {MAX_RESULTS} by severity, left out {} errors, {} warnings and {} notes",
            errors.len() - kept_errors,
            warnings.len() - kept_warnings,
            notes.len() - kept_notes
        );
        notifications.push(json!({ "level": "warning", "message": { "text": msg } }));
        run_props["truncated"] = json!(true);
        run_props["totalResults"] = json!(total);
    }
    let mut all: Vec<Value> = errors.into_iter().chain(warnings).chain(notes).take(MAX_RESULTS).collect();
    fingerprint(&mut all);

    let mut invocation = json!({ "executionSuccessful": true });
    if !meta.started.is_empty() {
        invocation["startTimeUtc"] = json!(meta.started);
    }
    if !notifications.is_empty() {
        invocation["toolExecutionNotifications"] = Value::Array(notifications);
    }
    json!({
        "$schema": SCHEMA_URI,
        "version": VERSION,
        "runs": [{
            "tool": { "driver": {
                "name": "verdiff",
                "version": meta.tool_version,
                "informationUri": INFORMATION_URI,
                "rules": rules.json(),
            }},
            "invocations": [invocation],
            "columnKind": "unicodeCodePoints",
            "results": all,
            "properties": run_props,
        }],
    })
}
