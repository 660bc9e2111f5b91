//! Front end: preprocess (system C preprocessor), parse (lang-c) and lower C into the goto IR.
//!
//! Depends on: ir. Must not depend on later stages.

pub mod clauses;
mod fixup;
mod guard;
mod libdecl;
mod lower;
pub mod ltl_atoms;
pub mod preprocess;
pub mod srcmap;

use std::fmt;
use std::path::{Path, PathBuf};

pub use lower::fold_int;
pub use lower::Namespace;
pub use preprocess::PreprocessOptions;

use crate::ir::{Loc, Program, Target};

#[derive(Clone, Debug, Default)]
pub struct FrontendOptions {
    pub pp: PreprocessOptions,
    pub target: Target,
}

/// Why a program could not be read.
#[derive(Clone, Debug)]
pub enum FrontendError {
    Io { file: PathBuf, msg: String },
    Preprocess { file: PathBuf, msg: String },
    Parse { file: String, line: u32, col: u32, msg: String },
    Lower { file: String, line: u32, col: u32, msg: String },
}

impl fmt::Display for FrontendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontendError::Io { file, msg } => write!(f, "{}: {msg}", file.display()),
            FrontendError::Preprocess { file, msg } => {
                write!(f, "{}: preprocessing failed: {msg}", file.display())
            }
            FrontendError::Parse { file, line, col, msg } => write!(f, "{file}:{line}:{col}: parse error: {msg}"),
            FrontendError::Lower { file, line, col, msg } => write!(f, "{file}:{line}:{col}: {msg}"),
        }
    }
}

impl FrontendError {
    /// (file, line) of the problem, when known.
    pub fn location(&self) -> Option<(String, u32)> {
        match self {
            FrontendError::Parse { file, line, .. } | FrontendError::Lower { file, line, .. } => {
                Some((file.clone(), *line))
            }
            FrontendError::Io { file, .. } | FrontendError::Preprocess { file, .. } => {
                Some((file.display().to_string(), 0))
            }
        }
    }
}

/// A source file to read: its path and, optionally, its content (e.g. from a git object).
#[derive(Clone, Debug)]
pub struct Source {
    pub path: PathBuf,
    pub content: Option<String>,
}

/// Reads, preprocesses, parses and lowers the given files into one program.
pub fn load(files: &[PathBuf], opts: &FrontendOptions) -> Result<Program, FrontendError> {
    let sources: Vec<Source> = files.iter().map(|p| Source { path: p.clone(), content: None }).collect();
    load_sources(&sources, opts)
}

pub fn load_sources(sources: &[Source], opts: &FrontendOptions) -> Result<Program, FrontendError> {
    load_preprocessed(&preprocess_sources(sources, opts)?, opts)
}

/// Runs the preprocessor on each source (its text, for lowering once or several times).
pub fn preprocess_sources(sources: &[Source], opts: &FrontendOptions) -> Result<Vec<String>, FrontendError> {
    let mut pp = opts.pp.clone();
    pp.model = Some(opts.target.model);
    pp.big_endian = opts.target.big_endian;
    let mut out = Vec::new();
    for src in sources {
        if src.content.is_none() && !src.path.exists() {
            return Err(FrontendError::Io { file: src.path.clone(), msg: "no such file".into() });
        }
        let text = preprocess::preprocess_source(&src.path, src.content.as_deref(), &pp)
            .map_err(|e| FrontendError::Preprocess { file: src.path.clone(), msg: e.message })?;
        out.push(text);
    }
    Ok(out)
}

/// Lowers preprocessed translation units (from [`preprocess_sources`]) into one program.
pub fn load_preprocessed(texts: &[String], opts: &FrontendOptions) -> Result<Program, FrontendError> {
    let mut prog = Program { target: opts.target, ..Program::default() };
    let mut link = lower::Linkage::default();
    for (unit, text) in texts.iter().enumerate() {
        lower_text(&mut prog, &mut link, unit, text)?;
    }
    link_models(&mut prog, &mut link, texts.len())?;
    Ok(prog)
}

/// Two versions of a program lowered into one, for equivalence checking: each version's
/// functions are named `name@old` / `name@new` and all file-scope variables likewise, so the
/// versions keep separate state; functions neither defines (library models, external
/// functions) are shared. The texts come from [`preprocess_sources`] of each version (with
/// its own include paths); `defined_*` are the names each version defines (from
/// [`load_preprocessed`] of that version alone).
pub fn load_versions(
    old: &[String],
    new: &[String],
    defined_old: lower::Namespace,
    defined_new: lower::Namespace,
    target: Target,
) -> Result<Program, FrontendError> {
    let mut prog = Program { target, ..Program::default() };
    let mut link = lower::Linkage::default();
    let mut unit = 0;
    for (texts, defined) in [(old, defined_old), (new, defined_new)] {
        link.ns = Some(defined);
        for text in texts {
            lower_text(&mut prog, &mut link, unit, text)?;
            unit += 1;
        }
    }
    link.ns = None;
    link_models(&mut prog, &mut link, unit)?;
    Ok(prog)
}

/// Adds verdiff's C library models for functions the program declares but does not define.
pub fn link_models(prog: &mut Program, link: &mut lower::Linkage, first_unit: usize) -> Result<(), FrontendError> {
    for (i, model) in parsed_models().iter().enumerate() {
        let (text, tag_attrs, packs, unit) = model.as_ref().map_err(Clone::clone)?;
        lower_parsed(prog, link, first_unit + i, text, (tag_attrs.clone(), packs.clone()), unit, true)?;
    }
    Ok(())
}

