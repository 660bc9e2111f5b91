//! A ready-to-paste C unit test that calls both versions on a distinguishing input.
//!
//! Both source files are included into one test file; every function and global each version
//! defines is renamed with `#define name name_old` / `name_new` around its `#include`, so the
//! two versions link side by side.

use std::collections::HashMap;
use std::fmt::Write;

use super::product::{ParamInput, Product};
use super::OutputDiff;
use crate::ir::{Program, VarKind};

/// Names (functions and file-scope variables) a version defines, without the version tag.
fn version_names(p: &Program, tag: &str) -> Vec<String> {
    let suffix = format!("@{tag}");
    let mut out: Vec<String> = p
        .funcs
        .iter()
        .filter(|f| f.body.is_some())
        .filter_map(|f| f.name.strip_suffix(&suffix).map(String::from))
        .chain(
            p.vars
                .iter()
                .filter(|v| matches!(v.kind, VarKind::Global) && !v.external)
                .filter_map(|v| v.name.strip_suffix(&suffix).map(String::from)),
        )
        // (the parts of an outlined loop, `f$loop0$1`, are verdiff's, not the sources')
        .filter(|n| n != "main" && !n.contains("$loop") && !n.contains("$newloop"))
        .collect();
    out.sort();
    out.dedup();
    out
}

fn literal(v: &str) -> String {
    match v {
        "NAN" => "NAN".into(),
        "+INFINITY" => "INFINITY".into(),
        "-INFINITY" => "-INFINITY".into(),
        v if v.starts_with('&') => "0 /* a pointer: set by hand */".into(),
        v => v.to_string(),
    }
}

/// The arguments of the two calls for the function-pointer parameter `name` whose value the
/// trace shows as `v` (`&twice@old`, `&(*f)`, `NULL`).
fn function_argument(name: &str, v: &str) -> (String, String) {
    let Some(f) = v.strip_prefix('&').filter(|f| !f.contains(' ') || crate::ir::targets::is_caller_function(f)) else {
        return ("0".into(), "0".into());
    };
    if crate::ir::targets::is_caller_function(f) {
        let hand = format!("0 /* `{name}`: a function of the caller's, written by hand */");
        return (hand.clone(), hand);
    }
    match crate::ir::targets::version(f) {
        Some((base, _)) => (format!("{base}_old"), format!("{base}_new")),
        None => (f.to_string(), f.to_string()),
    }
}

