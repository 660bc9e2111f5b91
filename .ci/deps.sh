#!/usr/bin/env bash
# Installs what verdiff needs on Debian/Ubuntu when it is missing, quietly: Z3 (libz3-dev,
# linked by the z3 crate) and pkg-config to find it; gcc, whose preprocessor verdiff runs; and
# on x86-64 the 32-bit C headers (libc6-dev-i386) so that `--32` can preprocess programs.
# With --tests, also what only the test suite needs: headless Chromium (checks the HTML
# report), PyYAML (checks action.yml and the workflows) and Python's venv (installs the wheel,
# tests/install.rs).
# Idempotent: does nothing when everything is present. apt's output goes to a log file that
# is printed only when the installation fails.
set -euo pipefail

tests=false
for a in "$@"; do
  case "$a" in
    --tests) tests=true ;;
    *) echo "usage: $0 [--tests]" >&2; exit 1 ;;
  esac
done

need=()
why=()
dpkg -s libz3-dev >/dev/null 2>&1 || { need+=(libz3-dev); why+=("the Z3 solver"); }
command -v pkg-config >/dev/null 2>&1 || { need+=(pkg-config); why+=("pkg-config to find Z3"); }
command -v gcc >/dev/null 2>&1 || { need+=(gcc); why+=("the C preprocessor"); }
if [ "$(uname -m)" = "x86_64" ]; then
  dpkg -s libc6-dev-i386 >/dev/null 2>&1 || { need+=(libc6-dev-i386); why+=("32-bit C headers for --32"); }
fi
if [ "$tests" = true ]; then
  command -v chromium >/dev/null 2>&1 || { need+=(chromium); why+=("Chromium for the HTML report test"); }
  python3 -c 'import yaml' >/dev/null 2>&1 || { need+=(python3-yaml); why+=("PyYAML for the action check"); }
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || { need+=(python3-venv); why+=("venv for the wheel install test"); }
fi

if [ ${#need[@]} -gt 0 ]; then
  list=$(IFS=,; echo "${why[*]}" | sed 's/,/, /g')
  echo "installing ${need[*]} ($list) with apt-get..." >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  log=$(mktemp "${TMPDIR:-/tmp}/verdiff-deps.XXXXXX")
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "installing ${need[*]} failed (apt-get's output above)" >&2
    exit 1
  fi
  rm -f "$log"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo not found: install the Rust toolchain (https://rustup.rs) first" >&2
  exit 1
fi
