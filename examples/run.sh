#!/usr/bin/env bash
# Quick start: installs missing system packages, builds verdiff and checks the bundled ring
# buffer example, which has an off-by-one bug. Expected: a counterexample and the final line
# `VERIFICATION FAILED` (exit status 10).
set -uo pipefail
cd "$(dirname "$0")/.."
bash .ci/deps.sh || exit 1
cargo build --release --locked || exit 1
./target/release/verdiff check examples/ringbuf/ringbuf.c --unwind 7
status=$?
echo "(verdiff exit status: $status — 0 successful, 10 failed, 6 unknown)"
[ "$status" -eq 10 ]
