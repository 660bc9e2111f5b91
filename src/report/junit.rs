//! JUnit XML for the per-function results of `verdiff run` / `verdiff diff`: one test case
//! per function, for CI systems that display test reports (GitLab, Jenkins, Azure, the JUnit
//! report actions on GitHub).
//!
//! - a safety violation or a behaviour change is a `<failure>`, its text the violated claims
//!   with their counterexamples (and the distinguishing input for a behaviour change);
//! - an unknown verdict (safety or equivalence undecided) is `<skipped>`: verdiff could not
//!   decide, so the function is neither a pass (nothing was proven) nor a failure (nothing was
//!   found). CI systems show skipped tests apart without failing the build; gating on unknowns
//!   is the job of verdiff's exit status (`--fail-on unknown`);
//! - everything else passes. `errors` is always 0: verdiff's own errors end the run instead.
//!
//! A case served from the cache has `time="0"` (no time was spent on it in this run) and says
//! so, with the original time, in its `<system-out>`. Text is escaped for XML 1.0; characters
//! XML 1.0 cannot carry at all (most control characters) are dropped.

use std::fmt::Write;

use super::sarif::{rule_id, BEHAVIOUR_CHANGE_RULE};
use super::RunMeta;
use crate::record::{Claim, FunctionResult, Safety};

/// `s` with the characters XML 1.0 allows only (`#x9 | #xA | #xD | [#x20-#xD7FF] |
/// [#xE000-#xFFFD] | [#x10000-#x10FFFF]`) and `& < > " '` escaped. In attributes, tab and line
/// breaks become character references so that attribute-value normalisation keeps them.
pub fn escape(s: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' if attribute => {
                let _ = write!(out, "&#{};", c as u32);
            }
            '\t' | '\n' => out.push(c),
            // a bare CR in text would be normalised to LF by parsers: keep it exactly
            '\r' => out.push_str("&#13;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

fn secs(t: f64) -> String {
    if t.is_finite() && t > 0.0 {
        format!("{t:.3}")
    } else {
        "0".into()
    }
}

fn claim_text(out: &mut String, c: &Claim) {
    let _ = write!(out, "{} {} at {}:{}: {}", c.kind, c.status, c.file, c.line, c.description);
    if !c.reason.is_empty() {
        let _ = write!(out, " ({})", c.reason);
    }
    out.push('\n');
    if !c.trace.is_empty() {
        out.push_str("  counterexample:\n");
        for s in &c.trace {
            let _ = writeln!(out, "    {}:{} {}: {}", s.file, s.line, s.function, s.text);
        }
    }
}

fn with_detail(head: &str, detail: &str) -> String {
    if detail.is_empty() {
        head.to_string()
    } else {
        format!("{head}: {detail}")
    }
}

enum Outcome {
    Pass,
    Failure { message: String, kind: String, text: String },
    Skipped { message: String },
}

fn outcome(r: &FunctionResult) -> Outcome {
    if r.failed() || r.behaviour_changed() {
        let mut kinds: Vec<String> = Vec::new();
        let mut message = Vec::new();
        let mut text = String::new();
        if r.failed() {
            message.push(if r.detail.is_empty() { "safety violation".to_string() } else { r.detail.clone() });
            for c in r.claims.iter().filter(|c| c.status == "violated") {
                let id = rule_id(&c.kind);
                if !kinds.contains(&id) {
                    kinds.push(id);
                }
            }
            if kinds.is_empty() {
                kinds.push("verdiff.safety".into());
            }
            let _ = writeln!(text, "{}", with_detail("safety: FAILED", &r.detail));
        }
        if r.behaviour_changed() {
            kinds.push(BEHAVIOUR_CHANGE_RULE.into());
            message.push(with_detail("behaviour changed", &r.change_detail));
            let _ = writeln!(text, "{}", with_detail("behaviour changed", &r.change_detail));
            if let Some(s) = r.safety.filter(|s| *s != Safety::Failed) {
                let _ = writeln!(text, "{}", with_detail(&format!("safety: {}", s.name()), &r.detail));
            }
        }
        for c in &r.claims {
            text.push('\n');
            claim_text(&mut text, c);
        }
        return Outcome::Failure { message: message.join("; "), kind: kinds.join(" "), text };
    }
    if r.unknown() {
        let mut why = Vec::new();
        if r.change == "unknown" {
            why.push(with_detail("equivalence UNKNOWN", &r.change_detail));
        }
        if r.safety == Some(Safety::Unknown) {
            why.push(with_detail("safety UNKNOWN", &r.detail));
        }
        return Outcome::Skipped { message: why.join("; ") };
    }
    Outcome::Pass
}

/// The JUnit XML report of a run's per-function results.
pub fn junit(results: &[FunctionResult], meta: &RunMeta) -> String {
    let outcomes: Vec<Outcome> = results.iter().map(outcome).collect();
    let failures = outcomes.iter().filter(|o| matches!(o, Outcome::Failure { .. })).count();
    let skipped = outcomes.iter().filter(|o| matches!(o, Outcome::Skipped { .. })).count();
    let time: f64 = results.iter().filter(|r| !r.cached && r.seconds.is_finite()).map(|r| r.seconds.max(0.0)).sum();
    let name = escape(&meta.title(), true);
    let counts = format!(
        "tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{}\"",
        results.len(),
        secs(time)
    );
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(x, "<testsuites name=\"{name}\" {counts}>");
    let _ = write!(x, "  <testsuite name=\"{name}\" {counts}");
    if !meta.started.is_empty() {
        let _ = write!(x, " timestamp=\"{}\"", escape(&meta.started, true));
    }
    x.push_str(">\n");
    let mut props: Vec<(&str, &str)> = vec![("command", &meta.command), ("tool_version", &meta.tool_version)];
    for (k, v) in [("base", &meta.base), ("head", &meta.head), ("commit", &meta.commit)] {
        if let Some(v) = v {
            props.push((k, v));
        }
    }
    props.extend(meta.notes.iter().map(|n| ("note", n.as_str())));
    x.push_str("    <properties>\n");
    for (k, v) in props {
        let _ = writeln!(x, "      <property name=\"{}\" value=\"{}\"/>", escape(k, true), escape(v, true));
    }
    x.push_str("    </properties>\n");
    for (r, o) in results.iter().zip(&outcomes) {
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{}\" file=\"{}\" line=\"{}\"",
            escape(&r.file, true),
            escape(&r.function, true),
            if r.cached { "0".into() } else { secs(r.seconds) },
            escape(&r.file, true),
            r.line
        );
        if matches!(o, Outcome::Pass) && !r.cached {
            x.push_str("/>\n");
            continue;
        }
        x.push_str(">\n");
        match o {
            Outcome::Pass => {}
            Outcome::Failure { message, kind, text } => {
                let _ = writeln!(
                    x,
                    "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                    escape(message, true),
                    escape(kind, true),
                    escape(text, false)
                );
            }
            Outcome::Skipped { message } => {
                let _ = writeln!(x, "      <skipped message=\"{}\"/>", escape(message, true));
            }
        }
        if r.cached {
            let _ = writeln!(
                x,
                "      <system-out>served from the cache (original time {}s)</system-out>",
                secs(r.seconds)
            );
        }
        x.push_str("    </testcase>\n");
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}
