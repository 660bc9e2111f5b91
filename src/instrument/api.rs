//! The verification API: calls to body-less `assume`/`assert`/`reach_error`/… functions become
//! `Assume`, `Assert` and `EndPath` instructions. A program that defines one of these functions
//! keeps its own definition.

use super::CheckOptions;
use crate::ir::display::expr_to_c;
use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, ClaimKind, Expr, ExprKind, Instr, InstrKind, Program, Type};

enum Api {
    Assume,
    Assert,
    /// `__assert_fail(msg, file, line, func)`: the assertion whose text is `msg` failed.
    AssertFail,
    /// Reaching the call is an error (reach_error, __VERIFIER_error, __builtin_unreachable).
    Error,
    /// The execution ends (abort, exit).
    End,
    /// No effect on the verification (e.g. `__ESBMC_atomic_begin` in sequential code).
    Nop,
}

fn classify(name: &str) -> Option<Api> {
    Some(match name {
        "__VERIFIER_assume" | "__ESBMC_assume" | "__CPROVER_assume" | "__builtin_assume" => Api::Assume,
        "assert" | "__VERIFIER_assert" | "__ESBMC_assert" | "__CPROVER_assert" => Api::Assert,
        "__assert_fail" | "__assert_rtn" | "__assert" | "_assert" | "_wassert" | "__assert_perror_fail" => {
            Api::AssertFail
        }
        "reach_error" | "__VERIFIER_error" | "__builtin_unreachable" | "__builtin_trap" => Api::Error,
        // exit runs the atexit handlers first: it is a library model (models/libc/stdlib.c)
        "abort" | "_Exit" | "_exit" | "__builtin_abort" | "__builtin_exit" | "quick_exit" => Api::End,
        // (the atomic-section markers and `__ESBMC_yield` stay calls: the thread model
        // reads them, symex::threads)
        // a loop invariant without --loop-invariant-check: the loop is unwound as usual
        "__ESBMC_loop_invariant" | "__CPROVER_loop_invariant" => Api::Nop,
        _ => return None,
    })
}

/// Whether `name` is a function of the verification API (assume, assert, error, end, atomic
/// markers): its calls become instructions, it needs no body anywhere.
pub fn is_verification_api(name: &str) -> bool {
    classify(name).is_some()
}

/// The string a `const char *` argument points to when it is a literal.
fn literal_text(p: &Program, e: &Expr) -> Option<String> {
    let mut cur = e;
    loop {
        match &cur.kind {
            ExprKind::Cast(x, _) | ExprKind::AddrOf(x) => cur = x,
            ExprKind::Str(id) => {
                let bytes = p.string(*id);
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                return Some(String::from_utf8_lossy(&bytes[..end]).into_owned());
            }
            _ => return None,
        }
    }
}

fn nonzero(p: &Program, e: Expr) -> Expr {
    let int = p.target.int_t();
    if e.ty.is_pointer() || e.ty.is_arith() {
        let zero = match &e.ty {
            Type::Float(_) => Expr::new(ExprKind::Float(0.0), e.ty.clone()),
            t => Expr::int(0, t.clone()),
        };
        Expr::binary(BinOp::Ne, e, zero, int)
    } else {
        e
    }
}

pub fn lower_api_calls(p: &mut Program, opts: &CheckOptions) {
    let snapshot = p.clone();
    for fi in 0..p.funcs.len() {
        let Some(body) = p.funcs[fi].body.take() else {
            continue;
        };
        let body = rewrite(body, |ins| {
            let InstrKind::Call { func, args, .. } = &ins.kind else {
                return (vec![], None);
            };
            let ExprKind::Func(callee) = &func.kind else {
                return (vec![], None);
            };
            let f = snapshot.func(*callee);
            // a definition with an empty body (`void reach_error(void) {}`) keeps the API
            // meaning, as ESBMC and SV-COMP harnesses expect
            if f.body.as_ref().is_some_and(|b| !is_empty_body(b)) {
                return (vec![], None);
            }
            let Some(api) = classify(&f.name) else {
                return (vec![], None);
            };
            let loc = ins.loc;
            let int = snapshot.target.int_t();
            let code = match api {
                Api::Assume => match args.first() {
                    Some(c) => vec![Instr::new(InstrKind::Assume(nonzero(&snapshot, c.clone())), loc)],
                    None => vec![],
                },
                Api::Assert => {
                    if !opts.assertions {
                        vec![]
                    } else {
                        let Some(c) = args.first() else {
                            return (vec![], Some(vec![]));
                        };
                        let msg = args
                            .get(1)
                            .and_then(|m| literal_text(&snapshot, m))
                            .unwrap_or_else(|| format!("assertion {}", expr_to_c(&snapshot, c)));
                        vec![Instr::new(
                            InstrKind::Assert { cond: nonzero(&snapshot, c.clone()), kind: ClaimKind::Assertion, msg },
                            loc,
                        )]
                    }
                }
                Api::AssertFail => {
                    let text = args.first().and_then(|m| literal_text(&snapshot, m)).unwrap_or_else(|| "false".into());
                    let mut code = Vec::new();
                    if opts.assertions {
                        code.push(Instr::new(
                            InstrKind::Assert {
                                cond: Expr::int(0, int),
                                kind: ClaimKind::Assertion,
                                msg: format!("assertion {text}"),
                            },
                            loc,
                        ));
                    }
                    code.push(Instr::new(InstrKind::EndPath, loc));
                    code
                }
                Api::Error => {
                    let mut code = Vec::new();
                    if opts.assertions {
                        code.push(Instr::new(
                            InstrKind::Assert {
                                cond: Expr::int(0, int),
                                kind: ClaimKind::Assertion,
                                msg: f.name.clone(),
                            },
                            loc,
                        ));
                    }
                    code.push(Instr::new(InstrKind::EndPath, loc));
                    code
                }
                Api::End => vec![Instr::new(InstrKind::EndPath, loc)],
                Api::Nop => vec![],
            };
            (vec![], Some(code))
        });
        p.funcs[fi].body = Some(body);
    }
}

/// A body that does nothing (only skips, returns without value and scope ends).
fn is_empty_body(body: &[Instr]) -> bool {
    body.iter().all(|i| matches!(i.kind, InstrKind::Skip | InstrKind::Return(None) | InstrKind::Dead(_)))
}
