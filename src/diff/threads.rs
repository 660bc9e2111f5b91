//! Changed code that runs in threads (docs/threads.md §9): a function that starts threads is
//! checked again under interleavings, with data-race and deadlock claims, whenever code it or
//! its threads run changed, even when it is proven equivalent on its own; a race or deadlock
//! it then violates is compared with the base version's and marked new or not.
//!
//! The function that starts the threads may live in a file the commit did not touch: such
//! files (those that call `pthread_create` or `thrd_create`) are compared too, and give rows
//! only for their functions whose threads reach a change.

use std::collections::BTreeSet;
use std::path::Path;

use crate::ir::fingerprint::{base_name, fingerprint};
use crate::ir::{FuncId, Program};
use crate::record::Claim;

use super::{Row, Safety};

/// The claim kinds that concern threads, which the base version is asked about.
const THREAD_KINDS: &[&str] = &["data-race", "deadlock", "atomicity", "thread-api"];

/// The functions reachable from `fb` of the head program `pn` (its own code and that of the
/// threads it starts) whose own code differs from the base program `po`'s, or is new, by
/// name — empty when `fb` starts no thread.
pub fn changed_in_threads(po: &Program, pn: &Program, fb: FuncId) -> Vec<String> {
    if !crate::ir::reach::starts_threads(pn, fb) {
        return vec![];
    }
    let mut out = BTreeSet::new();
    for g in crate::ir::reach::reachable(pn, fb).funcs {
        let fun = pn.func(g);
        if fun.body.is_none() || fun.model || fun.system {
            continue;
        }
        let name = base_name(&fun.name);
        let same = po
            .func_named(name)
            .filter(|&ga| po.func(ga).body.is_some())
            .is_some_and(|ga| fingerprint(po, ga) == fingerprint(pn, g));
        if !same {
            out.insert(name.to_string());
        }
    }
    out.into_iter().collect()
}

/// The repository-relative C files of `root` (among `files`) whose text calls a thread
/// library's start function.
pub fn files_starting_threads(root: &Path, files: &[String]) -> Vec<String> {
    files
        .iter()
        .filter(|rel| {
            std::fs::read(root.join(rel)).is_ok_and(|t| {
                let t = String::from_utf8_lossy(&t);
                t.contains("pthread_create") || t.contains("thrd_create")
            })
        })
        .cloned()
        .collect()
}

/// Whether a safety result violates a claim about threads (only then is the base asked).
pub fn violates_thread_claims(s: &Safety) -> bool {
    s.claims.iter().any(|c| c.status == "violated" && THREAD_KINDS.contains(&c.kind.as_str()))
}

/// What identifies a claim across the two versions: its kind, function and description with
/// the locations left out (lines move between revisions).
fn identity(c: &Claim) -> (String, String, String) {
    let words: Vec<&str> = c.description.split_whitespace().filter(|w| !is_location(w)).collect();
    (c.kind.clone(), c.function.clone(), words.join(" "))
}

/// Whether a word of a description is a location (`file.c:12`, with trailing punctuation).
fn is_location(w: &str) -> bool {
    w.rsplit_once(':').is_some_and(|(_, n)| n.trim_end_matches([')', ',', ';']).parse::<u32>().is_ok())
}

/// Marks each violated thread claim of `head` with whether `base` violates the same one, and
/// says in `head`'s detail which are new (this change introduced them) or old.
pub fn mark_against_base(head: &mut Safety, base: &Safety) {
    let old: BTreeSet<_> = base.claims.iter().filter(|c| c.status == "violated").map(identity).collect();
    let mut new = Vec::new();
    let mut kept = 0;
    for c in head.claims.iter_mut() {
        if c.status != "violated" || !THREAD_KINDS.contains(&c.kind.as_str()) {
            continue;
        }
        let in_base = old.contains(&identity(c));
        c.in_base = Some(in_base);
        if in_base {
            kept += 1;
        } else {
            new.push(format!("{} at {}:{}", c.kind, c.file, c.line));
        }
    }
    if !new.is_empty() && kept == 0 {
        head.detail.push_str("; introduced by this change (the base version does not violate it)");
    } else if !new.is_empty() {
        head.detail.push_str(&format!(
            "; introduced by this change: {} (the base version violates the others too)",
            new.join(", ")
        ));
    } else if kept > 0 {
        // (the check stops at its first violation: say that a new one may lie behind it)
        let more = if head.claims.iter().filter(|c| c.status == "violated").count() == 1 {
            " (the check stopped there: a violation this change brings may lie behind it)"
        } else {
            ""
        };
        head.detail.push_str(&format!("; also in the base version{more}"));
    }
}

/// Fills each row's `in_threads_of` from the rows whose threads reach it.
pub fn link_rows(rows: &mut [Row]) {
    let starters: Vec<(String, Vec<String>)> =
        rows.iter().filter(|r| !r.threads.is_empty()).map(|r| (r.function.clone(), r.threads.clone())).collect();
    for r in rows.iter_mut() {
        let mut by: Vec<String> = starters
            .iter()
            .filter(|(s, reached)| *s != r.function && reached.contains(&r.function))
            .map(|(s, _)| s.clone())
            .collect();
        by.sort();
        by.dedup();
        r.in_threads_of = by;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(description: &str, line: u32) -> Claim {
        Claim {
            kind: "data-race".into(),
            description: description.into(),
            file: "c.c".into(),
            line,
            function: "bump".into(),
            status: "violated".into(),
            reason: String::new(),
            trace: vec![],
            in_base: None,
        }
    }

    fn failed(claims: Vec<Claim>) -> Safety {
        Safety { verdict: "FAILED".into(), detail: "race".into(), claims, cached: false, assumes: vec![] }
    }

    #[test]
    fn a_race_on_the_same_object_moved_lines_is_the_base_one_and_a_race_on_another_is_new() {
        let base = failed(vec![race("R/W data race on count at c.c:8", 8)]);
        let mut head =
            failed(vec![race("R/W data race on count at c.c:11", 11), race("W/W data race on total at c.c:12", 12)]);
        mark_against_base(&mut head, &base);
        assert_eq!(head.claims[0].in_base, Some(true));
        assert_eq!(head.claims[1].in_base, Some(false));
        assert!(head.detail.contains("introduced by this change: data-race at c.c:12"), "{}", head.detail);
        assert!(!head.detail.contains("c.c:11"));
    }

    #[test]
    fn races_all_in_the_base_are_said_to_be_old() {
        let base = failed(vec![race("R/W data race on count at c.c:8", 8)]);
        let mut head = failed(vec![race("R/W data race on count at c.c:9", 9)]);
        mark_against_base(&mut head, &base);
        assert!(head.detail.contains("also in the base version (the check stopped there"), "{}", head.detail);
        assert!(violates_thread_claims(&head));
    }
}
