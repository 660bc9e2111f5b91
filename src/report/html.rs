//! The HTML report of `verdiff report --html DIR`: one self-contained page (inline CSS, inline
//! SVG, no script, no external URL) rendered from the run history kept in the result cache.
//!
//! The page shows the latest `verdiff run` (counts, commit, date, time), the behaviour changes
//! since the previous run, the counterexample of every failed function beside its source lines,
//! trend charts over the recorded runs ([`super::svg`]) and the per-function table.
//!
//! The templates (`templates/report.html.j2`, `templates/report.css` at the repository root)
//! are compiled into the binary. Auto-escaping is forced on for the HTML template, so every
//! text that comes from results (function and file names, claim descriptions, trace steps,
//! source lines) is escaped; the only values marked safe are the SVG charts, which
//! [`super::svg`] builds with its own escaping.
//!
//! Depends on: cache (`RunRecord`), record. Must not depend on cli; the caller reads the cache
//! and provides the source text.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use minijinja::{context, AutoEscape, Environment, UndefinedBehavior, Value};

use super::svg;
use crate::cache::RunRecord;
use crate::record::{Claim, FunctionResult, Safety};

const PAGE_TEMPLATE: &str = include_str!("../../templates/report.html.j2");
const CSS_TEMPLATE: &str = include_str!("../../templates/report.css");
const PAGE_NAME: &str = "report.html.j2";
const CSS_NAME: &str = "report.css";

/// Lines of source shown before and after each line of a counterexample.
pub const CONTEXT_LINES: u32 = 2;
/// Trace steps annotated per claim (the last ones, nearest the violation).
pub const MAX_STEPS: usize = 100;
/// Step notes shown beside one source line (a loop body collects many).
pub const MAX_NOTES_PER_LINE: usize = 6;
/// Failed functions whose counterexamples are shown.
pub const MAX_COUNTEREXAMPLES: usize = 200;
/// Characters of a source line shown.
const MAX_LINE_CHARS: usize = 400;

/// The verdict of one function, in the order the page lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Failed,
    Unknown,
    Verified,
    /// No safety check ran (e.g. a removed function in a `diff` row).
    NotChecked,
}

impl Verdict {
    /// As [`crate::record::counts`] counts it.
    pub fn of(r: &FunctionResult) -> Verdict {
        match r.safety {
            Some(Safety::Successful | Safety::Precondition) => Verdict::Verified,
            Some(Safety::Failed) => Verdict::Failed,
            Some(Safety::Unknown) => Verdict::Unknown,
            None if r.change == "unknown" => Verdict::Unknown,
            None if !r.change.is_empty() && r.change != "removed" => Verdict::Verified,
            None => Verdict::NotChecked,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Failed => "failed",
            Verdict::Unknown => "unknown",
            Verdict::Verified => "verified",
            Verdict::NotChecked => "not checked",
        }
    }
    /// CSS class.
    pub fn class(self) -> &'static str {
        match self {
            Verdict::Failed => "failed",
            Verdict::Unknown => "unknown",
            Verdict::Verified => "verified",
            Verdict::NotChecked => "none",
        }
    }
}

/// How a function's verdict moved between two runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChangeKind {
    /// Now failed, and did not fail before.
    NewFailure,
    /// Now unknown (before verified, failed or not checked).
    NewUnknown,
    /// Failed before, verified now.
    Fixed,
    /// Unknown (or not checked) before, verified now.
    NowVerified,
    /// Checked before, not now.
    NoLongerChecked,
    /// Not in the previous run.
    Added,
    /// Not in the latest run.
    Removed,
}

impl ChangeKind {
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::NewFailure => "new failure",
            ChangeKind::NewUnknown => "new unknown",
            ChangeKind::Fixed => "fixed",
            ChangeKind::NowVerified => "now verified",
            ChangeKind::NoLongerChecked => "no longer checked",
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
        }
    }
    pub fn class(self) -> &'static str {
        match self {
            ChangeKind::NewFailure => "new-failure",
            ChangeKind::NewUnknown => "new-unknown",
            ChangeKind::Fixed => "fixed",
            ChangeKind::NowVerified => "now-verified",
            ChangeKind::NoLongerChecked => "no-longer-checked",
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
        }
    }
}

/// One row of "behaviour changes since the previous run".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub kind: ChangeKind,
    pub function: String,
    /// The file in the latest run (the previous one for a removed function).
    pub file: String,
    /// The file in the previous run when the function moved to another file.
    pub moved_from: Option<String>,
    pub before: Option<Verdict>,
    pub after: Option<Verdict>,
}

