//! The safety checks of `verdiff check` on one function as entry point (nondeterministic
//! parameters and the program's static initial state), as `verdiff run` and `verdiff diff`
//! use them.

use std::time::Instant;

use crate::engine::{self, EngineOptions};
use crate::instrument::{self, CheckOptions};
use crate::ir::{FuncId, Program};
use crate::record::{self, Claim, Safety};
use crate::symex::SymexOptions;

#[derive(Clone, Debug)]
pub struct SafetyOptions {
    pub checks: CheckOptions,
    pub unwind: u32,
    pub memory_leak: bool,
    pub malloc_may_fail: bool,
}

impl Default for SafetyOptions {
    fn default() -> Self {
        SafetyOptions { checks: CheckOptions::default(), unwind: 10, memory_leak: false, malloc_may_fail: true }
    }
}

impl SafetyOptions {
    /// Everything here that changes a verdict, as text for cache keys.
    pub fn key_text(&self) -> String {
        format!(
            "checks={:?} unwind={} leak={} malloc_may_fail={}",
            self.checks, self.unwind, self.memory_leak, self.malloc_may_fail
        )
    }
}

/// Verifies `f` of `p`. Unwinding assertions are on: a loop the bound cuts gives UNKNOWN,
/// never SUCCESSFUL. `rel` makes file names in the result repository-relative.
pub fn check(
    p: &Program,
    f: FuncId,
    o: &SafetyOptions,
    deadline: Option<Instant>,
    rel: &dyn Fn(&str) -> String,
) -> (Safety, String, Vec<Claim>) {
    let mut p = p.clone();
    instrument::instrument(&mut p, &o.checks);
    let so = SymexOptions {
        unwind: Some(o.unwind.max(1)),
        unwinding_assertions: true,
        memory_leak_check: o.memory_leak,
        malloc_may_fail: o.malloc_may_fail,
        ..SymexOptions::default()
    };
    let eo = EngineOptions { symex: so, deadline, ..EngineOptions::default() };
    let r = engine::verify(&p, f, &eo);
    record::safety_of(&r, o.unwind, rel)
}
