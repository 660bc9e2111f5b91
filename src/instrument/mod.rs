//! Instrumentation: turns properties into explicit `Assert` instructions of the goto program.
//!
//! - verification-API calls without a body become assumptions, assertions and path ends;
//! - calls through function pointers become a dispatch over the functions whose address is taken;
//! - every expression gets the safety claims its evaluation needs (array bounds, division by
//!   zero, overflow, shifts, pointer dereferences), guarded by the short-circuit conditions
//!   under which it is evaluated;
//! - `--error-label L` makes reaching L a claim.
//!
//! Depends on: ir. Must not depend on symex, smt or engine.

mod accesses;
mod api;
mod atomicity;
mod atomics;
pub use api::is_verification_api;
mod checks;
mod fnptr;
pub mod ltl;
mod races;
mod threads;

use crate::ir::{ClaimKind, Instr, InstrKind, Program};

/// Which claims to generate (ESBMC's flags).
#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub bounds: bool,
    pub div_by_zero: bool,
    pub pointer: bool,
    pub pointer_relation: bool,
    /// Signed arithmetic overflow, shift distance and float overflow (`--overflow-check`).
    pub overflow: bool,
    /// Unsigned wrap-around (`--unsigned-overflow-check`).
    pub unsigned_overflow: bool,
    /// Implicit narrowing conversions to signed types (part of `--overflow-check`).
    pub conversion: bool,
    pub assertions: bool,
    /// Dereferences must be aligned for their type (ESBMC's default; `--no-align-check`).
    pub alignment: bool,
    /// Variable-length arrays must have positive dimensions (`--no-vla-size-check`).
    pub vla_size: bool,
    /// The entry's inputs are the caller's heap (docs/contracts.md): bounds, `free` offsets
    /// and alignment of accesses to a caller's object of unstated extent are precondition
    /// claims, assumed after they are checked.
    pub caller_preconditions: bool,
    pub error_label: Option<String>,
    /// Two threads accessing the same bytes at once, one writing (`--data-races-check`).
    pub data_races: bool,
    /// An assignment's shared operands changed while it was under way (`--atomicity-check`).
    pub atomicity: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            bounds: true,
            div_by_zero: true,
            pointer: true,
            pointer_relation: true,
            overflow: false,
            unsigned_overflow: false,
            conversion: false,
            assertions: true,
            alignment: true,
            vla_size: true,
            caller_preconditions: false,
            error_label: None,
            data_races: false,
            atomicity: false,
        }
    }
}

impl CheckOptions {
    /// No claims at all: only the lowering every verification needs (library calls, calls
    /// through function pointers).
    pub fn none() -> Self {
        CheckOptions {
            bounds: false,
            div_by_zero: false,
            pointer: false,
            pointer_relation: false,
            overflow: false,
            unsigned_overflow: false,
            conversion: false,
            assertions: false,
            alignment: false,
            vla_size: false,
            caller_preconditions: false,
            error_label: None,
            data_races: false,
            atomicity: false,
        }
    }
}

/// Instruments every function body and the static initialiser.
pub fn instrument(p: &mut Program, opts: &CheckOptions) {
    api::lower_api_calls(p, opts);
    fnptr::dispatch_function_pointers(p, opts.caller_preconditions);
    atomics::lower_atomic_builtins(p);
    // (before the split of shared updates: `x = x + 1` is one assignment to it)
    if opts.atomicity {
        atomicity::add_atomicity_claims(p);
    }
    // (before the claims: the read and the write each get the checks of their own access,
    // stated right before it, where no other thread can come between)
    threads::split_shared_updates(p);
    // (before the safety claims too: the race claims and the write's announcement are one
    // step, the access with its own claims the next)
    if opts.data_races {
        races::add_race_claims(p);
    }
    checks::add_safety_claims(p, opts);
    // reaching the error label is an assertion of the program (off with --no-assertions)
    if let (Some(label), true) = (&opts.error_label, opts.assertions) {
        error_label(p, label);
    }
}

fn error_label(p: &mut Program, label: &str) {
    for f in &mut p.funcs {
        let Some(body) = f.body.take() else { continue };
        let body = crate::ir::rewrite::rewrite(body, |ins| {
            if ins.labels.iter().any(|l| l == label) {
                let claim = Instr::new(
                    InstrKind::Assert {
                        cond: crate::ir::Expr::int(0, p.target.int_t()),
                        kind: ClaimKind::ErrorLabel,
                        msg: format!("error label {label}"),
                    },
                    ins.loc,
                );
                (vec![claim], None)
            } else {
                (vec![], None)
            }
        });
        f.body = Some(body);
    }
}
