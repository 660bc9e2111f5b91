#!/usr/bin/env bash
# Builds the release archive of a verdiff binary, for runners with no apt step and no Rust:
#   OUTDIR/verdiff-<version>-<arch>-linux.tar.gz   verdiff-<version>/bin/verdiff,
#                                                  verdiff-<version>/lib/libz3.so.4, README.md
#   OUTDIR/verdiff-<version>-<arch>-linux.tar.gz.sha256
# The binary finds the Z3 library beside it through its RUNPATH $ORIGIN/../lib (build.rs);
# everything else it links (libc, libm, libgcc_s, libstdc++, libz) is part of every Ubuntu and
# Debian system. The archive runs where the glibc is at least the build machine's (the
# release workflow builds on Debian 12: glibc 2.36, so Ubuntu 24.04 and Debian 12 on).
# usage: dist/package.sh BINARY OUTDIR
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BINARY OUTDIR" >&2
  exit 1
fi
bin=$1
out=$2
version=$("$bin" --version | awk '{print $2; exit}')
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]]; then
  echo "$bin --version does not name a version: $version" >&2
  exit 1
fi
arch=$(uname -m)
z3=$(ldd "$bin" | awk '$1 ~ /^libz3\.so/ {print $3; exit}')
if [ -z "$z3" ] || [ ! -f "$z3" ]; then
  echo "$bin is not linked with a Z3 library that ldd can find" >&2
  exit 1
fi
if ! readelf -d "$bin" 2>/dev/null | grep -q 'ORIGIN/../lib'; then
  echo "$bin has no RUNPATH \$ORIGIN/../lib (build it with this repository's build.rs)" >&2
  exit 1
fi
name="verdiff-$version-$arch-linux"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/verdiff-$version"
mkdir -p "$root/bin" "$root/lib" "$out"
cp "$bin" "$root/bin/verdiff"
strip --strip-debug "$root/bin/verdiff" 2>/dev/null || true
cp "$z3" "$root/lib/$(basename "$z3")"
cp "$(dirname "$0")/../README.md" "$root/README.md"
# reproducible: fixed owner, order and times
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' \
  -C "$stage" -czf "$out/$name.tar.gz" "verdiff-$version"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
cat "$out/$name.tar.gz.sha256"
