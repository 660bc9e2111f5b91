//! `verdiff report --html DIR`: the run history of the result cache as a self-contained static
//! site (DIR/index.html, see docs/report.md). A missing cache file is not created; source
//! lines for the counterexamples come from the run's commit when it was a `--rev` run, else
//! from the work tree.

use std::path::{Component, Path, PathBuf};

use super::common::{self, RepoPaths};
use crate::cache::{Cache, RunRecord};
use crate::report::html::{self, Page};

/// Runs shown in the trend charts unless `--runs` says otherwise.
pub const DEFAULT_RUNS: usize = 60;

// The options of `verdiff report`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "the run history as a static HTML page",
    override_usage = "verdiff report --html DIR [--repo DIR] [--cache FILE] [--config FILE] [--runs N]",
    before_help = "Renders the run history kept in the result cache into a static page, DIR/index.html (inline \
                   CSS and SVG, no script, no external URL): the latest `verdiff run`, the counterexamples \
                   beside their source lines, the behaviour changes since the previous run, and trend charts.\n\
                   Exit status: 0 written, 6 no run recorded (an empty page is written) or the cache cannot be \
                   read, 1 usage error."
)]
pub struct ReportArgs {
    /// write the report into this directory (DIR/index.html); required
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub html: PathBuf,
    /// runs shown in the trend charts (default 60)
    #[arg(long, value_name = "N", value_parser = runs)]
    pub runs: Option<usize>,
    #[command(flatten)]
    pub paths: RepoPaths,
}

/// `--runs N`: one or more.
fn runs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!("--runs needs a number of runs (1 or more), got `{s}`")),
    }
}

pub fn run(p: &ReportArgs) -> i32 {
    common::finish("report", report_command(p))
}

/// A repository-relative path that stays inside the repository.
fn relative(file: &str) -> Option<&Path> {
    let p = Path::new(file);
    p.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir)).then_some(p)
}

/// Reads the source files the counterexamples point at.
struct Sources {
    root: Option<PathBuf>,
    /// The run's commit when it verified a revision (read from git objects).
    git: Option<(git2::Repository, git2::Oid)>,
}

impl Sources {
    fn new(root: Option<&Path>, run: &RunRecord) -> (Sources, Option<String>) {
        let repo = root.and_then(|r| git2::Repository::open(r).ok());
        let head = repo.as_ref().and_then(|r| r.head().ok()).and_then(|h| h.peel_to_commit().ok()).map(|c| c.id());
        let (id, worktree) = match run.commit.split_once('+') {
            Some((id, _)) => (id, true),
            None => (run.commit.as_str(), false),
        };
        let oid = git2::Oid::from_str(id).ok().filter(|_| !id.is_empty());
        let mut note = None;
        let mut git = None;
        match (repo, oid) {
            (Some(repo), Some(oid)) if !worktree && repo.find_commit(oid).is_ok() => git = Some((repo, oid)),
            _ if root.is_none() => {
                note = Some("no repository: the counterexamples are shown without their source lines".to_string())
            }
            _ if head.is_some() && head != oid => {
                note = Some(format!(
                    "source lines are read from the work tree, whose HEAD ({}) is not the run's commit: they may differ from what was verified",
                    head.map(|h| h.to_string().chars().take(10).collect::<String>()).unwrap_or_default()
                ))
            }
            _ => {}
        }
        (Sources { root: root.map(Path::to_path_buf), git }, note)
    }

    fn read(&self, file: &str) -> Option<String> {
        let rel = relative(file)?;
        if let Some((repo, oid)) = &self.git {
            let tree = repo.find_commit(*oid).ok()?.tree().ok()?;
            let entry = tree.get_path(rel).ok()?;
            let blob = repo.find_blob(entry.id()).ok()?;
            return Some(String::from_utf8_lossy(blob.content()).into_owned());
        }
        let root = self.root.as_ref()?;
        let path = root.join(rel);
        // a symbolic link must not lead out of the repository
        let real = path.canonicalize().ok()?;
        if !real.starts_with(root.canonicalize().ok()?) || !real.is_file() {
            return None;
        }
        let bytes = std::fs::read(real).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

fn write_page(dir: &Path, text: &str) -> Result<PathBuf, (i32, String)> {
    std::fs::create_dir_all(dir).map_err(|e| (6, format!("cannot create {}: {e}", dir.display())))?;
    let index = dir.join("index.html");
    std::fs::write(&index, text).map_err(|e| (6, format!("cannot write {}: {e}", index.display())))?;
    Ok(index)
}

fn report_command(p: &ReportArgs) -> Result<i32, (i32, String)> {
    let input = |m: String| (6, m);
    let dir = p.html.clone();
    let keep = p.runs.unwrap_or(DEFAULT_RUNS);
    // the repository is only needed for the default cache path and the source lines
    let root = match common::repo_root(p.paths.repo.as_deref()) {
        Ok(r) => Some(r),
        Err(_) if p.paths.cache.is_some() && p.paths.repo.is_none() => None,
        Err(e) => return Err(input(e)),
    };
    let cache_path = match (&p.paths.cache, &root) {
        (Some(c), _) => c.clone(),
        (None, Some(r)) => r.join(common::load_config(r, &p.paths).map_err(input)?.cache.path),
        (None, None) => unreachable!("no repository is accepted only with --cache"),
    };
    let nothing = |dir: &Path| -> Result<i32, (i32, String)> {
        let page = html::render(&[], &[], None, &|_| None).map_err(input)?;
        let index = write_page(dir, &page)?;
        outln!("{}", index.display());
        Err((6, format!("no runs recorded in {}; run `verdiff run` first", cache_path.display())))
    };
    // opening would create the file: a missing cache has no history
    if !cache_path.is_file() {
        return nothing(&dir);
    }
    let cache = Cache::open(&cache_path).map_err(|e| input(format!("cannot read the cache: {e}")))?;
    for n in &cache.notices {
        eprintln!("verdiff: {n}");
    }
    let all = cache.runs().map_err(|e| input(format!("cannot read the run history: {e}")))?;
    let runs: Vec<RunRecord> = all.into_iter().filter(|r| r.command == "run").collect();
    let Some(last) = runs.last() else {
        return nothing(&dir);
    };
    let results = |r: &RunRecord| -> Result<Vec<_>, (i32, String)> {
        let rs =
            cache.run_results(r.id).map_err(|e| input(format!("cannot read the results of run #{}: {e}", r.id)))?;
        Ok(rs.into_iter().map(|(_, f)| f).collect())
    };
    let latest = results(last)?;
    let previous_run = runs.len().checked_sub(2).map(|i| &runs[i]);
    let previous = match previous_run {
        Some(r) => Some(results(r)?),
        None => None,
    };
    let (sources, note) = Sources::new(root.as_deref(), last);
    let read = |f: &str| sources.read(f);
    let shown = &runs[runs.len().saturating_sub(keep)..];
    let page = html::render_page(&Page {
        history: shown,
        latest: &latest,
        previous: previous.as_deref(),
        previous_run,
        sources: &read,
        recorded_runs: runs.len(),
        notes: note.into_iter().collect(),
    })
    .map_err(|e| input(format!("rendering the report failed: {e}")))?;
    let index = write_page(&dir, &page)?;
    outln!("{}", index.display());
    Ok(0)
}
