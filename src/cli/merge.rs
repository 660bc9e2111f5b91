//! `verdiff merge PART.json...`: the JSON reports of matrix shards (`--shard I/N`) combined
//! into one report in every format, and their caches (`--cache-from`) into one.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::args::fail_on;
use super::common::{self, Format, OutputArgs, RepoArgs};
use crate::config::FailOn;
use crate::record::{self, Claim, FunctionResult, Safety};
use crate::report::{self, RunMeta};

// The options of `verdiff merge`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "combine the reports (and caches) of --shard jobs",
    override_usage = "verdiff merge PART.json... [--format F [--output FILE]]... [--cache-from FILE]...",
    before_help = "Combines the JSON reports of `verdiff diff|run --shard I/N` jobs (all of one kind) into one \
                   report, and imports the shards' caches into the repository's cache."
)]
pub struct MergeArgs {
    /// the JSON reports of the shards
    #[arg(value_name = "PART.json", required = true)]
    pub parts: Vec<PathBuf>,
    #[command(flatten)]
    pub repo: RepoArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    /// a shard's cache file to import (repeatable)
    #[arg(long, value_name = "FILE")]
    pub cache_from: Vec<PathBuf>,
    /// diff parts: exit 10 on violation (default, or fail_on of .verdiff.yml), precondition,
    /// behaviour-change, unknown
    #[arg(long, value_name = "WHEN", value_parser = fail_on(), hide_possible_values = true)]
    pub fail_on: Option<FailOn>,
}

pub fn run(p: &MergeArgs) -> i32 {
    common::finish("merge", merge(p))
}

/// A `verdiff.diff/1` function entry as a record.
fn from_diff_entry(v: &Value) -> Option<FunctionResult> {
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let safety = v.get("safety").filter(|s| !s.is_null());
    let verdict = safety.and_then(|s| s.get("verdict")).and_then(Value::as_str).map(|x| match x {
        "SUCCESSFUL" => Safety::Successful,
        "FAILED" => Safety::Failed,
        "PRECONDITION" => Safety::Precondition,
        _ => Safety::Unknown,
    });
    let claims: Vec<Claim> =
        safety.and_then(|s| s.get("claims")).and_then(|c| serde_json::from_value(c.clone()).ok()).unwrap_or_default();
    Some(FunctionResult {
        function: v.get("function")?.as_str()?.to_string(),
        file: s("file"),
        line: v.get("line").and_then(Value::as_u64).unwrap_or(0) as u32,
        change: s("status"),
        change_detail: s("detail"),
        safety: verdict,
        detail: safety.and_then(|s| s.get("detail")).and_then(Value::as_str).unwrap_or("").to_string(),
        claims,
        seconds: v.get("seconds").or_else(|| v.get("time_seconds")).and_then(Value::as_f64).unwrap_or(0.0),
        cached: safety.and_then(|s| s.get("cached")).and_then(Value::as_bool).unwrap_or(false),
        assumes: safety
            .and_then(|s| s.get("assumes"))
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
            .unwrap_or_default(),
        phases_ms: None,
    })
}

