#!/usr/bin/env bash
# The test command of the README and of CI: installs missing system packages, then runs every
# unit and integration test (the corpus under tests/programs runs the release binary).
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/deps.sh --tests
# a snapshot (tests/snapshots/*.snap) that differs fails its test and is never rewritten here,
# whatever the environment says; accept a deliberate change with cargo-insta (tests/text_output.rs)
export INSTA_UPDATE=no INSTA_FORCE_PASS=0
cargo test --release --locked "$@"
# the GitHub Action and the workflow templates: YAML, no script injection, step ids
python3 tests/action_check.py
