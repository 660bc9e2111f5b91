//! `verdiff diff [--repo DIR] [--base REV] [--head REV | --worktree | --staged]`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::args::{fail_on, parse_budget, Preprocessor};
use super::common::{self, Format, OutputArgs, RepoArgs};
use super::equiv::Knobs;
use crate::config::FailOn;
use crate::diff::{self, DiffOptions, Side};
use crate::report::{self, RunMeta};
use crate::run::shard::Shard;
use crate::vcs::{Base, Head, Repo};

// The options of `verdiff diff`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "changed functions between git revisions",
    override_usage = "verdiff diff [--repo DIR] [--base REV] [--head REV | --worktree | --staged] [options]",
    before_help = "Lists the C functions that changed between two revisions and proves whether their behaviour \
                   changed; changed functions that are not proven equivalent, and new ones, get the safety \
                   checks. Results are cached in .verdiff/cache.db; settings come from .verdiff.yml (flags \
                   override it).\n\
                   Exit status: 0 fine, 10 when --fail-on triggers, 6 when the repository, the configuration \
                   or the cache cannot be read, 1 usage error."
)]
pub struct DiffArgs {
    #[command(flatten)]
    pub repo: RepoArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    /// base revision (default: HEAD with --staged or --worktree; otherwise the merge-base with
    /// $GITHUB_BASE_REF or origin/HEAD, else HEAD~1; the empty tree before the first commit)
    #[arg(long, value_name = "REV")]
    pub base: Option<String>,
    /// head revision (default HEAD)
    #[arg(long, value_name = "REV", conflicts_with_all = ["worktree", "staged"])]
    pub head: Option<String>,
    /// compare the uncommitted files on disk with the base
    #[arg(long, conflicts_with = "staged")]
    pub worktree: bool,
    /// compare the staged files with the base (pre-commit)
    #[arg(long)]
    pub staged: bool,
    /// exit 10 on: violation (default, or fail_on of .verdiff.yml), precondition (also functions
    /// safe only under their precondition), behaviour-change (also), unknown (all of these)
    #[arg(long, value_name = "WHEN", value_parser = fail_on(), hide_possible_values = true)]
    pub fail_on: Option<FailOn>,
    /// verify functions with fully free inputs instead of under their inferred precondition
    /// (docs/contracts.md)
    #[arg(long)]
    pub no_infer_preconditions: bool,
    /// time for the whole comparison (60, 60s, 5m); functions it does not reach are reported as
    /// not checked and do not fail the run
    #[arg(long, value_name = "TIME", value_parser = parse_budget)]
    pub budget: Option<Duration>,
    /// only the functions of shard I of N (I/N, for matrix jobs; see verdiff merge)
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// functions checked at once, each in its own process (default: jobs of .verdiff.yml, or the
    /// cores)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// no progress lines on standard error
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub knobs: Knobs,
    #[command(flatten)]
    pub pp: Preprocessor,
}

/// diff's wording of the options it shares with equiv (its defaults come from .verdiff.yml).
pub fn adjust_help(cmd: clap::Command) -> clap::Command {
    cmd.mut_arg("unwind", |a| a.help("bound for loops and recursion (default 10, or unwind of .verdiff.yml)"))
        .mut_arg("timeout", |a| a.help("time limit per function check (default 60s, or timeout of .verdiff.yml)"))
        .mut_arg("include_dirs", |a| a.help("look for included files in DIR too (relative to the repository root)"))
}

