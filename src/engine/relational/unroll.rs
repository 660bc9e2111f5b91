//! One level of a recursive function's calls of itself inlined, on its segments.
//!
//! Lockstep pairing relates the k-th recursive call of the old version with the k-th of the
//! new one. When one version recurses in steps of one and the other in steps of two (REVE's
//! limit1: `f(n) = n + f(n - 1)` against `f(n) = n + (n - 1) + f(n - 2)`), the calls' arguments
//! never agree and no linear invariant relates the two results; with the first version's
//! recursive call inlined once, both call `f(n - 2)` and "equal arguments give equal results"
//! is enough. Inlining a call with the callee's own segments is exact: the unrolled version
//! has the same runs, so a proof about it is a proof about the function.

use super::paths::{Call, Cut, Segment, Version};
use crate::ir::FuncId;
use crate::smt::horn::H;

/// More segments than this after unrolling: not unrolled.
const MAX_SEGMENTS: usize = 256;

/// One way through a segment with its calls of `f` inlined: the guard's parts (the inlined
/// paths' guards, and equations from their parameters to the call's arguments and from the
/// call's result and error flag to theirs) and the calls left.
#[derive(Clone)]
struct Way {
    guard: Vec<H>,
    calls: Vec<Call>,
}

/// `v`, the segments of `f`, with every call of `f` on a segment replaced by each of `f`'s
/// paths from entry to exit (which keep their own calls). None when `f` has loops, does not
/// call itself, or the result would be too large.
pub fn unroll_self_calls(v: &Version, f: FuncId) -> Option<Version> {
    let recursive = v.segments.iter().any(|s| s.calls.iter().any(|c| c.callee == f));
    if v.has_loops() || !recursive {
        return None;
    }
    let bodies: Vec<&Segment> = v.segments.iter().filter(|s| s.from == Cut::Entry && s.to == Cut::Exit).collect();
    let mut next = v.var_count;
    let mut segments = Vec::new();
    for s in &v.segments {
        let mut ways = vec![Way { guard: vec![s.guard.clone()], calls: Vec::new() }];
        for c in &s.calls {
            if c.callee != f {
                ways.iter_mut().for_each(|w| w.calls.push(c.clone()));
                continue;
            }
            // the inlined run's variables: a block of its own for this call (equations, not
            // substitution, tie its parameters to the arguments: Spacer found limit1's
            // invariant with the former and not with the latter)
            let base = next;
            next = next.checked_add(v.var_count)?;
            let inline = |h: &H| h.rename(&|x| base + x);
            let mut expanded = Vec::new();
            for w in &ways {
                for t in &bodies {
                    let mut w = w.clone();
                    w.guard.push(inline(&t.guard));
                    for (k, &p) in v.params.iter().enumerate() {
                        w.guard.push(H::eq(H::Var(base + p as u32), c.args.get(k)?.clone()));
                    }
                    w.guard.push(H::eq(H::Var(c.ret), inline(t.post.get(v.ret())?)));
                    if let Some(e) = c.err {
                        w.guard.push(H::eq(H::Var(e), inline(t.post.get(v.err())?)));
                    }
                    w.calls.extend(t.calls.iter().map(|tc| Call {
                        callee: tc.callee,
                        args: tc.args.iter().map(&inline).collect(),
                        ret: base + tc.ret,
                        err: tc.err.map(|e| base + e),
                    }));
                    expanded.push(w);
                }
            }
            ways = expanded;
            if segments.len() + ways.len() > MAX_SEGMENTS {
                return None;
            }
        }
        for w in ways {
            let guard = H::and(w.guard);
            if !guard.is_false() {
                segments.push(Segment { from: s.from, to: s.to, guard, post: s.post.clone(), calls: w.calls });
            }
        }
    }
    Some(Version { segments, var_count: next, ..v.clone() })
}
