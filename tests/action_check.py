#!/usr/bin/env python3
"""Static checks of the CI integration files: action.yml, docs/workflows/*.yml and
.pre-commit-hooks.yaml.

Fails (exit status 1, one message per problem) when
  * a file is not valid YAML;
  * a `run:` script of the action or of a documented workflow expands an expression of
    user-controlled data: `${{ ... }}` containing `inputs.`, `github.event`, `github.head_ref`
    or `github.base_ref` (script injection: such values must come in through `env:`);
  * an expression names a step id that does not exist in its job (or in the action);
  * action.yml lacks a documented input or output, a composite `run:` step lacks `shell:`,
    or an expression names an input that does not exist.

Usage: python3 tests/action_check.py [--shellcheck]   (from anywhere; needs PyYAML)
--shellcheck also runs shellcheck, when installed, on every run: script.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:  # pragma: no cover
    sys.exit("action_check: PyYAML is missing (pip install pyyaml)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

EXPR = re.compile(r"\$\{\{(.*?)(\}\}|\Z)", re.S)
# User-controlled data: action inputs, the event payload, the pull request's branch names.
FORBIDDEN = re.compile(
    r"\binputs\s*(\.|\[)"
    r"|\bgithub\s*\.\s*(event|head_ref|base_ref)\b"
    r"|\bgithub\s*\[\s*['\"](event|head_ref|base_ref)['\"]\s*\]"
)

ACTION_INPUTS = {"config", "base", "head", "args", "sarif", "fail-on", "working-directory", "budget"}
ACTION_OUTPUTS = {"functions", "verified", "failed", "unknown", "changed", "cached",
                  "markdown", "json", "sarif", "exit-code"}


def load(path, problems):
    try:
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        problems.append(f"{rel(path)}: not valid YAML: {e}")
        return None


def rel(path):
    return os.path.relpath(path, ROOT)


def run_scripts(doc):
    """(where, script) for every run: step of an action or a workflow document."""
    if not isinstance(doc, dict):
        return
    runs = doc.get("runs")
    if isinstance(runs, dict):
        for i, step in enumerate(runs.get("steps") or []):
            if isinstance(step, dict) and "run" in step:
                yield f"runs.steps[{i}] ({step.get('name', step.get('id', '?'))})", str(step["run"])
    jobs = doc.get("jobs")
    if isinstance(jobs, dict):
        for job_id, job in jobs.items():
            if not isinstance(job, dict):
                continue
            for i, step in enumerate(job.get("steps") or []):
                if isinstance(step, dict) and "run" in step:
                    name = step.get("name", step.get("id", "?"))
                    yield f"jobs.{job_id}.steps[{i}] ({name})", str(step["run"])


def injections(script):
    """The `${{ }}` expressions of a script that contain user-controlled data."""
    return [m.group(0).strip() for m in EXPR.finditer(script) if FORBIDDEN.search(m.group(1))]


def check_injection(path, doc, problems):
    for where, script in run_scripts(doc):
        for expr in injections(script):
            problems.append(
                f"{rel(path)}: {where}: run: script expands user-controlled data {expr!r};"
                " pass it through env: and use \"$VAR\"")


def expressions(node):
    """Every `${{ }}` expression in any string of the document, and every `if:` value."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "if" and isinstance(v, str) and "${{" not in v:
                yield v
            else:
                yield from expressions(v)
    elif isinstance(node, list):
        for v in node:
            yield from expressions(v)
    elif isinstance(node, str):
        for m in EXPR.finditer(node):
            yield m.group(1)


def check_step_ids(path, doc, problems):
    """Every `steps.ID.` in an expression names a step of the same job (or of the action)."""
    if not isinstance(doc, dict):
        return
    scopes = []
    if isinstance(doc.get("runs"), dict):
        scopes.append(("runs", doc["runs"].get("steps") or []))
    if isinstance(doc.get("jobs"), dict):
        for job_id, job in doc["jobs"].items():
            if isinstance(job, dict):
                scopes.append((f"jobs.{job_id}", job.get("steps") or []))
    for where, steps in scopes:
        ids = {s.get("id") for s in steps if isinstance(s, dict) and s.get("id")}
        for expr in expressions(steps):
            for m in re.finditer(r"\bsteps\.([A-Za-z0-9_-]+)\.", expr):
                if m.group(1) not in ids:
                    problems.append(f"{rel(path)}: {where}: expression names unknown step id"
                                    f" {m.group(1)!r}: {expr.strip()!r}")


def check_action(path, doc, problems):
    if not isinstance(doc, dict):
        problems.append(f"{rel(path)}: not a mapping")
        return
    inputs = set((doc.get("inputs") or {}).keys())
    outputs = set((doc.get("outputs") or {}).keys())
    for missing in sorted(ACTION_INPUTS - inputs):
        problems.append(f"{rel(path)}: input {missing!r} is missing")
    for missing in sorted(ACTION_OUTPUTS - outputs):
        problems.append(f"{rel(path)}: output {missing!r} is missing")
    runs = doc.get("runs") or {}
    if runs.get("using") != "composite":
        problems.append(f"{rel(path)}: runs.using must be 'composite'")
    steps = runs.get("steps") or []
    ids = {s.get("id") for s in steps if isinstance(s, dict) and s.get("id")}
    for i, step in enumerate(steps):
        if isinstance(step, dict) and "run" in step and "shell" not in step:
            problems.append(f"{rel(path)}: runs.steps[{i}]: a composite run: step needs shell:")
    for m_expr in expressions(doc.get("outputs") or {}):
        for m in re.finditer(r"\bsteps\.([A-Za-z0-9_-]+)\.", m_expr):
            if m.group(1) not in ids:
                problems.append(f"{rel(path)}: output names unknown step id {m.group(1)!r}")
    for expr in expressions(doc):
        for m in re.finditer(r"\binputs\.([A-Za-z0-9_-]+)", expr):
            if m.group(1) not in inputs:
                problems.append(f"{rel(path)}: expression names unknown input {m.group(1)!r}: {expr.strip()!r}")


def shellcheck(path, doc, problems):
    exe = shutil.which("shellcheck")
    if not exe:
        print("action_check: shellcheck not installed; skipped", file=sys.stderr)
        return
    for where, script in run_scripts(doc):
        # Expressions are replaced by a harmless word so shellcheck sees plain bash.
        text = "#!/usr/bin/env bash\nset -eo pipefail\n" + EXPR.sub("EXPR", script)
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as f:
            f.write(text)
        try:
            r = subprocess.run([exe, "-S", "warning", "-e", "SC1091", f.name],
                               capture_output=True, text=True)
            if r.returncode != 0:
                problems.append(f"{rel(path)}: {where}: shellcheck:\n{r.stdout.strip()}")
        finally:
            os.unlink(f.name)


def self_test():
    """The detector must flag the injections it exists for and pass env:-style scripts."""
    bad = [
        "echo ${{ inputs.args }}",
        "git fetch origin ${{ github.event.pull_request.base.sha }}",
        "echo ${{github.head_ref}}",
        "echo \"${{ github.base_ref }}\"",
        "x=${{ toJSON(github.event) }}",
        "echo ${{ github['head_ref'] }}",
        "echo ${{ inputs['fail-on'] }}",
        "echo ${{ format('{0}', inputs.base) }}",
    ]
    good = [
        'echo "$INPUT_ARGS"',
        "echo ${{ matrix.shard }} ${{ runner.temp }} ${{ steps.x.outputs.y }}",
        "echo ${{ github.sha }} ${{ github.workspace }}",
        'echo "${GITHUB_EVENT_PATH}"',
    ]
    errors = [f"self-test: not flagged: {s!r}" for s in bad if not injections(s)]
    errors += [f"self-test: wrongly flagged: {s!r}" for s in good if injections(s)]
    return errors


def check_hook_package(problems):
    """pyproject.toml (what pre-commit's `language: python` installs) names the verdiff wheel
    of the version Cargo.toml builds."""
    def version_in(path, pattern):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            m = re.search(pattern, f.read(), re.M)
        return m.group(1) if m else None
    cargo = version_in("Cargo.toml", r'^version\s*=\s*"([^"]+)"')
    own = version_in("pyproject.toml", r'^version\s*=\s*"([^"]+)"')
    dep = version_in("pyproject.toml", r'"verdiff==([^"]+)"')
    if not (cargo and own == cargo and dep == cargo):
        problems.append(
            f"pyproject.toml: version {own} and dependency verdiff=={dep} must both be Cargo.toml's {cargo}"
        )


def main(argv):
    problems = self_test()
    action = os.path.join(ROOT, "action.yml")
    workflows = sorted(glob.glob(os.path.join(ROOT, "docs", "workflows", "*.yml")))
    if not workflows:
        problems.append("docs/workflows/*.yml: no workflow found")
    hooks = os.path.join(ROOT, ".pre-commit-hooks.yaml")
    checked = 0
    for path in [action] + workflows + [hooks]:
        doc = load(path, problems)
        if doc is None:
            continue
        checked += 1
        if path == hooks:
            if not (isinstance(doc, list) and any(h.get("id") == "verdiff" for h in doc)):
                problems.append(f"{rel(path)}: no hook with id 'verdiff'")
            check_hook_package(problems)
            continue
        check_injection(path, doc, problems)
        check_step_ids(path, doc, problems)
        if path == action:
            check_action(path, doc, problems)
        if "--shellcheck" in argv:
            shellcheck(path, doc, problems)
    for p in problems:
        print(f"action_check: {p}", file=sys.stderr)
    if problems:
        print(f"action_check: FAILED ({len(problems)} problem(s))", file=sys.stderr)
        return 1
    print(f"action_check: OK ({checked} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
