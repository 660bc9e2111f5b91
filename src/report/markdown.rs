//! Markdown for the per-function results of `verdiff run` / `verdiff diff`, for
//! `$GITHUB_STEP_SUMMARY` and pull-request comments.
//!
//! Layout: a heading, the counts, a table of the functions (failed first, then behaviour
//! changes, unknowns, the rest; when there are more than [`MAX_ALL_ROWS`] functions the ones
//! without findings are only counted), then one collapsible `<details>` block per failed
//! function with its counterexamples and per behaviour change with the distinguishing input.
//!
//! GitHub takes at most 1 MiB per step summary and 65,536 characters per comment; the output
//! stays under [`MAX_BYTES`]: once the next row or block would not fit, no more are added and a
//! last line says how many were left out.

use std::fmt::Write;

use super::RunMeta;
use crate::record::{counts, Claim, FunctionResult};

/// The output's size limit in bytes.
pub const MAX_BYTES: usize = 1_000_000;
/// Up to this many functions, every function gets a row.
pub const MAX_ALL_ROWS: usize = 50;
/// Cells are cut to this many characters.
const MAX_CELL: usize = 300;
/// Counterexamples show this many first and last steps.
const STEPS_EACH_END: usize = 50;
/// Room kept for the closing lines.
const RESERVE: usize = 4_000;

/// `t` cut to `n` characters, with `…` when cut.
fn cut(t: &str, n: usize) -> String {
    match t.char_indices().nth(n) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
    }
}

/// Text for inline Markdown (table cells, list items): no line breaks, HTML and Markdown
/// punctuation escaped, `|` escaped (GFM splits cells on it even inside code spans).
fn inline(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '\r' => {}
            '\n' => out.push(' '),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '|' | '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Text for inside HTML (`<summary>`): no line breaks, `& < >` escaped.
fn html(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace(['\r', '\n'], " ")
}

/// A fenced code block whose fence is longer than any backtick run in `body`.
fn code_block(body: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.max(2) + 1);
    let body = body.trim_end_matches('\n');
    format!("{fence}text\n{body}\n{fence}\n")
}

fn rank(r: &FunctionResult) -> u8 {
    if r.failed() {
        0
    } else if r.behaviour_changed() {
        1
    } else if r.unknown() {
        2
    } else if r.safety == Some(crate::record::Safety::Precondition) {
        // a note for the authors: what callers must meet
        3
    } else {
        4
    }
}

/// Nothing to look at: verified or unchanged, neither failed nor changed in behaviour nor
/// unknown.
fn quiet(r: &FunctionResult) -> bool {
    rank(r) == 4 && matches!(r.change.as_str(), "" | "unchanged" | "equivalent")
}

fn with_detail(head: &str, detail: &str) -> String {
    if detail.is_empty() {
        head.to_string()
    } else {
        format!("{head}: {detail}")
    }
}

fn row(r: &FunctionResult) -> String {
    let change = if r.change.is_empty() {
        "-".to_string()
    } else if matches!(r.change.as_str(), "behaviour-changed" | "unknown") {
        with_detail(&r.change, &r.change_detail)
    } else {
        r.change.clone()
    };
    let safety = match r.safety {
        None => "-".to_string(),
        Some(s) => with_detail(s.name(), &r.detail),
    };
    let time = if r.cached { format!("{:.2}s (cached)", r.seconds) } else { format!("{:.2}s", r.seconds) };
    format!(
        "| `{}` | {}:{} | {} | {} | {} |\n",
        cut(&r.function, MAX_CELL).replace('`', "'").replace('|', "\\|").replace(['\r', '\n'], " "),
        inline(&cut(&r.file, MAX_CELL)),
        r.line,
        inline(&cut(&change, MAX_CELL)),
        inline(&cut(&safety, MAX_CELL)),
        time
    )
}

fn trace_block(c: &Claim) -> String {
    let mut body = String::new();
    let n = c.trace.len();
    for (i, s) in c.trace.iter().enumerate() {
        if n > 2 * STEPS_EACH_END && i == STEPS_EACH_END {
            let _ = writeln!(body, "… {} steps left out …", n - 2 * STEPS_EACH_END);
        }
        if n > 2 * STEPS_EACH_END && (STEPS_EACH_END..n - STEPS_EACH_END).contains(&i) {
            continue;
        }
        let _ = writeln!(body, "{}:{} {}: {}", s.file, s.line, s.function, cut(&s.text, 1_000).replace('\n', " "));
    }
    code_block(&body)
}

