"""A scratch clone of a snapshot, shared by the bench scripts that run verdiff on real history."""

import os
import subprocess
import tempfile


def scratch_clone(snapshot, prefix):
    """Clones `snapshot` (a checkout or a bare mirror) into a new scratch directory, with a
    committer identity set for benches that commit: (scratch directory, clone)."""
    work = tempfile.mkdtemp(prefix=prefix)
    repo = os.path.join(work, "repo")
    subprocess.run(["git", "clone", "-q", snapshot, repo], check=True)
    for key, value in (("user.email", "bench@verdiff"), ("user.name", "bench")):
        subprocess.run(["git", "config", key, value], cwd=repo, check=True)
    return work, repo
