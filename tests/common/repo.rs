//! A git repository made by a test (with git2) in a temporary directory, removed when dropped,
//! and running the real `verdiff` binary on it.

#![allow(dead_code)]

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;
use assert_cmd::Command;

use git2::{IndexAddOption, Repository, Signature};

pub struct Repo {
    pub dir: PathBuf,
    pub repo: Repository,
    /// The directory `dir`, removed when the `Repo` is dropped.
    _tmp: tempfile::TempDir,
}

/// Exit status, standard output, standard error.
pub type Output = (i32, String, String);

impl Repo {
    pub fn new(name: &str) -> Repo {
        let tmp = tempfile::Builder::new().prefix(&format!("verdiff-test-{name}-")).tempdir().expect("temp dir");
        let dir = tmp.path().to_path_buf();
        let repo = Repository::init(&dir).expect("git init");
        Repo { dir, repo, _tmp: tmp }
    }
    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }
    pub fn write(&self, path: &str, text: &str) {
        let p = self.dir.join(path);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).expect("dir");
        }
        std::fs::write(p, text).expect("write");
    }
    pub fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.dir.join(path)).expect("read")
    }
    pub fn remove(&self, path: &str) {
        std::fs::remove_file(self.dir.join(path)).expect("remove");
    }
    pub fn stage(&self) {
        let mut idx = self.repo.index().expect("index");
        idx.add_all(["*"], IndexAddOption::DEFAULT, None).expect("add");
        idx.update_all(["*"], None).expect("update");
        idx.write().expect("write index");
    }
    /// Commits the work tree; returns the commit id.
    pub fn commit(&self, msg: &str) -> String {
        self.stage();
        let mut idx = self.repo.index().expect("index");
        let tree_id = idx.write_tree().expect("tree");
        let tree = self.repo.find_tree(tree_id).expect("tree");
        let sig = Signature::now("test", "test@example.com").expect("signature");
        let parent = self.repo.head().ok().and_then(|h| h.peel_to_commit().ok());
        let parents: Vec<&git2::Commit> = parent.iter().collect();
        self.repo.commit(Some("HEAD"), &sig, &sig, msg, &tree, &parents).expect("commit").to_string()
    }
    /// `verdiff ARGS` with `--repo DIR` after the command's name.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = cargo_bin_cmd!("verdiff");
        cmd.args(&args[..1.min(args.len())]).arg("--repo").arg(&self.dir).args(&args[1.min(args.len())..]);
        cmd
    }
    /// Runs `verdiff ARGS --repo DIR` (the repository flag after the command's name).
    pub fn verdiff(&self, args: &[&str]) -> Output {
        output_of(&mut self.command(args))
    }
    /// Runs `verdiff ARGS` with the repository as the current directory.
    pub fn verdiff_in_dir(&self, args: &[&str]) -> Output {
        output_of(cargo_bin_cmd!("verdiff").args(args).current_dir(&self.dir))
    }
}

/// Runs `cmd` to its end: exit status (-1 when killed by a signal), standard output, standard
/// error.
pub fn output_of(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("verdiff runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
