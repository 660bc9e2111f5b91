//! Functions verified through their callers (docs/contracts.md): a `static` function whose
//! address is never taken has every caller in its file, so its inputs are exactly what those
//! callers pass. It is not verified as an entry with inputs it never gets; its claims were
//! checked inside each caller's verification (callees are inlined), and its result is read off
//! theirs. Not so a function with a written contract: its callers use the contract, not the
//! body, so it is verified against its contract on its own. A `static` thread start routine
//! whose address goes only to `pthread_create`/`thrd_create` is the same: the functions that
//! start it are its callers, and its threads ran inside their verification with the argument
//! they pass (`threadpool_thread(void *pool)` gets the pool its creator made).

use std::collections::HashMap;

use crate::ir::{Expr, ExprKind, FuncId, Instr, InstrKind, Program};
use crate::record::{FunctionResult, Safety};

/// The callers of `f` in `p` when `f` is verified through them: it has internal linkage, its
/// address is never taken (but to start threads running it), no written contract stands in
/// for its body in its callers, and some function with a body calls it or starts it. Sorted,
/// without `f`.
pub fn callers_in_view(p: &Program, f: FuncId) -> Option<Vec<String>> {
    if !p.func(f).internal || p.func(f).has_contract() {
        return None;
    }
    let mut callers = Vec::new();
    for (i, g) in p.funcs.iter().enumerate() {
        let Some(body) = &g.body else { continue };
        for ins in body {
            let (calls, taken) = uses(p, ins, f);
            if taken {
                return None;
            }
            if calls && FuncId(i as u32) != f && !callers.contains(&g.name) {
                callers.push(g.name.clone());
            }
        }
    }
    // the static initialiser may take its address too
    if p.init.iter().any(|ins| uses(p, ins, f).1) {
        return None;
    }
    if callers.is_empty() {
        return None;
    }
    callers.sort();
    Some(callers)
}

/// Whether `ins` calls `f` (or starts a thread running it), and whether it takes `f`'s
/// address otherwise.
fn uses(p: &Program, ins: &Instr, f: FuncId) -> (bool, bool) {
    let takes = |e: &Expr| {
        let mut taken = false;
        e.visit(&mut |x| {
            if let ExprKind::AddrOf(inner) = &x.kind {
                taken |= matches!(inner.kind, ExprKind::Func(h) if h == f);
            }
        });
        taken
    };
    let InstrKind::Call { lhs, func, args } = &ins.kind else {
        return (false, ins.kind.exprs().into_iter().any(takes));
    };
    let callee = match func.kind {
        ExprKind::Func(h) => Some(h),
        _ => None,
    };
    let mut calls = callee == Some(f);
    let mut taken = takes(func) || lhs.as_ref().is_some_and(takes);
    let start = callee.and_then(|h| start_routine_argument(p, h));
    for (k, e) in args.iter().enumerate() {
        // (C-Thread-Pool casts its `void *thread_do(struct thread *)` to the start type)
        let mut routine = e;
        while let ExprKind::Cast(inner, _) = &routine.kind {
            routine = inner;
        }
        let names_f = match &routine.kind {
            ExprKind::Func(h) => *h == f,
            ExprKind::AddrOf(inner) => matches!(inner.kind, ExprKind::Func(h) if h == f),
            _ => false,
        };
        if Some(k) == start && names_f {
            calls = true;
        } else {
            taken |= takes(e);
        }
    }
    (calls, taken)
}

/// Which argument of a call of `h` is a thread's start routine: `h` is the C library's
/// `pthread_create` or `thrd_create` (declared, not defined by the program).
fn start_routine_argument(p: &Program, h: FuncId) -> Option<usize> {
    let callee = p.func(h);
    match callee.name.as_str() {
        "pthread_create" if callee.body.is_none() || callee.model => Some(2),
        "thrd_create" if callee.body.is_none() || callee.model => Some(1),
        _ => None,
    }
}

/// The result of `function` (in `file`) from those of its `callers` (in `results`, by name
/// and file; callers that are themselves verified through theirs are resolved first).
pub fn derive(
    function: &str,
    file: &str,
    line: u32,
    callers: &[String],
    results: &HashMap<(String, String), FunctionResult>,
) -> FunctionResult {
    let mut r = FunctionResult::unknown_row(function, file, line, "");
    let mut open = Vec::new();
    r.cached = true;
    for c in callers {
        let Some(cr) = results.get(&(file.to_string(), c.clone())) else {
            open.push(format!("{c} was not verified"));
            r.cached = false;
            continue;
        };
        // (read off cached results only: served from the cache as well)
        r.cached &= cr.cached;
        match cr.safety {
            Some(Safety::Failed) => {
                // a violation inside this function, reached with what the caller passes
                let inside: Vec<_> =
                    cr.claims.iter().filter(|k| k.status == "violated" && k.function == function).cloned().collect();
                if !inside.is_empty() {
                    r.safety = Some(Safety::Failed);
                    r.detail = format!("fails when called from `{c}`: {}", cr.detail);
                    r.claims = inside;
                    return r;
                }
                open.push(format!("`{c}` fails elsewhere first"));
            }
            Some(s) if s.verified() => {}
            _ => open.push(format!("`{c}` is {}", cr.safety.map(Safety::name).unwrap_or("not checked"))),
        }
    }
    let names = callers.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ");
    if open.is_empty() {
        r.safety = Some(Safety::Successful);
        r.detail = format!("verified through its callers (static, every call in view): {names}");
    } else {
        r.detail = format!("verified only through its callers ({names}), and {}", open.join("; "));
    }
    r
}

/// A function its callers did not decide (`through`), verified on its own under its
/// precondition (`own`): a proof (SUCCESSFUL or PRECONDITION) covers whatever its callers
/// pass and stands; a violation on its own may need an input no caller passes, so the result
/// stays UNKNOWN with both reasons.
pub fn on_its_own(through: FunctionResult, own: FunctionResult) -> FunctionResult {
    match own.safety {
        Some(s) if s.verified() => {
            let mut r = own;
            r.detail = if r.detail.is_empty() {
                format!("verified on its own ({})", through.detail)
            } else {
                format!("{} (verified on its own; {})", r.detail, through.detail)
            };
            r.add_time_of(&through);
            r
        }
        Some(Safety::Failed) => {
            let mut r = through;
            r.detail =
                format!("{}; on its own it fails ({}), with an input its callers may not pass", r.detail, own.detail);
            r.add_time_of(&own);
            r
        }
        _ => {
            let mut r = through;
            r.detail = format!("{}; on its own: {}", r.detail, own.detail);
            r.add_time_of(&own);
            r
        }
    }
}
