//! Git access (git2): resolving revisions, listing changed C files, and writing the files of
//! a revision (or of the index) into a directory — never touching the work tree.
//!
//! Depends on nothing else in the crate.

use std::fmt;
use std::path::{Path, PathBuf};

use git2::{Delta, DiffFindOptions, DiffOptions, ObjectType, Oid, Repository, TreeWalkMode, TreeWalkResult};

#[derive(Debug)]
pub struct VcsError(pub String);

impl fmt::Display for VcsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the head side of a comparison is.
#[derive(Clone, Debug)]
pub enum Head {
    Commit(Oid),
    /// Uncommitted changes (the files on disk).
    Worktree,
    /// Staged changes (the index).
    Staged,
}

/// What the base side of a comparison is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Commit(Oid),
    /// Nothing: before the first commit (an unborn HEAD, or a root commit's parent). Every
    /// function of the head side is new.
    Empty,
}

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Base::Commit(id) => write!(f, "{id}"),
            Base::Empty => f.write_str("the empty tree"),
        }
    }
}

/// A changed C source or header: its path before and after (None: added / deleted).
#[derive(Clone, Debug)]
pub struct Change {
    pub old: Option<String>,
    pub new: Option<String>,
}

pub struct Repo {
    repo: Repository,
}

/// Files larger than this (data, archives, binaries) are not written out for the
/// preprocessor; C sources and headers always are.
pub const MAX_WRITTEN_FILE: usize = 4 << 20;

pub fn is_c_file(p: &str) -> bool {
    p.ends_with(".c") || p.ends_with(".h")
}

impl Repo {
    pub fn open(dir: &Path) -> Result<Repo, VcsError> {
        let repo = Repository::discover(dir)
            .map_err(|e| VcsError(format!("{}: not a git repository ({})", dir.display(), e.message())))?;
        Ok(Repo { repo })
    }

    /// The work tree's root.
    pub fn root(&self) -> Result<PathBuf, VcsError> {
        // (rebuilt from its components: git2 ends the path with a separator)
        self.repo
            .workdir()
            .map(|p| p.components().collect::<PathBuf>())
            .ok_or_else(|| VcsError("bare repositories have no work tree".into()))
    }

    /// The commit a revision names.
    pub fn resolve(&self, rev: &str) -> Result<Oid, VcsError> {
        let obj = self.repo.revparse_single(rev).map_err(|e| {
            let mut msg = format!("unknown revision `{rev}`: {}", e.message());
            if self.repo.is_shallow() {
                msg.push_str(
                    "\nthis is a shallow clone and may lack the commit: deepen it (git fetch --deepen=100, or fetch-depth: 0 in actions/checkout)",
                );
            }
            VcsError(msg)
        })?;
        let c = obj.peel_to_commit().map_err(|e| VcsError(format!("`{rev}` is not a commit: {}", e.message())))?;
        Ok(c.id())
    }

    /// The base of a comparison of uncommitted changes (`--staged`, `--worktree`): HEAD, or
    /// the empty tree before the first commit.
    pub fn head_base(&self) -> Result<(Base, String), VcsError> {
        match self.repo.head() {
            Ok(_) => Ok((Base::Commit(self.resolve("HEAD")?), "HEAD".into())),
            Err(e) if e.code() == git2::ErrorCode::UnbornBranch || e.code() == git2::ErrorCode::NotFound => {
                Ok((Base::Empty, "no commit yet".into()))
            }
            Err(e) => Err(VcsError(format!("HEAD cannot be read: {}", e.message()))),
        }
    }

    /// The default base: the merge-base of HEAD with the upstream branch ($GITHUB_BASE_REF in
    /// GitHub Actions, else origin/HEAD), else HEAD~1. Returns the commit and how it was found.
    pub fn default_base(&self) -> Result<(Base, String), VcsError> {
        let head = self.resolve("HEAD")?;
        let mut upstreams = Vec::new();
        if let Ok(b) = std::env::var("GITHUB_BASE_REF") {
            if !b.is_empty() {
                upstreams.push(format!("origin/{b}"));
                upstreams.push(b);
            }
        }
        upstreams.push("origin/HEAD".into());
        for u in upstreams {
            if let Ok(up) = self.resolve(&u) {
                match self.repo.merge_base(head, up) {
                    Ok(mb) => return Ok((Base::Commit(mb), format!("merge-base of HEAD and {u}"))),
                    Err(_) => {
                        let mut msg = format!("no merge-base of HEAD and {u}");
                        if self.repo.is_shallow() {
                            msg.push_str(": this shallow clone lacks the history; deepen it (git fetch --deepen=100, or fetch-depth: 0 in actions/checkout)");
                        }
                        return Err(VcsError(msg));
                    }
                }
            }
        }
        // HEAD's parent; a root commit has none and is compared with the empty tree
        let commit = self.repo.find_commit(head).map_err(|e| VcsError(format!("HEAD: {}", e.message())))?;
        if commit.parent_count() == 0 && !self.repo.is_shallow() {
            return Ok((Base::Empty, "the empty tree (HEAD is the first commit)".into()));
        }
        let parent = self.resolve("HEAD~1").map_err(|e| VcsError(format!("no base revision: {e}")))?;
        Ok((Base::Commit(parent), "HEAD~1".into()))
    }

