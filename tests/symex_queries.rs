//! Which questions symbolic execution asks the solver while it runs (the feasibility
//! callback), through the library API: without `--unwind`, a loop past 64 iterations asks
//! whether it can continue (at 64, 128, 256, … iterations) — but only when its last
//! iteration added a path condition. A loop counting to a constant under a symbolic path
//! condition has nothing to prune; asking would only ask whether the path so far is feasible, which cost sds's
//! `sdssplitargs` 28 s (the C library model's ctype tables: 384 iterations).

use verdiff::frontend::load_text;
use verdiff::ir::Target;
use verdiff::symex::{Symex, SymexOptions};

/// Runs `f` of `src` symbolically without a loop bound; the number of feasibility questions
/// asked, and whether the run ended normally.
fn questions(src: &str) -> (usize, bool) {
    let p = load_text(src, Target::default()).expect("the test program lowers");
    let f = p.func_named("f").expect("the test program defines f");
    let mut asked = 0;
    // (every question answered "the loop cannot continue": only the count matters here)
    let run = Symex::new(&p, SymexOptions::default()).run(f, &mut |_, _| {
        asked += 1;
        Some(false)
    });
    (asked, run.is_ok())
}

#[test]
fn a_loop_with_a_constant_condition_is_not_asked_about() {
    // `x * x == 12345` makes the path condition symbolic; the loop's 300 iterations are
    // decided by the counter alone
    let (asked, ok) = questions(
        "int tab[300];
         int f(int x) {
           int i;
           if (x * x == 12345) return 0;
           for (i = 0; i < 300; i++) tab[i] = i;
           return tab[x & 255];
         }",
    );
    assert!(ok);
    assert_eq!(asked, 0, "a loop whose condition is constant on every iteration needs no pruning query");
}

#[test]
fn a_loop_with_a_symbolic_condition_is_asked_about_past_64_iterations() {
    // `i < n` for a free `n`: at iteration 64 the loop asks whether it can go on (the callback
    // says no, so it ends there)
    let (asked, ok) = questions(
        "int f(unsigned n) {
           unsigned i, s = 0;
           for (i = 0; i < n; i++) s += i;
           return s;
         }",
    );
    assert!(ok);
    assert_eq!(asked, 1, "one question at iteration 64, answered 'cannot continue'");
}

/// An oracle giving every input the value `x` and recording the branches a concrete run
/// reports (the hook random runs are guided by).
struct Recording {
    x: i128,
    taken: Vec<((u32, usize), bool)>,
}

impl verdiff::symex::InputOracle for Recording {
    fn scalar(&mut self, _key: &str, sort: &verdiff::term::Sort) -> Option<verdiff::term::Bits> {
        match sort {
            verdiff::term::Sort::Bv(w) => Some(verdiff::term::Bits::from_i128(*w, self.x)),
            _ => None,
        }
    }
    fn element(
        &mut self,
        _key: &str,
        _indices: &[verdiff::term::Bits],
        _elem: &verdiff::term::Sort,
    ) -> Option<verdiff::term::Bits> {
        None
    }
    fn branch(&mut self, at: (u32, usize), taken: bool) {
        self.taken.push((at, taken));
    }
}

/// The conditional jumps of `f`'s run on input `x`, in order: (taken or fell through) only,
/// none from the unconditional jumps.
fn branches(src: &str, x: i128) -> Vec<bool> {
    use std::{cell::RefCell, rc::Rc};
    let p = load_text(src, Target::default()).expect("the test program lowers");
    let f = p.func_named("f").expect("the test program defines f");
    let oracle = Rc::new(RefCell::new(Recording { x, taken: vec![] }));
    let run = Symex::new(&p, SymexOptions::default()).concrete(oracle.clone(), None).run(f, &mut |_, _| None);
    assert!(run.is_ok());
    let taken = oracle.borrow().taken.clone();
    assert!(taken.iter().all(|((func, _), _)| *func == f.0), "{taken:?}");
    taken.into_iter().map(|(_, t)| t).collect()
}

#[test]
fn a_concrete_run_reports_each_conditional_branch_and_its_direction() {
    let src = "int f(int x) { int r = 0; if (x > 5) r = 1; if (x > 50) r = 2; return r; }";
    let low = branches(src, 3);
    let mid = branches(src, 7);
    let high = branches(src, 70);
    // two tests each run; their directions tell the three inputs apart
    assert_eq!(low.len(), 2, "{low:?}");
    assert_eq!(mid.len(), 2, "{mid:?}");
    assert_eq!(high.len(), 2, "{high:?}");
    assert_ne!(low, mid);
    assert_ne!(mid, high);
    assert_eq!(low[1], mid[1], "x = 3 and x = 7 take the second test the same way");
    assert_eq!(mid[0], high[0], "x = 7 and x = 70 take the first test the same way");
}
