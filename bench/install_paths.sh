#!/usr/bin/env bash
# Time of the GitHub Action's two install paths, measured locally (issue 28 §2):
#   archive: dist/install.sh of the release archive (dist/package.sh of BINARY), served from
#            disk (file://), checked against its checksum;
#   source:  cargo install --path . --locked into a fresh target directory (the crates are
#            already downloaded, as with a warm ~/.cargo cache; the build itself is not cached).
# usage: bench/install_paths.sh [BINARY]   (default target/release/verdiff)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/verdiff}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
line=$(bash dist/package.sh "$bin" "$work/out" | tail -n1)
echo "$line" > "$work/checksums.txt"
version=$("$bin" --version | awk '{print $2; exit}')
t0=$(date +%s.%N)
bash dist/install.sh --version "$version" --from "file://$work/out" --checksums "$work/checksums.txt" \
  --prefix "$work/archive" >/dev/null
t1=$(date +%s.%N)
"$work/archive/bin/verdiff" --version >/dev/null
cargo fetch --locked -q
t2=$(date +%s.%N)
cargo install --path . --locked --quiet --root "$work/source" --target-dir "$work/target" 2>/dev/null
t3=$(date +%s.%N)
"$work/source/bin/verdiff" --version >/dev/null
archive=$(echo "$t1 - $t0" | bc)
source=$(echo "$t3 - $t2" | bc)
size=$(du -h "$work/out/"*.tar.gz | cut -f1)
printf 'archive (%s): %.1f s\nsource build: %.1f s\nratio: %.0f\n' "$size" "$archive" "$source" \
  "$(echo "$source / $archive" | bc -l)"
