//! Running the system C preprocessor — the only external program verdiff starts.
//!
//! The preprocessor reads the input and its includes; nothing of the analysed code is compiled
//! or executed. After preprocessing, every file named in a line marker must lie under an
//! allowed root (the input's directory, `-I` directories, the system include directories and
//! verdiff's own header); anything else is rejected.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::ir::DataModel;

/// The verification API header, force-included before every translation unit.
pub const VERDIFF_H: &str = include_str!("verdiff.h");

#[derive(Clone, Debug, Default)]
pub struct PreprocessOptions {
    pub include_dirs: Vec<PathBuf>,
    /// `NAME` or `NAME=VALUE`
    pub defines: Vec<String>,
    pub undefines: Vec<String>,
    pub model: Option<DataModel>,
    pub big_endian: bool,
    /// Extra roots includes may come from (repository root, configured paths).
    pub allowed_roots: Vec<PathBuf>,
    /// Headers included before the unit after verdiff.h (`-include`), e.g. the models of
    /// unit-test frameworks for harnesses.
    pub force_includes: Vec<PathBuf>,
    /// `__FILE__` inside this directory is written relative to it (`-fmacro-prefix-map`):
    /// `diff` writes each revision into its own scratch directory, and `assert`'s file name
    /// must not make every function that asserts differ between them.
    pub file_root: Option<PathBuf>,
}

#[derive(Debug)]
pub struct PreprocessError {
    pub message: String,
}

/// The preprocessor command: `$VERDIFF_CPP`, else `gcc`, else `cpp`.
fn preprocessor() -> (String, Vec<String>) {
    if let Ok(cmd) = std::env::var("VERDIFF_CPP") {
        let mut parts = cmd.split_whitespace().map(String::from);
        if let Some(first) = parts.next() {
            return (first, parts.collect());
        }
    }
    ("gcc".to_string(), vec!["-E".to_string()])
}

fn header_path() -> Result<PathBuf, PreprocessError> {
    // One copy per process and version, in the temporary directory.
    let dir = std::env::temp_dir().join(format!("verdiff-{}-{}", env!("CARGO_PKG_VERSION"), std::process::id()));
    let path = dir.join("verdiff.h");
    if path.exists() {
        return Ok(path);
    }
    std::fs::create_dir_all(&dir)
        .and_then(|_| std::fs::write(&path, VERDIFF_H))
        .map_err(|e| PreprocessError { message: format!("cannot write {}: {e}", path.display()) })?;
    Ok(path)
}

/// System include directories of the preprocessor (from `gcc -E -v`).
fn system_include_dirs(cmd: &str, base: &[String], model: Option<DataModel>) -> Vec<PathBuf> {
    let mut c = Command::new(cmd);
    c.args(base).arg("-v").arg("-x").arg("c").arg("/dev/null");
    if model == Some(DataModel::Ilp32) {
        c.arg("-m32");
    }
    let Ok(out) = c.output() else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&out.stderr);
    let mut dirs = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("#include <...> search starts here:")
            || line.starts_with("#include \"...\" search starts here:")
        {
            inside = true;
            continue;
        }
        if line.starts_with("End of search list.") {
            break;
        }
        if inside {
            let p = PathBuf::from(line.trim());
            dirs.push(p.canonicalize().unwrap_or(p));
        }
    }
    dirs
}

/// Preprocesses `file` (whose text is read by the preprocessor from disk) and returns the text.
pub fn preprocess(file: &Path, opts: &PreprocessOptions) -> Result<String, PreprocessError> {
    preprocess_source(file, None, opts)
}

