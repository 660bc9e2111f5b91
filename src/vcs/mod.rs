//! Git access (git2): resolving revisions, listing changed C files, and writing the C files of
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

/// A changed C source or header: its path before and after (None: added / deleted).
#[derive(Clone, Debug)]
pub struct Change {
    pub old: Option<String>,
    pub new: Option<String>,
}

pub struct Repo {
    repo: Repository,
}

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

    /// The default base: the merge-base of HEAD with the upstream branch ($GITHUB_BASE_REF in
    /// GitHub Actions, else origin/HEAD), else HEAD~1. Returns the commit and how it was found.
    pub fn default_base(&self) -> Result<(Oid, String), VcsError> {
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
                    Ok(mb) => return Ok((mb, format!("merge-base of HEAD and {u}"))),
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
        let parent = self.resolve("HEAD~1").map_err(|e| VcsError(format!("no base revision: {e}")))?;
        Ok((parent, "HEAD~1".into()))
    }

    /// C files that differ between `base` and `head` (renames detected).
    pub fn changes(&self, base: Oid, head: &Head) -> Result<Vec<Change>, VcsError> {
        let err = |e: git2::Error| VcsError(format!("git diff failed: {}", e.message()));
        let base_tree = self.repo.find_commit(base).and_then(|c| c.tree()).map_err(err)?;
        let mut opts = DiffOptions::new();
        opts.include_untracked(false);
        let mut diff = match head {
            Head::Commit(h) => {
                let t = self.repo.find_commit(*h).and_then(|c| c.tree()).map_err(err)?;
                self.repo.diff_tree_to_tree(Some(&base_tree), Some(&t), Some(&mut opts)).map_err(err)?
            }
            Head::Staged => {
                let idx = self.repo.index().map_err(err)?;
                self.repo.diff_tree_to_index(Some(&base_tree), Some(&idx), Some(&mut opts)).map_err(err)?
            }
            Head::Worktree => {
                self.repo.diff_tree_to_workdir_with_index(Some(&base_tree), Some(&mut opts)).map_err(err)?
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
            if o.as_deref().is_some_and(is_c_file) || n.as_deref().is_some_and(is_c_file) {
                out.push(Change { old: o, new: n });
            }
        }
        Ok(out)
    }

    /// Writes every .c/.h file of a commit (or of the index) under `dir`.
    pub fn write_c_files(&self, side: &Head, dir: &Path) -> Result<(), VcsError> {
        let err = |e: git2::Error| VcsError(format!("reading git objects failed: {}", e.message()));
        let mut files: Vec<(String, Oid)> = Vec::new();
        match side {
            Head::Commit(c) => {
                let tree = self.repo.find_commit(*c).and_then(|c| c.tree()).map_err(err)?;
                tree.walk(TreeWalkMode::PreOrder, |root, entry| {
                    if entry.kind() == Some(ObjectType::Blob) {
                        if let Some(name) = entry.name() {
                            let p = format!("{root}{name}");
                            if is_c_file(&p) {
                                files.push((p, entry.id()));
                            }
                        }
                    }
                    TreeWalkResult::Ok
                })
                .map_err(err)?;
            }
            Head::Staged => {
                let idx = self.repo.index().map_err(err)?;
                for e in idx.iter() {
                    let p = String::from_utf8_lossy(&e.path).into_owned();
                    if is_c_file(&p) {
                        files.push((p, e.id));
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
            let target = dir.join(&p);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| VcsError(format!("{}: {e}", parent.display())))?;
            }
            std::fs::write(&target, blob.content()).map_err(|e| VcsError(format!("{}: {e}", target.display())))?;
        }
        Ok(())
    }
}
