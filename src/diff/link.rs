//! Calls across files in `verdiff diff`: a changed file is lowered with the source files of
//! the same revision that define what it calls (transitively, by run/link.rs's rule), so a
//! call into another file is followed like any other and only a function with no body in
//! any selected source stays external (cJSON_Utils.c's functions call cJSON.c's).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::frontend::{self, FrontendOptions, Source};
use crate::ir::Program;
use crate::run::link::{interface, link_sets, Interface};

/// One source file of a revision, lowered alone: its preprocessed text and interface.
struct Unit {
    rel: String,
    text: String,
    interface: Interface,
}

/// The source files of each revision root, lowered once per process (a root is one
/// revision's tree).
fn units_of(root: &Path, is_source: &dyn Fn(&str) -> bool, fo: &FrontendOptions) -> Arc<Vec<Unit>> {
    static MEMO: OnceLock<Mutex<HashMap<PathBuf, Arc<Vec<Unit>>>>> = OnceLock::new();
    let memo = MEMO.get_or_init(Default::default);
    if let Some(u) = memo.lock().ok().and_then(|m| m.get(root).cloned()) {
        return u;
    }
    let mut units = Vec::new();
    for rel in crate::run::c_files(root).into_iter().filter(|r| is_source(r)) {
        let src = Source { path: root.join(&rel), content: None };
        let Some(text) = frontend::preprocess_sources(&[src], fo).ok().and_then(|mut t| t.pop()) else { continue };
        let Ok(p) = frontend::load_preprocessed(std::slice::from_ref(&text), fo) else { continue };
        units.push(Unit { rel, interface: interface(&p), text });
    }
    let units = Arc::new(units);
    if let Ok(mut m) = memo.lock() {
        m.insert(root.to_path_buf(), units.clone());
    }
    units
}

/// The texts to lower with `rel` (whose program is `p`, its text `text`): `text` first, then
/// the other source files of `root` that define what it needs, transitively. Just `text`
/// when it needs nothing from another file, or when the linked program does not lower (two
/// files defining one name): then a call into another file stays UNKNOWN, naming it.
pub fn with_callees(
    root: &Path,
    rel: &str,
    text: String,
    p: &Program,
    is_source: &dyn Fn(&str) -> bool,
    fo: &FrontendOptions,
) -> (Vec<String>, Option<Program>) {
    let own = interface(p);
    if own.needs.is_empty() {
        return (vec![text], None);
    }
    let units = units_of(root, is_source, fo);
    let others: Vec<&Unit> = units.iter().filter(|u| u.rel != rel).collect();
    let mut interfaces = vec![Some(own)];
    interfaces.extend(others.iter().map(|u| Some(u.interface.clone())));
    let set = link_sets(&interfaces).swap_remove(0);
    if set.len() == 1 {
        return (vec![text], None);
    }
    let mut texts = vec![text];
    texts.extend(set[1..].iter().map(|&i| others[i - 1].text.clone()));
    match frontend::load_preprocessed(&texts, fo) {
        Ok(linked) => (texts, Some(linked)),
        Err(_) => {
            texts.truncate(1);
            (texts, None)
        }
    }
}