/// The rows of the temporal requirements (`ltl:` of .verdiff.yml): each checked again at
/// both revisions when a changed function is reachable from its entry, and a verdict worse at
/// the head than at the base reported as a regression (docs/ltl.md §6).
fn requirement_rows(
    old_root: &std::path::Path,
    new_root: &std::path::Path,
    cfg: &crate::config::Config,
    rows: &[diff::Row],
    o: &DiffOptions,
    quiet: bool,
) -> Vec<diff::Row> {
    use crate::temporal::requirements::{compare_all, rank, row_name, verdict_of};
    let changed: Vec<String> = rows
        .iter()
        .filter(|r| !matches!(r.status, diff::Status::Unchanged | diff::Status::Equivalent))
        .map(|r| r.function.clone())
        .collect();
    let (old_fo, new_fo) = (crate::run::frontend_options(old_root, cfg), crate::run::frontend_options(new_root, cfg));
    let (old_files, new_files) = (crate::run::source_files(old_root, cfg), crate::run::source_files(new_root, cfg));
    if !quiet {
        eprintln!("verdiff: {} temporal requirements (ltl:)", cfg.ltl.len());
    }
    let memory = o.isolation.as_ref().map(|i| i.memory_mb);
    let compared =
        compare_all(old_root, new_root, cfg, &old_files, &new_files, (&old_fo, &new_fo), &changed, o.jobs, memory);
    compared
        .into_iter()
        .map(|c| {
            let line = cfg.ltl.get(&c.name).map_or(0, |r| r.line);
            let time = |r: &Option<crate::record::FunctionResult>| r.as_ref().map_or(0.0, |r| r.seconds);
            let seconds = time(&c.base) + time(&c.head);
            let verdicts = (c.base.as_ref().and_then(verdict_of), c.head.as_ref().and_then(verdict_of));
            let reached = c.reached.join(", ");
            let status = match verdicts {
                _ if c.reached.is_empty() => diff::Status::Unchanged,
                (_, None) => diff::Status::Unknown("the requirement was not checked at the head".into()),
                (_, Some(h)) if rank(h).is_none() => {
                    diff::Status::Unknown(c.head.as_ref().map(|r| r.detail.clone()).unwrap_or_default())
                }
                (Some(b), Some(h)) if rank(b).is_some() && rank(h) < rank(b) => diff::Status::BehaviourChanged(
                    format!("LTL verdict regressed: {b} at the base, {h} at the head (changed: {reached})"),
                ),
                (Some(b), Some(h)) if rank(b).is_some() && rank(h) > rank(b) => diff::Status::BehaviourChanged(
                    format!("LTL verdict improved: {b} at the base, {h} at the head (changed: {reached})"),
                ),
                (Some(b), Some(_)) if rank(b).is_some() => diff::Status::Unchanged,
                // no verdict at the base (it did not load, or was undecided): the head's verdict is new
                _ => diff::Status::New,
            };
            let safety = match (&status, &c.head) {
                (diff::Status::Unchanged, _) | (_, None) => None,
                (_, Some(h)) => Some(diff::Safety {
                    verdict: h.safety.map_or("UNKNOWN", crate::record::Safety::name).to_string(),
                    detail: h.detail.clone(),
                    claims: h.claims.clone(),
                    cached: false,
                    assumes: vec![],
                }),
            };
            let row = diff::Row {
                function: row_name(&c.name),
                old_name: None,
                file: cfg.file_name.clone(),
                old_file: None,
                line,
                status,
                safety,
                time: Duration::from_secs_f64(seconds),
                norm: String::new(),
                threads: vec![],
                in_threads_of: vec![],
            };
            if !quiet {
                let safety = row.safety.as_ref().map(|s| format!(", {}", s.detail)).unwrap_or_default();
                eprintln!("verdiff: {} {}{safety} ({seconds:.1}s)", row.function, row.status.text());
            }
            row
        })
        .collect()
}

/// One line on standard error per checked function (CI logs show where the time goes).
fn progress_line(r: &diff::Row, done: usize, total: usize) {
    let safety = r.safety.as_ref().map(|s| format!(", safety {}", s.verdict)).unwrap_or_default();
    let text = r.status.text();
    let text: String = text.chars().take(100).collect();
    eprintln!("verdiff: [{done}/{total}] {}:{} {text}{safety} ({:.1}s)", r.file, r.function, r.time.as_secs_f64());
}

/// On a terminal: one bar, redrawn as checks finish, the line ended when a batch is done.
fn progress_bar(r: &diff::Row, done: usize, total: usize) {
    common::progress_bar(done, total, &format!("{}:{}", r.file, r.function));
}

pub fn run(p: &DiffArgs) -> i32 {
    match diff_command(p) {
        Ok(code) => code,
        Err(Failure::Usage(m)) => {
            eprintln!("verdiff diff: {m}");
            1
        }
        Err(Failure::Input(m)) => {
            eprintln!("verdiff diff: {m}");
            6
        }
    }
}

enum Failure {
    Usage(String),
    Input(String),
}

