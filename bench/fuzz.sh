#!/usr/bin/env bash
# Coverage-guided fuzzing of verdiff's input readers with AFL++ through cargo-afl (stable Rust).
#
# usage: bash bench/fuzz.sh SECONDS [TARGET...]     (targets: frontend config cache merge)
#        (VERDIFF=path/to/verdiff: the binary that makes the seed cache and report; default
#        target/release/verdiff, built when missing)
#
# Installs what is missing (cargo-afl from crates.io, which builds its AFL++; `cargo afl` needs
# no nightly), builds the targets of fuzz/ (not part of the main build), seeds each corpus
# from the repository (C programs of tests/programs without preprocessor lines, the example
# configuration, a real cache file and a real `verdiff run` JSON report made from
# examples/ringbuf), runs afl-fuzz on each target for SECONDS, and prints per target: run
# time, executions, paths found, crashes and hangs (a hang: one input over 10 s). Findings
# stay under $FUZZ_OUT (default /tmp/verdiff-fuzz) for replay:
#   fuzz/target/debug/<target> < $FUZZ_OUT/<target>/default/crashes/<file>
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:?usage: bash bench/fuzz.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(frontend config cache merge)
out=${FUZZ_OUT:-/tmp/verdiff-fuzz}
root=$(pwd)

command -v cargo-afl >/dev/null 2>&1 || cargo install --locked cargo-afl
cargo afl --version >/dev/null 2>&1 || true
(cd fuzz && cargo afl build 2>&1 | tail -n 2)

verdiff=${VERDIFF:-$root/target/release/verdiff}
[ -x "$verdiff" ] || cargo build --release --locked 2>&1 | tail -n 1
seeds=$out/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{frontend,config,cache,merge}
# C programs without preprocessor lines (the target lowers text as the front end receives it)
n=0
for f in tests/programs/*/*.c; do
  if ! grep -q '^#' "$f" && [ "$(wc -c < "$f")" -lt 4000 ]; then
    cp "$f" "$seeds/frontend/$(basename "$f")"
    n=$((n + 1))
    [ $n -ge 40 ] && break
  fi
done
printf 'int main(void) { return 0; }\n' > "$seeds/frontend/min.c"
# a configuration, a cache and a run report from the bundled example
work=$(mktemp -d)
cp -r examples/ringbuf "$work/repo"
(cd "$work/repo" && git init -q && git add -A && git -c user.email=f@f -c user.name=f commit -qm seed \
  && "$verdiff" init >/dev/null \
  && "$verdiff" run --format json --output "$seeds/merge/run.json" >/dev/null || true)
cp "$work/repo/.verdiff.yml" "$seeds/config/verdiff.yml" 2>/dev/null || printf 'timeout: 20\n' > "$seeds/config/verdiff.yml"
cp "$work/repo/.verdiff/cache.db" "$seeds/cache/cache.db" 2>/dev/null || printf 'x' > "$seeds/cache/empty"
[ -s "$seeds/merge/run.json" ] || printf '{"schema":"verdiff.run/1","functions":[]}' > "$seeds/merge/run.json"
rm -rf "$work"

export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
printf '%-10s %8s %12s %8s %8s %6s\n' target seconds execs paths crashes hangs
for t in "${targets[@]}"; do
  rm -rf "${out:?}/$t"
  mkdir -p "$out/$t/cwd"
  (cd "$out/$t/cwd" && timeout $((secs + 60)) cargo afl fuzz -V "$secs" -t 10000 -i "$seeds/$t" -o "$out/$t" \
    "$root/fuzz/target/debug/$t" > "$out/$t/log.txt" 2>&1 || true)
  stats=$out/$t/default/fuzzer_stats
  get() { sed -n "s/^$1 *: *//p" "$stats" 2>/dev/null | head -n1; }
  crashes=$(find "$out/$t/default/crashes" -type f ! -name README.txt 2>/dev/null | wc -l)
  hangs=$(find "$out/$t/default/hangs" -type f 2>/dev/null | wc -l)
  printf '%-10s %8s %12s %8s %8s %6s\n' "$t" "$(get run_time)" "$(get execs_done)" "$(get corpus_count)" "$crashes" "$hangs"
done