fn failure_details(r: &FunctionResult) -> String {
    let mut s = format!(
        "<details><summary><code>{}</code> at {}:{}: {}</summary>\n\n",
        html(&r.function),
        html(&r.file),
        r.line,
        html(&cut(&with_detail("FAILED", &r.detail), MAX_CELL))
    );
    for c in &r.claims {
        let what =
            if c.status == "violated" { String::new() } else { format!(" ({})", with_detail(&c.status, &c.reason)) };
        let _ = writeln!(
            s,
            "- **{}** at {}:{}{}: {}",
            inline(&c.kind),
            inline(&c.file),
            c.line,
            inline(&what),
            inline(&cut(&c.description, 2 * MAX_CELL))
        );
        if !c.trace.is_empty() {
            let _ = write!(s, "\n  Counterexample ({} steps):\n\n", c.trace.len());
            s.push_str(&trace_block(c));
        }
        s.push('\n');
    }
    s.push_str("</details>\n\n");
    s
}

fn change_details(r: &FunctionResult) -> String {
    format!(
        "<details><summary><code>{}</code> at {}:{}: behaviour changed</summary>\n\n{}\n</details>\n\n",
        html(&r.function),
        html(&r.file),
        r.line,
        code_block(&cut(&r.change_detail, 20_000))
    )
}

/// The Markdown summary of a run's per-function results, at most [`MAX_BYTES`] long.
pub fn markdown(results: &[FunctionResult], meta: &RunMeta) -> String {
    let c = counts(results);
    let mut s = format!("### {}\n\n", html(&cut(&meta.title(), 200)));
    let _ = writeln!(
        s,
        "**{} functions**: {} verified{}, {} failed, {} unknown, {} behaviour changed, {} served from cache\n",
        c.functions,
        c.verified,
        if c.precondition > 0 { format!(", {} under their precondition", c.precondition) } else { String::new() },
        c.failed,
        c.unknown,
        c.changed,
        c.cached
    );
    let mut facts = Vec::new();
    for (k, v) in [("base", &meta.base), ("head", &meta.head), ("commit", &meta.commit)] {
        if let Some(v) = v {
            facts.push(format!("{k} `{}`", cut(v, 100).replace('`', "'").replace('|', "\\|").replace('\n', " ")));
        }
    }
    if !facts.is_empty() {
        let _ = writeln!(s, "{}.\n", facts.join(", "));
    }
    let mut notes_left = 0;
    for n in &meta.notes {
        let line = format!("> {}\n\n", inline(&cut(n, 2_000)));
        if s.len() + line.len() + RESERVE > MAX_BYTES {
            notes_left += 1;
        } else {
            s.push_str(&line);
        }
    }
    if results.is_empty() {
        s.push_str("No C function was checked.\n");
        return s;
    }

    let mut order: Vec<&FunctionResult> = results.iter().collect();
    order.sort_by_key(|r| rank(r));
    let hide_quiet = results.len() > MAX_ALL_ROWS;
    let listed: Vec<&FunctionResult> = order.iter().copied().filter(|r| !(hide_quiet && quiet(r))).collect();
    let hidden = order.len() - listed.len();

    let mut rows_left = 0;
    if !listed.is_empty() {
        s.push_str("| function | file:line | change | safety | time |\n|---|---|---|---|---|\n");
        for (i, r) in listed.iter().enumerate() {
            let line = row(r);
            if s.len() + line.len() + RESERVE > MAX_BYTES {
                rows_left = listed.len() - i;
                break;
            }
            s.push_str(&line);
        }
        s.push('\n');
    }
    if hidden > 0 {
        let _ =
            writeln!(s, "{hidden} functions without findings (verified, unchanged or equivalent) are not listed.\n");
    }

    let blocks: Vec<&FunctionResult> = order
        .iter()
        .copied()
        .filter(|r| r.failed() || (r.behaviour_changed() && !r.change_detail.is_empty()))
        .collect();
    let mut details_left = 0;
    if rows_left > 0 {
        details_left = blocks.len();
    } else {
        for (i, r) in blocks.iter().enumerate() {
            let block = if r.failed() { failure_details(r) } else { change_details(r) };
            if s.len() + block.len() + RESERVE > MAX_BYTES {
                details_left = blocks.len() - i;
                break;
            }
            s.push_str(&block);
        }
    }
    if rows_left + details_left + notes_left > 0 {
        let _ = writeln!(
            s,
            "**Left out to stay under {MAX_BYTES} bytes:** {rows_left} table rows, {details_left} details blocks, \
             {notes_left} notes. The JSON, SARIF and JUnit reports have everything."
        );
    }
    s
}
