//! Human-readable output in ESBMC's layout: counterexample states, violated property, a results
//! table, and the final `VERIFICATION …` line.

use std::fmt::Write;

use crate::engine::{ClaimResult, Report, Status, TraceEvent, Verdict};
use crate::ir::ClaimKind;

fn state_header(out: &mut String, n: usize, file: &str, line: u32, col: u32, function: &str, thread: u32) {
    let _ = writeln!(out, "State {n} file {file} line {line} column {col} function {function} thread {thread}");
    let _ = writeln!(out, "----------------------------------------------------");
}

/// The counterexample of one violated claim.
pub fn counterexample(c: &ClaimResult) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[Counterexample]\n");
    // the nondeterministic choices first, in one place: the entry's parameters and the
    // caller's memory they point to, nondet_*() and external results
    let inputs: Vec<_> = c
        .trace
        .iter()
        .flat_map(|t| &t.steps)
        .filter_map(|s| match &s.event {
            TraceEvent::Input { name, value } if !s.file.starts_with("<verdiff-") => Some((name, value)),
            _ => None,
        })
        .collect();
    if !inputs.is_empty() {
        let _ = writeln!(out, "Inputs (the nondeterministic choices the violation follows from):");
        for (name, value) in inputs {
            let _ = writeln!(out, "  {name} = {}", value.text);
        }
    }
    let _ = writeln!(out);
    let mut n = 0;
    let mut hidden = 0;
    if let Some(tr) = &c.trace {
        for st in &tr.steps {
            // the library models' own globals set up before main (stdout's fields, the
            // locale): the same in every trace, and none is an input
            if st.file.starts_with("<verdiff-") && st.function == "(static initialisation)" {
                hidden += 1;
                continue;
            }
            match &st.event {
                // a step of the generated entry harness (line 0) is an input shown above; an
                // aggregate without a value of its own is shown by its elements' steps
                TraceEvent::Input { .. } if st.line == 0 => {}
                TraceEvent::Assign { value, .. } if value.text == "(symbolic)" => {}
                TraceEvent::Assign { lhs: name, value } | TraceEvent::Input { name, value } => {
                    n += 1;
                    state_header(&mut out, n, &st.file, st.line, st.col, &st.function, st.thread);
                    match &value.binary {
                        Some(b) => {
                            let _ = writeln!(out, "  {name} = {} ({b})\n", value.text);
                        }
                        None => {
                            let _ = writeln!(out, "  {name} = {}\n", value.text);
                        }
                    }
                }
                TraceEvent::Switch { thread } => {
                    n += 1;
                    state_header(&mut out, n, &st.file, st.line, st.col, &st.function, st.thread);
                    let _ = writeln!(out, "  context switch to thread {thread}\n");
                }
                TraceEvent::Spawn { thread, func } => {
                    n += 1;
                    state_header(&mut out, n, &st.file, st.line, st.col, &st.function, st.thread);
                    let _ = writeln!(out, "  thread {thread} created, starting in {func}\n");
                }
                TraceEvent::Call { .. } | TraceEvent::Return { .. } => {}
            }
        }
    }
    if hidden > 0 {
        let _ = writeln!(
            out,
            "({hidden} steps that set up verdiff's C library models before main are not shown; the JSON trace has them)\n"
        );
    }
    n += 1;
    state_header(
        &mut out,
        n,
        &c.file,
        c.line,
        c.col,
        &c.function,
        c.trace.as_ref().and_then(|t| t.steps.last()).map_or(0, |s| s.thread),
    );
    let _ = writeln!(out, "Violated property:");
    // a violation inside a C library model is reported at the program's call, the model's
    // location second
    let call = c.library_call();
    match call {
        Some((s, _)) => {
            let _ = writeln!(out, "  file {} line {} column {} function {}", s.file, s.line, s.col, s.function);
        }
        None => {
            let _ = writeln!(out, "  file {} line {} column {} function {}", c.file, c.line, c.col, c.function);
        }
    }
    let _ = writeln!(out, "  {}", c.description);
    if !c.expression.is_empty() {
        let _ = writeln!(out, "  {}", c.expression);
    }
    if let Some((_, lib)) = call {
        let _ = writeln!(
            out,
            "  inside {} (verdiff's C library model: file {} line {} column {} function {})",
            lib.map(|f| format!("the call of `{f}`")).unwrap_or_else(|| "a C library call".into()),
            c.file,
            c.line,
            c.col,
            c.function
        );
    }
    for a in c.trace.iter().flat_map(|t| &t.assumes) {
        let _ = writeln!(out, "  assuming {a}");
    }
    out.push('\n');
    out
}

fn status_word(c: &ClaimResult) -> &'static str {
    match &c.status {
        Status::Holds => "PASSED",
        // what the function needs of its caller: not a failure of its own
        Status::Violated if c.kind == ClaimKind::Precondition => "NEEDED",
        Status::Violated => "FAILED",
        Status::Unknown(_) => "UNKNOWN",
        Status::NotChecked => "NOT CHECKED",
    }
}

/// One line of the results: where it is listed (file and function), its line, and what
/// follows the description.
struct Listed<'a> {
    claim: &'a ClaimResult,
    file: &'a str,
    function: &'a str,
    line: u32,
    note: String,
}