fn classify(before: Verdict, after: Verdict) -> Option<ChangeKind> {
    if before == after {
        return None;
    }
    Some(match (before, after) {
        (_, Verdict::Failed) => ChangeKind::NewFailure,
        (Verdict::Failed, Verdict::Verified) => ChangeKind::Fixed,
        (_, Verdict::Unknown) => ChangeKind::NewUnknown,
        (_, Verdict::Verified) => ChangeKind::NowVerified,
        (_, Verdict::NotChecked) => ChangeKind::NoLongerChecked,
    })
}

/// The functions whose verdict differs between `previous` and `latest` (matched by file and
/// name; a function found under one name in another file counts as moved, not as removed and
/// added), plus added and removed functions. Most serious first.
pub fn changes(previous: &[FunctionResult], latest: &[FunctionResult]) -> Vec<Change> {
    let key = |r: &FunctionResult| (r.file.clone(), r.function.clone());
    let before: BTreeMap<_, _> = previous.iter().map(|r| (key(r), r)).collect();
    let after: BTreeMap<_, _> = latest.iter().map(|r| (key(r), r)).collect();
    let mut out = Vec::new();
    let mut removed: Vec<&FunctionResult> = Vec::new();
    let mut added: Vec<&FunctionResult> = Vec::new();
    for (k, a) in &after {
        match before.get(k) {
            Some(b) => {
                if let Some(kind) = classify(Verdict::of(b), Verdict::of(a)) {
                    out.push(Change {
                        kind,
                        function: a.function.clone(),
                        file: a.file.clone(),
                        moved_from: None,
                        before: Some(Verdict::of(b)),
                        after: Some(Verdict::of(a)),
                    });
                }
            }
            None => added.push(a),
        }
    }
    for (k, b) in &before {
        if !after.contains_key(k) {
            removed.push(b);
        }
    }
    // a name that disappeared from exactly one file and appeared in exactly one other moved
    let count = |v: &[&FunctionResult], name: &str| v.iter().filter(|r| r.function == name).count();
    let mut moved: Vec<(&FunctionResult, &FunctionResult)> = Vec::new();
    for a in &added {
        if count(&added, &a.function) == 1 && count(&removed, &a.function) == 1 {
            if let Some(b) = removed.iter().find(|r| r.function == a.function) {
                moved.push((b, a));
            }
        }
    }
    for (b, a) in &moved {
        added.retain(|r| !std::ptr::eq(*r, *a));
        removed.retain(|r| !std::ptr::eq(*r, *b));
        if let Some(kind) = classify(Verdict::of(b), Verdict::of(a)) {
            out.push(Change {
                kind,
                function: a.function.clone(),
                file: a.file.clone(),
                moved_from: Some(b.file.clone()),
                before: Some(Verdict::of(b)),
                after: Some(Verdict::of(a)),
            });
        }
    }
    for a in added {
        out.push(Change {
            kind: ChangeKind::Added,
            function: a.function.clone(),
            file: a.file.clone(),
            moved_from: None,
            before: None,
            after: Some(Verdict::of(a)),
        });
    }
    for b in removed {
        out.push(Change {
            kind: ChangeKind::Removed,
            function: b.function.clone(),
            file: b.file.clone(),
            moved_from: None,
            before: Some(Verdict::of(b)),
            after: None,
        });
    }
    out.sort_by(|x, y| (x.kind, &x.file, &x.function).cmp(&(y.kind, &y.file, &y.function)));
    out
}

/// Everything the page is made of.
pub struct Page<'a> {
    /// The `run` records to chart, oldest first; the last one is the run `latest` belongs to.
    /// Records of other commands (`diff`) are ignored.
    pub history: &'a [RunRecord],
    /// The per-function results of the latest run.
    pub latest: &'a [FunctionResult],
    /// The per-function results of the run before it, if there is one.
    pub previous: Option<&'a [FunctionResult]>,
    /// The run before the latest (None: the second-to-last of `history`).
    pub previous_run: Option<&'a RunRecord>,
    /// The text of a repository-relative source file (None: not available).
    pub sources: &'a dyn Fn(&str) -> Option<String>,
    /// How many runs the cache holds in all (0: as many as `history`).
    pub recorded_runs: usize,
    /// Remarks shown under the summary (where the source lines come from, …).
    pub notes: Vec<String>,
}