/// Renders the test. `values` maps harness lvalues (as the replay trace names them) to values.
pub fn render(
    p: &Program,
    function: &str,
    new_function: &str,
    files: &(String, String),
    product: &Product,
    values: &HashMap<String, String>,
    diffs: &[OutputDiff],
) -> String {
    let get = |lhs: &str| literal(values.get(lhs).map(|s| s.as_str()).unwrap_or("0"));
    let mut s = String::new();
    let _ = writeln!(s, "/* verdiff: `{function}` (old) and `{new_function}` (new) differ on this input.");
    for d in diffs {
        let what = if d.path.is_empty() { d.output.clone() } else { d.path.clone() };
        let _ = writeln!(s, " *   {what}: old {}, new {}", d.old, d.new);
    }
    let _ = writeln!(s, " * Build next to the sources: cc -o equiv_test equiv_test.c -lm && ./equiv_test */");
    s.push_str("#include <stdio.h>\n#include <string.h>\n#include <math.h>\n");
    for (tag, file) in [("old", &files.0), ("new", &files.1)] {
        let names = version_names(p, tag);
        for n in &names {
            let _ = writeln!(s, "#define {n} {n}_{tag}");
        }
        let _ = writeln!(s, "#include \"{file}\"");
        for n in &names {
            let _ = writeln!(s, "#undef {n}");
        }
    }
    s.push_str("\nint main(void) {\n    int differ = 0;\n");
    let mut args_old = Vec::new();
    let mut args_new = Vec::new();
    for prm in &product.params {
        match prm {
            ParamInput::Value { name, ty, leaves } => {
                let _ = writeln!(s, "    {ty} {name};");
                for l in leaves {
                    let _ = writeln!(s, "    {l} = {};", get(l));
                }
                args_old.push(name.clone());
                args_new.push(name.clone());
            }
            ParamInput::Object { .. } if prm.passed_null(values) => {
                args_old.push("NULL".into());
                args_new.push("NULL".into());
            }
            ParamInput::Object { object, elem, elems, at, leaves, .. } => {
                let _ = writeln!(s, "    {elem} {object}_old[{elems}], {object}_new[{elems}];");
                let _ = writeln!(s, "    memset({object}_old, 0, sizeof {object}_old);");
                for l in leaves {
                    let rest = l.strip_prefix(object.as_str()).unwrap_or(l);
                    let _ = writeln!(s, "    {object}_old{rest} = {};", get(l));
                }
                let _ = writeln!(s, "    memcpy({object}_new, {object}_old, sizeof {object}_old);");

                let at = if *at > 0 { format!(" + {at}") } else { String::new() };
                args_old.push(format!("{object}_old{at}"));
                args_new.push(format!("{object}_new{at}"));
            }
            ParamInput::Function { name, leaf } => {
                // (each version's own function, as the product's dispatch calls it)
                let v = values.get(leaf).map(|s| s.as_str()).unwrap_or("NULL");
                let (old, new) = function_argument(name, v);
                args_old.push(old);
                args_new.push(new);
            }
            ParamInput::Within { object, at, offset, .. } => {
                // (the object is declared by the earlier parameter it belongs to)
                let k = format!("{at} + {}", get(offset));
                args_old.push(format!("{object}_old + {k}"));
                args_new.push(format!("{object}_new + {k}"));
            }
        }
    }
    if !product.statics.is_empty() {
        let names: Vec<&str> = product.statics.iter().map(|g| g.name.as_str()).collect();
        let _ = writeln!(
            s,
            "    /* static locals a test cannot set (here at their first-call values): {} */",
            names.join(", ")
        );
    }
    for g in &product.globals {
        for (path, lhs) in &g.leaves {
            let rest = path.strip_prefix(g.name.as_str()).unwrap_or("");
            let v = get(lhs);
            let _ = writeln!(s, "    {}_old{rest} = {v};\n    {}_new{rest} = {v};", g.name, g.name);
        }
    }
    let call_old = format!("{function}_old({})", args_old.join(", "));
    let call_new = format!("{new_function}_new({})", args_new.join(", "));
    let ret = product.ret_type.as_deref();
    match ret {
        None => {
            let _ = writeln!(s, "    {call_old};\n    {call_new};");
        }
        Some(t) => {
            let _ = writeln!(s, "    {t} result_old = {call_old};\n    {t} result_new = {call_new};");
            if product.ret_scalar {
                let (fmt, cast) = if product.ret_float { ("%.17g", "(double)") } else { ("%lld", "(long long)") };
                let _ = writeln!(
                    s,
                    "    printf(\"return value: old {fmt}, new {fmt}\\n\", {cast}result_old, {cast}result_new);"
                );
                let _ = writeln!(s, "    differ |= result_old != result_new;");
            } else if matches!(t.trim(), "char *" | "const char *") {
                // a string: by its characters (each version may return its own buffer)
                let _ = writeln!(
                    s,
                    "    if (result_old && result_new) {{ printf(\"return value: old \\\"%s\\\", new \\\"%s\\\"\\n\", result_old, result_new); differ |= strcmp(result_old, result_new) != 0; }}\n    else differ |= result_old != result_new;"
                );
            } else {
                let _ = writeln!(s, "    differ |= memcmp(&result_old, &result_new, sizeof result_old) != 0;");
            }
        }
    }
    for prm in &product.params {
        if let ParamInput::Object { object, .. } = prm {
            if prm.passed_null(values) {
                continue;
            }
            let _ = writeln!(
                s,
                "    if (memcmp({object}_old, {object}_new, sizeof {object}_old) != 0) {{ printf(\"{object} differs after the calls\\n\"); differ = 1; }}"
            );
        }
    }
    for g in &product.globals {
        let _ = writeln!(
            s,
            "    if (memcmp(&{0}_old, &{0}_new, sizeof {0}_old) != 0) {{ printf(\"global {0} differs\\n\"); differ = 1; }}",
            g.name
        );
    }
    s.push_str("    return differ; /* 1: the versions differ */\n}\n");
    s
}