fn diff_command(p: &DiffArgs) -> Result<i32, Failure> {
    use Failure::{Input, Usage};
    let started = common::now_secs();
    let start = Instant::now();
    let outputs = common::outputs(&p.output).map_err(Usage)?;
    let dir = p.repo.paths.repo.clone().unwrap_or_else(|| PathBuf::from("."));
    let repo = Repo::open(&dir).map_err(|e| Input(e.to_string()))?;
    let root = repo.root().map_err(|e| Input(e.to_string()))?;
    let cfg = common::load_config(&root, &p.repo.paths).map_err(Input)?;
    let fail_on = p.fail_on.unwrap_or(cfg.fail_on);
    // (a zero budget is allowed: it lists the changes without checking any)
    let budget = p.budget.map(|b| start + b);
    let mut eo = super::equiv::options(&p.pp, &p.knobs);
    if p.knobs.unwind.is_none() {
        eo.unwind = cfg.unwind;
    }
    if eo.timeout.is_none() {
        eo.timeout = Some(Duration::from_secs(cfg.timeout));
    }
    if !p.knobs.ilp32 && !p.knobs.lp64 && cfg.data_model == crate::config::DataModelName::Ilp32 {
        eo.frontend.target.model = crate::ir::DataModel::Ilp32;
        eo.object_bits = 8;
    }
    eo.frontend.pp.include_dirs.clear();
    eo.frontend.pp.defines.extend(cfg.defines.iter().cloned());
    let mut include_dirs: Vec<PathBuf> = cfg.include_dirs.iter().map(PathBuf::from).collect();
    include_dirs.extend(p.pp.include_dirs.iter().cloned());
    let mut safety = crate::run::safety_options(&cfg);
    safety.unwind = eo.unwind;
    safety.library_accuracy = eo.library_accuracy;
    safety.preconditions = cfg.preconditions && !p.no_infer_preconditions;

    let cache = common::open_cache(&root, &cfg, &p.repo).map_err(Input)?;
    let mut o = DiffOptions {
        equiv: eo,
        include_dirs,
        safety,
        budget,
        cache: cache.map(std::cell::RefCell::new),
        shard: p.shard,
        harnesses: None,
        // (flags override the configuration, per function too)
        functions: cfg
            .functions
            .iter()
            .map(|(name, f)| {
                let mut f = f.clone();
                f.unwind = f.unwind.filter(|_| p.knobs.unwind.is_none());
                f.timeout = f.timeout.filter(|_| p.knobs.timeout.is_none());
                (name.clone(), f)
            })
            .collect(),
        clauses: cfg
            .clauses
            .iter()
            .map(|c| crate::frontend::clauses::TextClause {
                function: c.function.clone(),
                ensures: c.ensures,
                expr: c.expr.clone(),
                line: c.line,
            })
            .collect(),
        config_name: cfg.file_name.clone(),
        is_source: Some({
            let c = cfg.clone();
            std::sync::Arc::new(move |rel: &str| c.is_source(rel))
        }),
        jobs: common::jobs(p.jobs, cfg.jobs),
        isolation: Some(crate::run::Isolation { memory_mb: crate::run::safety::memory_budget(cfg.memory).0 }),
        progress: (!p.quiet).then(|| {
            if std::io::stderr().is_terminal() {
                Box::new(progress_bar) as diff::Progress
            } else {
                Box::new(progress_line) as diff::Progress
            }
        }),
    };

    // (uncommitted changes are compared with HEAD: a pre-commit hook checks what the commit
    // adds; before the first commit, with the empty tree)
    let uncommitted = p.worktree || p.staged;
    let (base, base_how) = match &p.base {
        Some(b) => (Base::Commit(repo.resolve(b).map_err(|e| Input(e.to_string()))?), b.clone()),
        None if uncommitted => repo.head_base().map_err(|e| Input(e.to_string()))?,
        None => repo.default_base().map_err(|e| Input(e.to_string()))?,
    };
    let (head, head_how) = if p.worktree {
        (Head::Worktree, "work tree".to_string())
    } else if p.staged {
        (Head::Staged, "staged changes".to_string())
    } else {
        let h = p.head.as_deref().unwrap_or("HEAD");
        (Head::Commit(repo.resolve(h).map_err(|e| Input(e.to_string()))?), h.to_string())
    };
    let changes = repo.changes(base, &head).map_err(|e| Input(e.to_string()))?;
    // only the configured sources (other files, headers first, unless excluded: they may
    // change any source that includes them; diff::compare reads which are included)
    let changes: Vec<_> = changes
        .into_iter()
        .filter(|c| {
            let keep = |f: &Option<String>| {
                f.as_deref().is_some_and(|f| (!f.ends_with(".c") && !cfg.is_excluded(f)) || cfg.is_source(f))
            };
            keep(&c.old) || keep(&c.new)
        })
        .collect();
    // both sides as directories of C files (git objects written out; the work tree in place)
    let tag = match base {
        Base::Commit(id) => id.to_string(),
        Base::Empty => "empty".to_string(),
    };
    let tmp = std::env::temp_dir().join(format!("verdiff-diff-{}-{tag}", std::process::id()));
    let old_root = tmp.join("base");
    let new_root_tmp = tmp.join("head");
    let result = (|| -> Result<Vec<diff::Row>, Failure> {
        match base {
            Base::Commit(id) => repo.write_files(&Head::Commit(id), &old_root).map_err(|e| Input(e.to_string()))?,
            Base::Empty => {
                std::fs::create_dir_all(&old_root).map_err(|e| Input(format!("{}: {e}", old_root.display())))?
            }
        }
        let new_root = match &head {
            Head::Worktree => root.clone(),
            h => {
                repo.write_files(h, &new_root_tmp).map_err(|e| Input(e.to_string()))?;
                new_root_tmp.clone()
            }
        };
        // functions with unit tests are checked through the head's harnesses
        let mut hfo = crate::run::frontend_options(&new_root, &cfg);
        hfo.target = o.equiv.frontend.target;
        o.harnesses = crate::harness::HarnessSet::build(&new_root, &cfg, &hfo)
            .map(|h| std::sync::Arc::new(h) as std::sync::Arc<dyn crate::run::Harnesses>);
        let mut rows = diff::compare(Side { root: &old_root }, Side { root: &new_root }, &changes, &o);
        if !cfg.ltl.is_empty() && o.shard.is_none_or(|s| s.index == 1) {
            rows.extend(requirement_rows(&old_root, &new_root, &cfg, &rows, &o, p.quiet));
        }
        Ok(rows)
    })();
    let _ = std::fs::remove_dir_all(&tmp);
    let rows = result?;

    let records: Vec<_> = rows.iter().map(diff::to_record).collect();
    let commit = match &head {
        Head::Commit(id) => id.to_string(),
        Head::Worktree => format!("{}+worktree", repo.resolve("HEAD").map(|i| i.to_string()).unwrap_or_default()),
        Head::Staged => format!("{}+staged", repo.resolve("HEAD").map(|i| i.to_string()).unwrap_or_default()),
    };
    if let Some(c) = &o.cache {
        let keyed: Vec<(String, _)> = records.iter().map(|r| (String::new(), r.clone())).collect();
        let opts = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        if let Err(e) = c.borrow_mut().record_run("diff", &commit, &opts, &keyed, start.elapsed().as_secs_f64()) {
            eprintln!("verdiff: the run was not recorded in the history: {e}");
        }
    }
    let info = report::diff::Info {
        base: format!("{base} ({base_how})"),
        head: head_how.clone(),
        seconds: start.elapsed().as_secs_f64(),
    };
    let meta = RunMeta {
        command: "diff".into(),
        tool_version: env!("CARGO_PKG_VERSION").into(),
        base: Some(info.base.clone()),
        head: Some(head_how),
        commit: Some(commit),
        started: common::rfc3339(started),
        notes: vec![],
    };
    for (format, path) in &outputs {
        let text = match format {
            Format::Json => serde_json::to_string_pretty(&report::diff::json(&rows, &info)).unwrap_or_default() + "\n",
            Format::Text => report::diff::text(&rows, &info),
            f => common::render_records(*f, &records, &meta).unwrap_or_default(),
        };
        common::write_output(path.as_deref(), &text).map_err(Input)?;
    }
    // (an unchanged function's known violation, shown from the cache, is not this change's)
    Ok(common::diff_status(&records, fail_on))
}