/// Renders the page. An empty history gives the page that says no run is recorded yet.
pub fn render(
    history: &[RunRecord],
    latest: &[FunctionResult],
    previous: Option<&[FunctionResult]>,
    sources: &dyn Fn(&str) -> Option<String>,
) -> Result<String, String> {
    render_page(&Page { history, latest, previous, previous_run: None, sources, recorded_runs: 0, notes: vec![] })
}

fn environment() -> Result<Environment<'static>, String> {
    let mut env = Environment::new();
    // not left to the file-name default: the page template is always HTML-escaped
    env.set_auto_escape_callback(|name| if name == CSS_NAME { AutoEscape::None } else { AutoEscape::Html });
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.add_template(CSS_NAME, CSS_TEMPLATE).map_err(|e| format!("template {CSS_NAME}: {e}"))?;
    env.add_template(PAGE_NAME, PAGE_TEMPLATE).map_err(|e| format!("template {PAGE_NAME}: {e}"))?;
    Ok(env)
}

pub fn render_page(p: &Page) -> Result<String, String> {
    let env = environment()?;
    let tmpl = env.get_template(PAGE_NAME).map_err(|e| e.to_string())?;
    let runs: Vec<&RunRecord> = p.history.iter().filter(|r| r.command == "run").collect();
    let version = env!("CARGO_PKG_VERSION");
    let Some(last) = runs.last().copied() else {
        return tmpl.render(context! { empty => true, version => version }).map_err(|e| e.to_string());
    };
    let previous_run = p.previous_run.or_else(|| runs.iter().rev().nth(1).copied());
    let sources = SourceCache::new(p.sources);

    // summary
    let c = &last.counts;
    let (verdict_text, verdict_class) = if c.failed > 0 {
        ("VERIFICATION FAILED", "failed")
    } else if c.unknown > 0 {
        ("VERIFICATION UNKNOWN", "unknown")
    } else {
        ("VERIFICATION SUCCESSFUL", "verified")
    };
    let mut notes = p.notes.clone();
    let readable = crate::record::counts(p.latest);
    if readable.functions != c.functions {
        notes.push(format!(
            "the run recorded {} functions; {} of their results could be read from the cache",
            c.functions, readable.functions
        ));
    }
    let summary = context! {
        run_id => last.id,
        commit => last.commit.clone(),
        commit_short => svg::short_commit(&last.commit),
        date => format!("{} UTC", svg::date_time(last.started)),
        time => svg::duration(last.seconds),
        command => last.options.clone(),
        functions => c.functions,
        functions_label => if c.functions == 1 { "function" } else { "functions" },
        verified => c.verified,
        failed => c.failed,
        unknown => c.unknown,
        cached => c.cached,
        verdict_text => verdict_text,
        verdict_class => verdict_class,
    };

    // counterexamples, and the functions table linking to them
    let mut order: Vec<&FunctionResult> = p.latest.iter().collect();
    order.sort_by(|a, b| {
        (Verdict::of(a), &a.file, a.line, &a.function).cmp(&(Verdict::of(b), &b.file, b.line, &b.function))
    });
    let mut counterexamples = Vec::new();
    let mut rows = Vec::new();
    let failed_total = order.iter().filter(|r| Verdict::of(r) == Verdict::Failed).count();
    for r in &order {
        let v = Verdict::of(r);
        let mut anchor = String::new();
        if v == Verdict::Failed && counterexamples.len() < MAX_COUNTEREXAMPLES {
            anchor = format!("cex-{}", counterexamples.len() + 1);
            counterexamples.push(counterexample(r, &anchor, &sources));
        }
        rows.push(context! {
            function => r.function.clone(),
            file => r.file.clone(),
            line => r.line,
            verdict => v.name(),
            verdict_class => v.class(),
            time => svg::duration(r.seconds),
            cached => r.cached,
            detail => r.detail.clone(),
            cex => anchor,
        });
    }

    // behaviour changes since the previous run
    let change_section = match p.previous {
        Some(prev) => {
            let list = changes(prev, p.latest);
            let mut tally: BTreeMap<ChangeKind, usize> = BTreeMap::new();
            for ch in &list {
                *tally.entry(ch.kind).or_default() += 1;
            }
            let tally: Vec<Value> =
                tally.iter().map(|(k, n)| context! { label => k.name(), class => k.class(), count => *n }).collect();
            let list: Vec<Value> = list
                .iter()
                .map(|ch| {
                    context! {
                        kind => ch.kind.name(),
                        kind_class => ch.kind.class(),
                        function => ch.function.clone(),
                        file => ch.file.clone(),
                        moved_from => ch.moved_from.clone().unwrap_or_default(),
                        before => ch.before.map(Verdict::name).unwrap_or("—"),
                        before_class => ch.before.map(Verdict::class).unwrap_or("none"),
                        after => ch.after.map(Verdict::name).unwrap_or("—"),
                        after_class => ch.after.map(Verdict::class).unwrap_or("none"),
                    }
                })
                .collect();
            let prev = previous_run.map(|r| {
                context! {
                    run_id => r.id,
                    commit_short => svg::short_commit(&r.commit),
                    commit => r.commit.clone(),
                    date => format!("{} UTC", svg::date_time(r.started)),
                }
            });
            context! { has_previous => true, previous => prev, rows => list, tally => tally }
        }
        None => {
            context! { has_previous => false, previous => Value::from(()), rows => Vec::<Value>::new(), tally => Vec::<Value>::new() }
        }
    };

    let recorded = p.recorded_runs.max(runs.len());
    let ctx = context! {
        empty => false,
        version => version,
        summary => summary,
        notes => notes,
        functions => rows,
        counterexamples => counterexamples,
        failed_total => failed_total,
        counterexamples_shown => failed_total.min(MAX_COUNTEREXAMPLES),
        changes => change_section,
        runs_shown => runs.len(),
        runs_recorded => recorded,
        counts_chart => Value::from_safe_string(svg::counts_chart(&runs)),
        time_chart => Value::from_safe_string(svg::time_chart(&runs)),
    };
    tmpl.render(ctx).map_err(|e| e.to_string())
}