/// The claims, each function once in order of first appearance, its failures first. A
/// violation inside a C library model is listed at the program's call that led into it; the
/// models' other claims that did not pass are listed under the models, and those that passed
/// (or were not checked) are only counted.
fn results(out: &mut String, r: &Report) {
    let mut listed: Vec<Listed<'_>> = Vec::new();
    let mut models: Vec<Listed<'_>> = Vec::new();
    let (mut model_passed, mut model_unchecked) = (0, 0);
    for c in &r.claims {
        if !c.file.starts_with("<verdiff-") {
            listed.push(Listed { claim: c, file: &c.file, function: &c.function, line: c.line, note: String::new() });
            continue;
        }
        match (c.library_call(), &c.status) {
            (Some((call, lib)), _) => listed.push(Listed {
                claim: c,
                file: &call.file,
                function: &call.function,
                line: call.line,
                note: format!(
                    " (inside {}; model: {} line {})",
                    lib.map(|f| format!("the call of `{f}`")).unwrap_or_else(|| "a C library call".into()),
                    c.file,
                    c.line
                ),
            }),
            (None, Status::Holds) => model_passed += 1,
            (None, Status::NotChecked) => model_unchecked += 1,
            (None, _) => models.push(Listed {
                claim: c,
                file: &c.file,
                function: &c.function,
                line: c.line,
                note: String::new(),
            }),
        }
    }
    listed.extend(models);
    let mut functions: Vec<(&str, &str)> = Vec::new();
    for l in &listed {
        if !functions.iter().any(|&(f, n)| f == l.file && n == l.function) {
            functions.push((l.file, l.function));
        }
    }
    for (file, function) in functions {
        let _ = writeln!(out, "{file}, function {function}");
        let mut here: Vec<&Listed<'_>> = listed.iter().filter(|l| l.file == file && l.function == function).collect();
        here.sort_by_key(|l| status_rank(l.claim));
        for l in here {
            let c = l.claim;
            let _ = writeln!(out, "  {:<11}  [{}]  line {}  {}{}", status_word(c), c.id, l.line, c.description, l.note);
            if let Status::Unknown(why) = &c.status {
                let _ = writeln!(out, "               ({why})");
            }
        }
    }
    if model_passed + model_unchecked > 0 {
        let unchecked = if model_unchecked > 0 { format!(", {model_unchecked} not checked") } else { String::new() };
        let _ = writeln!(out, "verdiff's C library models: {model_passed} passed{unchecked}");
    }
    out.push('\n');
}

/// Where a claim's line goes in the results: failures first, passed last.
fn status_rank(c: &ClaimResult) -> u8 {
    match status_word(c) {
        "FAILED" => 0,
        "UNKNOWN" => 1,
        "NEEDED" => 2,
        "NOT CHECKED" => 3,
        _ => 4,
    }
}

/// The counts of a report's claims, failures first: "1 failed, 73 passed, 3 not checked
/// (stopped at the first violation; --multi-property checks all)".
pub fn summary(r: &Report) -> String {
    let count = |word: &str| r.claims.iter().filter(|c| status_word(c) == word).count();
    let (failed, unknown, needed, not_checked, passed) =
        (count("FAILED"), count("UNKNOWN"), count("NEEDED"), count("NOT CHECKED"), count("PASSED"));
    let mut parts = vec![format!("{failed} failed")];
    if unknown > 0 {
        parts.push(format!("{unknown} unknown"));
    }
    parts.push(format!("{passed} passed"));
    if needed > 0 {
        parts.push(format!("{needed} needed of the caller"));
    }
    let mut s = parts.join(", ");
    if not_checked > 0 {
        let why = if failed > 0 {
            "stopped at the first violation; --multi-property checks all"
        } else {
            "the verification ended before them"
        };
        let _ = write!(s, ", {not_checked} not checked ({why})");
    }
    s
}

/// The whole report; the last line is the verdict.
pub fn render(r: &Report, verbose_results: bool) -> String {
    let mut out = String::new();
    for c in r.claims.iter().filter(|c| c.status == Status::Violated && c.kind != ClaimKind::Precondition) {
        out.push_str(&counterexample(c));
        if !verbose_results {
            break;
        }
    }
    if !r.externals.is_empty() {
        let _ = writeln!(
            out,
            "Assumed behaviour of functions without a body (nondeterministic result; memory their non-const pointer arguments reach may change): {}\n",
            r.externals.join(", ")
        );
    }
    for (reason, file, line) in &r.unsupported {
        let _ = writeln!(out, "UNSUPPORTED: {file}:{line}: {reason}");
    }
    if !r.unsupported.is_empty() {
        out.push('\n');
    }
    if verbose_results || r.claims.len() <= 200 {
        let _ = writeln!(out, "** Results: {}\n", summary(r));
        results(&mut out, r);
    }
    if r.bounded {
        let _ =
            writeln!(out, "Note: unwinding assertions are off; executions beyond the loop bounds were not explored.");
    }
    for n in &r.notes {
        let _ = writeln!(out, "Note: {n}");
    }
    if !r.assumes.is_empty() {
        let _ = writeln!(out, "Inputs assumed (the function's precondition, docs/contracts.md):");
        for a in &r.assumes {
            let _ = writeln!(out, "  {a}");
        }
        let needs: Vec<&ClaimResult> = r.needs().collect();
        if !needs.is_empty() {
            let _ = writeln!(out, "Needed of its caller (no caller may break these):");
            for c in needs {
                let _ = writeln!(out, "  {}:{}  {}", c.file, c.line, c.description);
            }
        }
        let undecided: Vec<&ClaimResult> = r.undecided_needs().collect();
        if !undecided.is_empty() {
            let _ = writeln!(out, "Perhaps needed of its caller (neither shown needed nor shown to hold; assumed):");
            for c in undecided {
                let why = match &c.status {
                    Status::Unknown(w) => w.as_str(),
                    _ => "",
                };
                let _ = writeln!(out, "  {}:{}  {} ({why})", c.file, c.line, c.description);
            }
        }
    }
    if let Verdict::Unknown(reason) = &r.verdict {
        let _ = writeln!(out, "Reason: {reason}");
    }
    out.push('\n');
    out.push_str(r.verdict.line());
    out.push('\n');
    out
}
