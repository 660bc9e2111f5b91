#!/usr/bin/env bash
# Installs verdiff from its release archive (dist/package.sh), checked against a checksum
# pinned in this repository (dist/checksums.txt), so that CI needs neither Rust nor apt.
#
# usage: dist/install.sh --version V --from BASE_URL --checksums FILE --prefix DIR
#   BASE_URL: where the archives are (https://…/releases/download/vV, or file:///dir)
# exit status:
#   0  installed: DIR/bin/verdiff runs
#   3  no archive to be had here: none pinned for this version and machine, the download
#      failed, or the binary does not run on this system (too old a glibc): build from source
#   4  the download does not match its pinned checksum or does not unpack: nothing installed
#   1  usage error
set -euo pipefail
version="" from="" sums="" prefix=""
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version=${2-}; shift 2 ;;
    --from) from=${2-}; shift 2 ;;
    --checksums) sums=${2-}; shift 2 ;;
    --prefix) prefix=${2-}; shift 2 ;;
    *) echo "usage: $0 --version V --from BASE_URL --checksums FILE --prefix DIR" >&2; exit 1 ;;
  esac
done
if [ -z "$version" ] || [ -z "$from" ] || [ -z "$sums" ] || [ -z "$prefix" ]; then
  echo "usage: $0 --version V --from BASE_URL --checksums FILE --prefix DIR" >&2
  exit 1
fi
name="verdiff-$version-$(uname -m)-$(uname -s | tr '[:upper:]' '[:lower:]').tar.gz"
want=$(awk -v n="$name" '$2 == n {print $1; exit}' "$sums" 2>/dev/null || true)
if [ -z "$want" ]; then
  echo "verdiff: no release archive pinned for $name in $(basename "$sums"); building from source"
  exit 3
fi
if ! command -v curl >/dev/null 2>&1; then
  echo "verdiff: curl is missing; building from source"
  exit 3
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! curl -fsSL --retry 3 -o "$tmp/$name" "$from/$name"; then
  echo "verdiff: could not download $from/$name; building from source"
  exit 3
fi
got=$(sha256sum "$tmp/$name" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
  echo "verdiff: $name has checksum $got, but $want is pinned: not installed" >&2
  exit 4
fi
if ! tar -xzf "$tmp/$name" -C "$tmp" || [ ! -x "$tmp/verdiff-$version/bin/verdiff" ]; then
  echo "verdiff: $name does not unpack to verdiff-$version/bin/verdiff: not installed" >&2
  exit 4
fi
if ! out=$("$tmp/verdiff-$version/bin/verdiff" --version 2>&1); then
  echo "verdiff: the release binary does not run here ($out); building from source"
  exit 3
fi
mkdir -p "$prefix/bin" "$prefix/lib"
cp -f "$tmp/verdiff-$version/lib/"* "$prefix/lib/"
cp -f "$tmp/verdiff-$version/bin/verdiff" "$prefix/bin/verdiff.new"
mv -f "$prefix/bin/verdiff.new" "$prefix/bin/verdiff"
echo "installed $out from $name"