/// Source files read once per page.
struct SourceCache<'a> {
    read: &'a dyn Fn(&str) -> Option<String>,
    files: RefCell<HashMap<String, Option<std::rc::Rc<Vec<String>>>>>,
}

impl<'a> SourceCache<'a> {
    fn new(read: &'a dyn Fn(&str) -> Option<String>) -> Self {
        SourceCache { read, files: RefCell::new(HashMap::new()) }
    }
    fn lines(&self, file: &str) -> Option<std::rc::Rc<Vec<String>>> {
        if let Some(l) = self.files.borrow().get(file) {
            return l.clone();
        }
        let l = (self.read)(file).map(|t| std::rc::Rc::new(t.lines().map(str::to_string).collect::<Vec<_>>()));
        self.files.borrow_mut().insert(file.to_string(), l.clone());
        l
    }
}

/// What happens on one source line of a counterexample.
enum Note<'a> {
    Step { n: usize, text: &'a str, function: &'a str },
    Claim,
}

fn shown_line(s: &str) -> String {
    if s.chars().count() <= MAX_LINE_CHARS {
        return s.to_string();
    }
    let mut t: String = s.chars().take(MAX_LINE_CHARS).collect();
    t.push('…');
    t
}

/// The counterexample section of one failed function.
fn counterexample(r: &FunctionResult, anchor: &str, sources: &SourceCache) -> Value {
    let violated: Vec<&Claim> = r.claims.iter().filter(|c| c.status == "violated").collect();
    let claims: Vec<&Claim> = if violated.is_empty() { r.claims.iter().collect() } else { violated };
    let other = r.claims.len() - claims.len();
    let claims: Vec<Value> = claims.iter().map(|c| claim_view(r, c, sources)).collect();
    context! {
        anchor => anchor,
        function => r.function.clone(),
        file => r.file.clone(),
        line => r.line,
        detail => r.detail.clone(),
        claims => claims,
        other_claims => other,
    }
}