    /// Files that differ between `base` and `head` (renames detected): C sources and headers,
    /// and every other file, which a source may include (`#include "table.def"`).
    pub fn changes(&self, base: Base, head: &Head) -> Result<Vec<Change>, VcsError> {
        let err = |e: git2::Error| VcsError(format!("git diff failed: {}", e.message()));
        let base_tree = match base {
            Base::Commit(b) => Some(self.repo.find_commit(b).and_then(|c| c.tree()).map_err(err)?),
            Base::Empty => None,
        };
        let mut opts = DiffOptions::new();
        opts.include_untracked(false);
        let mut diff = match head {
            Head::Commit(h) => {
                let t = self.repo.find_commit(*h).and_then(|c| c.tree()).map_err(err)?;
                self.repo.diff_tree_to_tree(base_tree.as_ref(), Some(&t), Some(&mut opts)).map_err(err)?
            }
            Head::Staged => {
                let idx = self.repo.index().map_err(err)?;
                self.repo.diff_tree_to_index(base_tree.as_ref(), Some(&idx), Some(&mut opts)).map_err(err)?
            }
            Head::Worktree => {
                self.repo.diff_tree_to_workdir_with_index(base_tree.as_ref(), Some(&mut opts)).map_err(err)?
            }
        };
        let mut find = DiffFindOptions::new();
        find.renames(true);
        diff.find_similar(Some(&mut find)).map_err(err)?;
        let mut out = Vec::new();
        for d in diff.deltas() {
            let path = |f: git2::DiffFile| f.path().map(|p| p.to_string_lossy().into_owned());
            let (o, n) = (path(d.old_file()), path(d.new_file()));
            let (o, n) = match d.status() {
                Delta::Added | Delta::Untracked => (None, n),
                Delta::Deleted => (o, None),
                _ => (o, n),
            };
            if o.is_some() || n.is_some() {
                out.push(Change { old: o, new: n });
            }
        }
        Ok(out)
    }

    /// Writes the files of a commit (or of the index) under `dir`: every regular file of at
    /// most [`MAX_WRITTEN_FILE`] bytes, so that whatever the preprocessor includes (`.h`, but
    /// also `.def`, `.inc`, a generated table) is there, as in a checkout.
    pub fn write_files(&self, side: &Head, dir: &Path) -> Result<(), VcsError> {
        let err = |e: git2::Error| VcsError(format!("reading git objects failed: {}", e.message()));
        let mut files: Vec<(String, Oid)> = Vec::new();
        match side {
            Head::Commit(c) => {
                let tree = self.repo.find_commit(*c).and_then(|c| c.tree()).map_err(err)?;
                tree.walk(TreeWalkMode::PreOrder, |root, entry| {
                    // (regular files, executable or not: no links, no submodules)
                    let regular = matches!(entry.filemode(), 0o100644 | 0o100755);
                    if entry.kind() == Some(ObjectType::Blob) && regular {
                        if let Some(name) = entry.name() {
                            files.push((format!("{root}{name}"), entry.id()));
                        }
                    }
                    TreeWalkResult::Ok
                })
                .map_err(err)?;
            }
            Head::Staged => {
                let idx = self.repo.index().map_err(err)?;
                for e in idx.iter() {
                    if matches!(e.mode, 0o100644 | 0o100755) {
                        files.push((String::from_utf8_lossy(&e.path).into_owned(), e.id));
                    }
                }
            }
            Head::Worktree => return Err(VcsError("the work tree is read in place".into())),
        }
        for (p, id) in files {
            if p.split('/').any(|c| c == ".." || c.is_empty()) {
                continue;
            }
            let blob = self.repo.find_blob(id).map_err(err)?;
            if blob.size() > MAX_WRITTEN_FILE && !is_c_file(&p) {
                continue;
            }
            let target = dir.join(&p);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| VcsError(format!("{}: {e}", parent.display())))?;
            }
            std::fs::write(&target, blob.content()).map_err(|e| VcsError(format!("{}: {e}", target.display())))?;
        }
        Ok(())
    }
}