/// A C library model after fix-ups and parsing: text, attributes, packing, syntax tree.
type ParsedModel = (String, fixup::TagAttrs, fixup::Packs, lang_c::ast::TranslationUnit);

/// The library models parsed once per process (they are the same for every program; parsing
/// them is most of the front end's time for small programs, and `verdiff run` lowers many).
fn parsed_models() -> &'static [Result<ParsedModel, FrontendError>] {
    static MODELS: std::sync::OnceLock<Vec<Result<ParsedModel, FrontendError>>> = std::sync::OnceLock::new();
    MODELS.get_or_init(|| {
        crate::models::LIBC
            .iter()
            .map(|(name, text)| {
                let marked = format!("# 1 \"<verdiff-libc>/{name}\"\n{}", fixup::strip_comments(text));
                let (text, tag_attrs, packs) = fixup::rewrite(&marked);
                let config = lang_c::driver::Config {
                    cpp_command: String::new(),
                    cpp_options: vec![],
                    flavor: lang_c::driver::Flavor::GnuC11,
                };
                lang_c::driver::parse_preprocessed(&config, text.clone())
                    .map(|p| (text, tag_attrs, packs, p.unit))
                    .map_err(|e| FrontendError::Parse {
                        file: format!("<verdiff-libc>/{name}"),
                        line: 0,
                        col: 0,
                        msg: format!("the library model does not parse at offset {}", e.offset),
                    })
            })
            .collect()
    })
}

/// Parses and lowers one preprocessed translation unit into `prog`.
pub fn lower_text(prog: &mut Program, link: &mut lower::Linkage, unit: usize, text: &str) -> Result<(), FrontendError> {
    lower_unit_text(prog, link, unit, text, false)
}

fn lower_unit_text(
    prog: &mut Program,
    link: &mut lower::Linkage,
    unit: usize,
    text: &str,
    model: bool,
) -> Result<(), FrontendError> {
    let (mut text, tag_attrs, packs) = fixup::rewrite(text);
    if let Some((offset, len)) = guard::sign_run(&text) {
        let msg = format!(
            "a run of {len} `+`/`-` characters (more than {}, counted across whitespace and prefix operators): the C parser's time grows exponentially with it",
            guard::MAX_SIGN_RUN
        );
        return Err(parse_error_at(prog, &text, offset, msg));
    }
    let config = lang_c::driver::Config {
        cpp_command: String::new(),
        cpp_options: vec![],
        flavor: lang_c::driver::Flavor::GnuC11,
    };
    let mut retries = 0;
    let parsed = loop {
        match lang_c::driver::parse_preprocessed(&config, text.clone()) {
            Ok(p) => break p,
            Err(e) => {
                if retries < 100 {
                    if let Some(fixed) = fixup::implicit_int(&text, e.offset) {
                        text = fixed;
                        retries += 1;
                        continue;
                    }
                }
                let expected: Vec<&str> = e.expected.iter().copied().take(8).collect();
                let line_text = text[e.offset..].lines().next().unwrap_or("").trim();
                let shown: String = line_text.chars().take(40).collect();
                let msg =
                    format!("lang-c cannot parse the construct at `{shown}` (expected one of: {})", expected.join(" "));
                return Err(parse_error_at(prog, &text, e.offset, msg));
            }
        }
    };
    lower_parsed(prog, link, unit, &text, (tag_attrs, packs), &parsed.unit, model)
}

/// A parse error at `offset` of the text given to the parser, located through its line markers.
fn parse_error_at(prog: &Program, text: &str, offset: usize, msg: String) -> FrontendError {
    let mut files = prog.files.clone();
    let map = srcmap::SrcMap::new(text, &mut files);
    let (f, line, col) = map.locate(offset);
    FrontendError::Parse { file: files.get(f as usize).cloned().unwrap_or_default(), line, col, msg }
}

/// Lowers a parsed unit (`text` is what was parsed: locations are mapped through it).
fn lower_parsed(
    prog: &mut Program,
    link: &mut lower::Linkage,
    unit: usize,
    text: &str,
    (tag_attrs, packs): (fixup::TagAttrs, fixup::Packs),
    parsed: &lang_c::ast::TranslationUnit,
    model: bool,
) -> Result<(), FrontendError> {
    let map = srcmap::SrcMap::new(text, &mut prog.files);
    let mut l = lower::Lowerer::new(prog, map, link, unit);
    l.tag_attrs = tag_attrs;
    l.packs = packs;
    l.model_unit = model;
    let r = l.lower_unit(parsed);
    r.map_err(|e| {
        let file = prog.files.get(e.loc.file as usize).cloned().unwrap_or_default();
        FrontendError::Lower { file, line: e.loc.line, col: e.loc.col, msg: e.msg }
    })
}

/// A location rendered as `file:line`.
pub fn loc_text(p: &Program, loc: Loc) -> String {
    format!("{}:{}", p.file_name(loc), loc.line)
}

/// Convenience for tests: lowers C text (no preprocessing beyond what the text contains).
pub fn load_text(text: &str, target: Target) -> Result<Program, FrontendError> {
    let mut prog = Program { target, ..Program::default() };
    let mut link = lower::Linkage::default();
    lower_text(&mut prog, &mut link, 0, text)?;
    Ok(prog)
}

#[allow(dead_code)]
fn _path(_: &Path) {}