fn claim_view(r: &FunctionResult, c: &Claim, sources: &SourceCache) -> Value {
    let skipped = c.trace.len().saturating_sub(MAX_STEPS);
    // (file, line, note) in trace order, the claim last
    let mut events: Vec<(&str, u32, Note)> = c
        .trace
        .iter()
        .enumerate()
        .skip(skipped)
        .map(|(i, s)| (s.file.as_str(), s.line, Note::Step { n: i + 1, text: &s.text, function: &s.function }))
        .collect();
    events.push((c.file.as_str(), c.line, Note::Claim));
    let mut files: Vec<&str> = Vec::new();
    for (f, _, _) in &events {
        if !files.contains(f) {
            files.push(f);
        }
    }
    // the claim's file first: it is where the violation is
    if let Some(i) = files.iter().position(|f| *f == c.file) {
        let f = files.remove(i);
        files.insert(0, f);
    }
    let mut excerpts = Vec::new();
    let mut missing = Vec::new();
    for file in files {
        let Some(lines) = sources.lines(file) else {
            missing.push(file.to_string());
            continue;
        };
        let here: Vec<&(&str, u32, Note)> = events.iter().filter(|(f, _, _)| *f == file).collect();
        let n = lines.len() as u32;
        let mut beyond: Vec<u32> = here.iter().map(|e| e.1).filter(|l| *l == 0 || *l > n).collect();
        beyond.sort_unstable();
        beyond.dedup();
        let mut wanted: Vec<u32> = here.iter().map(|e| e.1).filter(|l| *l >= 1 && *l <= n).collect();
        wanted.sort_unstable();
        wanted.dedup();
        // ranges of context around each line, merged when they touch or leave a one-line gap
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for l in wanted {
            let (a, b) = (l.saturating_sub(CONTEXT_LINES).max(1), (l + CONTEXT_LINES).min(n));
            match ranges.last_mut() {
                Some(last) if a <= last.1 + 2 => last.1 = last.1.max(b),
                _ => ranges.push((a, b)),
            }
        }
        let chunks: Vec<Value> = ranges
            .iter()
            .map(|(a, b)| {
                let rows: Vec<Value> = (*a..=*b)
                    .map(|no| {
                        let mut notes = Vec::new();
                        let mut is_claim = false;
                        for (_, l, note) in here.iter().map(|e| (e.0, e.1, &e.2)) {
                            if l != no {
                                continue;
                            }
                            match note {
                                Note::Claim => is_claim = true,
                                Note::Step { n, text, function } => {
                                    let t = if *function != r.function && !function.is_empty() {
                                        format!("#{n} in {function}: {text}")
                                    } else {
                                        format!("#{n} {text}")
                                    };
                                    notes.push(t);
                                }
                            }
                        }
                        let more = notes.len().saturating_sub(MAX_NOTES_PER_LINE);
                        if more > 0 {
                            // keep the first and the last steps on this line
                            let tail = notes.split_off(notes.len() - MAX_NOTES_PER_LINE / 2);
                            notes.truncate(MAX_NOTES_PER_LINE - tail.len());
                            notes.push(format!("… {more} more steps on this line …"));
                            notes.extend(tail);
                        }
                        let code = lines.get(no as usize - 1).map(|s| shown_line(s)).unwrap_or_default();
                        context! {
                            no => no,
                            code => code,
                            claim => is_claim,
                            notes => notes,
                            marked => here.iter().any(|e| e.1 == no),
                        }
                    })
                    .collect();
                Value::from(rows)
            })
            .collect();
        excerpts.push(context! { file => file, chunks => chunks, beyond => beyond });
    }
    let trace: Vec<Value> = c
        .trace
        .iter()
        .enumerate()
        .map(|(i, s)| {
            context! { n => i + 1, file => s.file.clone(), line => s.line, function => s.function.clone(), text => s.text.clone() }
        })
        .collect();
    context! {
        kind => c.kind.clone(),
        description => c.description.clone(),
        file => c.file.clone(),
        line => c.line,
        status => c.status.clone(),
        reason => c.reason.clone(),
        excerpts => excerpts,
        missing => missing,
        trace => trace,
        skipped_steps => skipped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Counts, Step};

    fn result(function: &str, file: &str, safety: Option<Safety>) -> FunctionResult {
        FunctionResult {
            function: function.into(),
            file: file.into(),
            line: 1,
            change: String::new(),
            change_detail: String::new(),
            safety,
            detail: String::new(),
            claims: vec![],
            seconds: 0.5,
            cached: false,
            assumes: vec![],
            phases_ms: None,
        }
    }

    fn record(id: i64, counts: Counts) -> RunRecord {
        RunRecord {
            id,
            command: "run".into(),
            commit: format!("{id:040}"),
            started: 1_790_000_000 + id * 86_400,
            options: "run".into(),
            counts,
            seconds: 2.0 * id as f64,
        }
    }

    #[test]
    fn changes_are_classified() {
        use Safety::*;
        let prev = vec![
            result("a", "x.c", Some(Failed)),
            result("b", "x.c", Some(Successful)),
            result("c", "x.c", Some(Successful)),
            result("d", "x.c", Some(Unknown)),
            result("gone", "x.c", Some(Successful)),
            result("mv", "old.c", Some(Successful)),
            result("same", "x.c", Some(Failed)),
        ];
        let latest = vec![
            result("a", "x.c", Some(Successful)),
            result("b", "x.c", Some(Failed)),
            result("c", "x.c", Some(Unknown)),
            result("d", "x.c", Some(Successful)),
            result("new", "x.c", Some(Successful)),
            result("mv", "new.c", Some(Failed)),
            result("same", "x.c", Some(Failed)),
        ];
        let ch = changes(&prev, &latest);
        let got: Vec<(ChangeKind, &str)> = ch.iter().map(|c| (c.kind, c.function.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (ChangeKind::NewFailure, "mv"),
                (ChangeKind::NewFailure, "b"),
                (ChangeKind::NewUnknown, "c"),
                (ChangeKind::Fixed, "a"),
                (ChangeKind::NowVerified, "d"),
                (ChangeKind::Added, "new"),
                (ChangeKind::Removed, "gone"),
            ]
        );
        assert_eq!(ch[0].moved_from.as_deref(), Some("old.c"));
    }

    #[test]
    fn empty_history_page() {
        let html = render(&[], &[], None, &|_| None).unwrap();
        assert!(html.contains("No runs recorded yet"), "{html}");
        assert!(!html.contains("<script"));
    }

    #[test]
    fn results_are_escaped_and_source_lines_annotated() {
        let mut f = result("evil<script>alert(1)</script>", "a<b>.c", Some(Safety::Failed));
        f.claims = vec![Claim {
            kind: "assertion".into(),
            description: "assertion \"</script><img src=x onerror=alert(1)>\"".into(),
            file: "a<b>.c".into(),
            line: 4,
            function: "f".into(),
            status: "violated".into(),
            reason: String::new(),
            trace: vec![Step {
                file: "a<b>.c".into(),
                line: 3,
                function: "f".into(),
                text: "k = <8>".into(),
                thread: 0,
            }],
            in_base: None,
        }];
        let latest = vec![f, result("ok", "a<b>.c", Some(Safety::Successful))];
        let counts = crate::record::counts(&latest);
        let hist = vec![record(1, counts)];
        let src = "int x;\nint f(int n) {\n    int k = n * 2;\n    assert(k != 8 && \"<script>\");\n    return k;\n}\n";
        let html = render(&hist, &latest, None, &|p| if p == "a<b>.c" { Some(src.to_string()) } else { None }).unwrap();
        assert!(!html.contains("<script"), "unescaped markup in the page");
        assert!(!html.contains("<img"), "unescaped markup in the page");
        assert!(!html.contains("<b>"), "unescaped file name");
        assert!(html.contains("evil&lt;script&gt;alert(1)"), "{html}");
        assert!(html.contains("int k = n * 2;"), "source line of the step");
        assert!(html.contains("#1 in f: k = &lt;8&gt;"), "step text beside the line, with its function");
        assert!(html.contains("2 functions: 1 verified, 1 failed, 0 unknown"));
        // without the source, the trace is still there
        let html = render(&hist, &latest, None, &|_| None).unwrap();
        assert!(html.contains("k = &lt;8&gt;"));
        assert!(html.contains("source not available"));
    }

    #[test]
    fn history_charts_have_a_mark_per_run() {
        let c = Counts { functions: 3, verified: 2, failed: 1, unknown: 0, changed: 0, cached: 0, precondition: 0 };
        let mut hist: Vec<RunRecord> = (1..=5).map(|i| record(i, c)).collect();
        hist.insert(2, RunRecord { command: "diff".into(), ..record(99, c) });
        let latest = vec![
            result("a", "x.c", Some(Safety::Successful)),
            result("b", "x.c", Some(Safety::Successful)),
            result("c", "x.c", Some(Safety::Failed)),
        ];
        let prev = vec![
            result("a", "x.c", Some(Safety::Successful)),
            result("b", "x.c", Some(Safety::Failed)),
            result("c", "x.c", Some(Safety::Successful)),
        ];
        let html = render(&hist, &latest, Some(&prev), &|_| None).unwrap();
        assert_eq!(html.matches("<g class=\"run\"").count(), 5, "diff records are not charted");
        assert_eq!(html.matches("<circle class=\"point\"").count(), 5);
        // the changes section names the run it compares with (the last run but one)
        assert!(html.contains("Compared with run #4 of"), "previous run named");
    }
}