/// Like [`preprocess`], but with the file's content given (it is fed on stdin; includes are
/// still resolved relative to the file's directory).
pub fn preprocess_source(
    file: &Path,
    content: Option<&str>,
    opts: &PreprocessOptions,
) -> Result<String, PreprocessError> {
    let (cmd, base) = preprocessor();
    let header = header_path()?;
    let mut c = Command::new(&cmd);
    c.args(&base);
    c.arg("-std=gnu11");
    c.arg("-D__VERDIFF__=1").arg("-D__ESBMC=1").arg("-D__CPROVER__=1");
    // GCC's `__thread` is C11's `_Thread_local` (lang-c parses only the latter)
    c.arg("-D__thread=_Thread_local");
    if opts.model == Some(DataModel::Ilp32) {
        c.arg("-m32");
    }
    if opts.big_endian {
        c.arg("-U__BYTE_ORDER__").arg("-D__BYTE_ORDER__=__ORDER_BIG_ENDIAN__");
    }
    for d in &opts.include_dirs {
        c.arg("-I").arg(d);
    }
    for d in &opts.defines {
        c.arg(format!("-D{d}"));
    }
    for u in &opts.undefines {
        c.arg(format!("-U{u}"));
    }
    if let Some(root) = &opts.file_root {
        c.arg(format!("-fmacro-prefix-map={}/=", root.display().to_string().trim_end_matches('/')));
    }
    c.arg("-include").arg(&header);
    for h in &opts.force_includes {
        c.arg("-include").arg(h);
    }
    let dir =
        file.parent().map(|p| if p.as_os_str().is_empty() { Path::new(".") } else { p }).unwrap_or(Path::new("."));
    match content {
        None => {
            c.arg(file);
        }
        Some(_) => {
            // The file name in line markers stays the real one.
            c.arg("-iquote").arg(dir);
            c.arg("-x").arg("c").arg("-");
            c.stdin(std::process::Stdio::piped());
        }
    }
    c.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = c.spawn().map_err(|e| PreprocessError {
        message: format!("cannot run the C preprocessor `{cmd}`: {e} (install gcc, or set VERDIFF_CPP)"),
    })?;
    if let Some(text) = content {
        use std::io::Write;
        let named = format!("# 1 \"{}\"\n{}", file.display(), text);
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(named.as_bytes())
                .map_err(|e| PreprocessError { message: format!("cannot feed the preprocessor: {e}") })?;
        }
    }
    let out =
        child.wait_with_output().map_err(|e| PreprocessError { message: format!("the C preprocessor failed: {e}") })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first: Vec<&str> = err.lines().filter(|l| l.contains("error")).take(5).collect();
        let msg = if first.is_empty() { err.trim().to_string() } else { first.join("\n") };
        return Err(PreprocessError { message: msg });
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    check_roots(&text, file, opts, &cmd, &base, &header)?;
    Ok(text)
}

fn check_roots(
    text: &str,
    file: &Path,
    opts: &PreprocessOptions,
    cmd: &str,
    base: &[String],
    header: &Path,
) -> Result<(), PreprocessError> {
    let mut roots: Vec<PathBuf> = Vec::new();
    let file_dir = file
        .parent()
        .map(|p| if p.as_os_str().is_empty() { PathBuf::from(".") } else { p.to_path_buf() })
        .unwrap_or_else(|| PathBuf::from("."));
    roots.push(file_dir);
    roots.extend(opts.include_dirs.iter().cloned());
    roots.extend(opts.allowed_roots.iter().cloned());
    roots.extend(opts.force_includes.iter().filter_map(|h| h.parent().map(Path::to_path_buf)));
    if let Some(h) = header.parent() {
        roots.push(h.to_path_buf());
    }
    let mut roots: Vec<PathBuf> = roots.into_iter().map(|r| r.canonicalize().unwrap_or(r)).collect();
    roots.extend(system_include_dirs(cmd, base, opts.model));
    let file_canon = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let mut checked = std::collections::HashSet::new();
    for line in text.lines() {
        let Some(name) = super::srcmap::marker_file(line) else {
            continue;
        };
        if name.starts_with('<') || !checked.insert(name.clone()) {
            continue;
        }
        let p = PathBuf::from(&name);
        let canon = match p.canonicalize() {
            Ok(c) => c,
            Err(_) => continue, // the input itself when fed on stdin, or a vanished file
        };
        if canon == file_canon || roots.iter().any(|r| canon.starts_with(r)) {
            continue;
        }
        return Err(PreprocessError {
            message: format!(
                "{}: includes {} which is outside the allowed include roots (the input's directory, -I directories, system include directories)",
                file.display(),
                name
            ),
        });
    }
    Ok(())
}
