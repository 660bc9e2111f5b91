//! What the repository-level commands (diff, run, cache, init, hook) share: the repository
//! and its `.verdiff.yml`, the result cache, and `--format F --output PATH` pairs.

use std::path::{Path, PathBuf};

use crate::cache::Cache;
use crate::config::{self, Config};
use crate::record::FunctionResult;
use crate::report::{self, RunMeta};

// The repository, its configuration and its cache file: where a repository-level command
// (and `verdiff report`, which only reads the cache) finds them.
#[derive(clap::Args, Debug, Clone, Default, PartialEq)]
pub struct RepoPaths {
    /// the repository (default: the one containing the current directory)
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub repo: Option<PathBuf>,
    /// configuration file (default: <repo>/.verdiff.yml when present)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// cache file (default: .verdiff/cache.db in the repository)
    #[arg(long, value_name = "FILE")]
    pub cache: Option<PathBuf>,
}

// The options of the repository-level commands that verify: where things are, and whether
// the result cache is used.
#[derive(clap::Args, Debug, Clone, Default, PartialEq)]
pub struct RepoArgs {
    #[command(flatten)]
    pub paths: RepoPaths,
    /// neither read nor write the result cache
    #[arg(long)]
    pub no_cache: bool,
}

/// What `--format` names.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Markdown,
    Sarif,
    Junit,
}

// `--format F --output PATH` pairs.
#[derive(clap::Args, Debug, Clone, Default, PartialEq)]
pub struct OutputArgs {
    /// text (default), json, markdown, sarif, junit; repeatable, the i-th --output belongs to
    /// the i-th --format
    #[arg(long, value_name = "FORMAT", value_enum, hide_possible_values = true)]
    pub format: Vec<Format>,
    /// file for the --format at the same position (default: standard output)
    #[arg(long, value_name = "FILE")]
    pub output: Vec<PathBuf>,
}

/// Prints the error of a repository-level command as `verdiff NAME: message` and gives its
/// exit status.
pub fn finish(name: &str, result: Result<i32, (i32, String)>) -> i32 {
    match result {
        Ok(c) => c,
        Err((c, m)) => {
            eprintln!("verdiff {name}: {m}");
            c
        }
    }
}

/// The exit status of a run's results: 10 a violation, 6 something undecided, else 0.
pub fn run_status(results: &[FunctionResult]) -> i32 {
    if results.iter().any(FunctionResult::failed) {
        10
    } else if results.iter().any(|r| r.safety == Some(crate::record::Safety::Unknown)) {
        6
    } else {
        0
    }
}

/// The exit status of a diff's results under `fail_on` (10 when it trips, else 0): a known
/// violation of an unchanged function is not the change's, and functions the time budget
/// did not reach never block.
pub fn diff_status(results: &[FunctionResult], fail_on: config::FailOn) -> i32 {
    let skipped = |d: &str| d.starts_with(crate::diff::OVER_BUDGET);
    let violation = results.iter().any(|r| r.failed() && r.change != "unchanged");
    let changed = results.iter().any(FunctionResult::behaviour_changed);
    let unknown = results.iter().any(|r| {
        (r.change == "unknown" && !skipped(&r.change_detail))
            || (r.safety == Some(crate::record::Safety::Unknown) && !skipped(&r.detail))
    });
    let needs =
        results.iter().any(|r| r.safety == Some(crate::record::Safety::Precondition) && r.change != "unchanged");
    let trip = match fail_on {
        config::FailOn::Violation => violation,
        config::FailOn::Precondition => violation || needs,
        config::FailOn::BehaviourChange => violation || changed,
        config::FailOn::Unknown => violation || changed || unknown || needs,
    };
    if trip {
        10
    } else {
        0
    }
}

/// `--jobs N`, else the configured number; 0 means the number of cores.
pub fn jobs(given: Option<usize>, configured: usize) -> usize {
    let jobs = given.unwrap_or(configured);
    if jobs == 0 {
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    } else {
        jobs
    }
}

