#!/usr/bin/env bash
# Installs what verdiff needs on Debian/Ubuntu when it is missing: Z3 (libz3-dev, linked by
# the z3 crate); gcc provides the C preprocessor; and on x86-64
# the 32-bit C headers (libc6-dev-i386) so that `--32` can preprocess programs.
# Idempotent: does nothing when everything is present.
set -euo pipefail

need=()
dpkg -s libz3-dev >/dev/null 2>&1 || need+=(libz3-dev)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
if [ "$(uname -m)" = "x86_64" ]; then
  dpkg -s libc6-dev-i386 >/dev/null 2>&1 || need+=(libc6-dev-i386)
fi
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# tests: headless Chromium checks the HTML report; PyYAML checks action.yml and the workflows
command -v chromium >/dev/null 2>&1 || need+=(chromium)
python3 -c 'import yaml' >/dev/null 2>&1 || need+=(python3-yaml)

if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo not found: install the Rust toolchain (https://rustup.rs) first" >&2
  exit 1
fi