fn merge(p: &MergeArgs) -> Result<i32, (i32, String)> {
    let input = |m: String| (6, m);
    let outputs = common::outputs(&p.output).map_err(|m| (1, m))?;
    let mut kind: Option<String> = None;
    let mut first: Option<Value> = None;
    let mut results: Vec<FunctionResult> = Vec::new();
    let mut entries: Vec<Value> = Vec::new();
    let mut seconds = 0.0;
    for path in &p.parts {
        let part = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| input(format!("{part}: {e}")))?;
        let v: Value = serde_json::from_str(&text).map_err(|e| input(format!("{part}:{}: not JSON: {e}", e.line())))?;
        let stated = v.get("schema").and_then(Value::as_str).unwrap_or("");
        // a part of any 1.x version is read as this version's (docs/json-schema.md)
        let schema = [report::diff::SCHEMA, report::run::SCHEMA]
            .into_iter()
            .find(|ours| report::same_document(stated, ours))
            .unwrap_or(stated)
            .to_string();
        if schema != report::diff::SCHEMA && schema != report::run::SCHEMA {
            return Err(input(format!(
                "{part}: schema `{schema}` is not {} or {}",
                report::diff::SCHEMA,
                report::run::SCHEMA
            )));
        }
        match &kind {
            Some(k) if *k != schema => return Err(input(format!("{part}: a {schema} part among {k} parts"))),
            _ => kind = Some(schema.clone()),
        }
        let fns = v.get("functions").and_then(Value::as_array).cloned().unwrap_or_default();
        for f in &fns {
            let r = if schema == report::run::SCHEMA {
                serde_json::from_value::<FunctionResult>(f.clone()).ok()
            } else {
                from_diff_entry(f)
            };
            let Some(r) = r else { return Err(input(format!("{part}: a function entry does not match {schema}"))) };
            if results.iter().any(|x| x.function == r.function && x.file == r.file) {
                eprintln!(
                    "verdiff merge: {part}: {}:{} is in more than one part; the first is kept",
                    r.file, r.function
                );
                continue;
            }
            results.push(r);
            entries.push(f.clone());
        }
        seconds += v.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
        if first.is_none() {
            first = Some(v);
        }
    }
    let kind = kind.unwrap_or_default();
    let first = first.unwrap_or(Value::Null);
    let is_diff = kind == report::diff::SCHEMA;
    let text_of = |k: &str| first.get(k).and_then(Value::as_str).map(String::from);
    let meta = RunMeta {
        command: if is_diff { "diff".into() } else { "run".into() },
        tool_version: env!("CARGO_PKG_VERSION").into(),
        base: text_of("base"),
        head: text_of("head"),
        commit: text_of("commit"),
        started: text_of("started").unwrap_or_default(),
        notes: vec![format!("merged from {} parts", p.parts.len())],
    };
    // the caches of the shards, and the merged run in the history
    if !p.cache_from.is_empty() || p.repo.paths.cache.is_some() {
        let root = common::repo_root(p.repo.paths.repo.as_deref()).map_err(input)?;
        let cfg = common::load_config(&root, &p.repo.paths).map_err(input)?;
        if let Some(mut cache) = common::open_cache(&root, &cfg, &p.repo).map_err(input)? {
            for other in &p.cache_from {
                let n = cache.import(other).map_err(|e| input(e.to_string()))?;
                eprintln!("verdiff merge: imported {n} results from {}", other.display());
            }
            let keyed: Vec<(String, FunctionResult)> = results.iter().map(|r| (String::new(), r.clone())).collect();
            let commit = meta.commit.clone().unwrap_or_default();
            cache.record_run(&meta.command, &commit, "merge", &keyed, seconds).map_err(|e| input(e.to_string()))?;
        }
    }
    let counts = record::counts(&results);
    for (format, path) in &outputs {
        let text = match format {
            Format::Json if is_diff => {
                let mut v = first.clone();
                v["functions"] = Value::Array(entries.clone());
                v["counts"] = json!(counts);
                v["summary"] = json!(format!(
                    "{} functions: {} verified, {} failed, {} unknown, {} behaviour changed (merged from {} parts)",
                    counts.functions,
                    counts.verified,
                    counts.failed,
                    counts.unknown,
                    counts.changed,
                    p.parts.len()
                ));
                serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
            }
            Format::Json => {
                serde_json::to_string_pretty(&report::run::json(&results, &meta, seconds)).unwrap_or_default() + "\n"
            }
            Format::Text => report::run::text(&results, counts.cached, seconds, None),
            f => common::render_records(*f, &results, &meta).unwrap_or_default(),
        };
        common::write_output(path.as_deref(), &text).map_err(input)?;
    }

    // the status the unsharded command would have given
    if !is_diff {
        return Ok(common::run_status(&results));
    }
    let fail_on = match p.fail_on {
        Some(f) => f,
        None => common::repo_root(p.repo.paths.repo.as_deref())
            .and_then(|root| common::load_config(&root, &p.repo.paths))
            .map(|c| c.fail_on)
            .unwrap_or(FailOn::Violation),
    };
    Ok(common::diff_status(&results, fail_on))
}