/// The repository root: `--repo` or the repository containing the current directory.
pub fn repo_root(repo: Option<&Path>) -> Result<PathBuf, String> {
    let repo = crate::vcs::Repo::open(repo.unwrap_or(Path::new("."))).map_err(|e| e.to_string())?;
    repo.root().map_err(|e| e.to_string())
}

pub fn load_config(root: &Path, r: &RepoPaths) -> Result<Config, String> {
    config::load(root, r.config.as_deref()).map_err(|e| e.to_string())
}

/// Opens the cache unless `--no-cache` or the configuration turns it off. Notices (a
/// damaged file moved aside) go to standard error.
pub fn open_cache(root: &Path, cfg: &Config, r: &RepoArgs) -> Result<Option<Cache>, String> {
    if r.no_cache || !cfg.cache.enabled {
        return Ok(None);
    }
    let path = match &r.paths.cache {
        Some(c) => c.clone(),
        None => root.join(&cfg.cache.path),
    };
    let c = Cache::open(&path).map_err(|e| e.to_string())?;
    for n in &c.notices {
        eprintln!("verdiff: {n}");
    }
    Ok(Some(c))
}

/// The requested (format, output) pairs; at most one may go to standard output.
pub fn outputs(o: &OutputArgs) -> Result<Vec<(Format, Option<PathBuf>)>, String> {
    if o.output.len() > o.format.len().max(1) {
        return Err("more --output than --format".into());
    }
    let mut out = Vec::new();
    if o.format.is_empty() {
        out.push((Format::Text, o.output.first().cloned()));
    }
    for (i, f) in o.format.iter().enumerate() {
        out.push((*f, o.output.get(i).cloned()));
    }
    if out.iter().filter(|(_, o)| o.is_none()).count() > 1 {
        return Err("only one --format may go to standard output; give the others an --output".into());
    }
    Ok(out)
}

/// Renders the per-function formats (sarif, junit, markdown) of `results`.
pub fn render_records(format: Format, results: &[FunctionResult], meta: &RunMeta) -> Option<String> {
    Some(match format {
        Format::Sarif => serde_json::to_string_pretty(&report::sarif::sarif(results, meta)).unwrap_or_default() + "\n",
        Format::Junit => report::junit::junit(results, meta),
        Format::Markdown => report::markdown::markdown(results, meta),
        Format::Text | Format::Json => return None,
    })
}

/// Writes `text` to `path` or standard output; an unwritable file is an error.
pub fn write_output(path: Option<&Path>, text: &str) -> Result<(), String> {
    match path {
        None => {
            super::emit(text);
            Ok(())
        }
        Some(p) => std::fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display())),
    }
}

/// Seconds since the epoch as RFC 3339 (UTC).
pub fn rfc3339(secs: i64) -> String {
    let (y, m, d) = report::svg::civil(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

pub fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// `w` as one word of a POSIX shell command line (single-quoted when it needs quoting).
pub fn shell_word(w: &str) -> String {
    let plain = !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "_./-=:+,@%".contains(c));
    if plain {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// On a terminal: one progress bar on standard error, redrawn as checks finish (`label`: the
/// one just finished), the line ended with the last.
pub fn progress_bar(done: usize, total: usize, label: &str) {
    let width = 30;
    let filled = done.min(total) * width / total.max(1);
    eprint!("\r[{}{}] {done}/{total} {label:<40.40}", "=".repeat(filled), " ".repeat(width - filled));
    if done == total {
        eprintln!();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rfc3339_dates() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(super::rfc3339(1_798_761_599), "2026-12-31T23:59:59Z");
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(super::shell_word("src/a.c"), "src/a.c");
        assert_eq!(super::shell_word("my repo"), "'my repo'");
        assert_eq!(super::shell_word("it's"), r"'it'\''s'");
        assert_eq!(super::shell_word(""), "''");
    }
}
