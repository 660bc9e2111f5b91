//! Constrained Horn clauses over mathematical integers, solved by Z3's Spacer engine.
//!
//! A [`Horn`] system has predicates (unknown relations over integers) and rules
//! `body atoms ∧ constraint → head atom` (or `→ false`, a query), every variable universally
//! quantified. The system *holds* when some interpretation of the predicates satisfies every
//! rule — for a program encoded as clauses, an inductive invariant that excludes the error —
//! and *fails* when the rules derive `false` (a counterexample exists).
//!
//! Terms ([`H`]) are a small language of integer and boolean expressions with light constant
//! folding, so that callers can prune paths whose conditions fold to `false`.

use std::collections::BTreeSet;

use z3::ast::{self, Ast, Bool, Dynamic, Int};
use z3::{FuncDecl, Model, Params, SatResult, Solver, Sort};

/// An integer or boolean expression over integer variables `Var(i)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum H {
    Num(i128),
    Bool(bool),
    Var(u32),
    Add(Vec<H>),
    Mul(Box<H>, Box<H>),
    Neg(Box<H>),
    /// SMT-LIB integer division and modulus (Euclidean: the remainder is never negative).
    Div(Box<H>, Box<H>),
    Mod(Box<H>, Box<H>),
    Le(Box<H>, Box<H>),
    Lt(Box<H>, Box<H>),
    Eq(Box<H>, Box<H>),
    Not(Box<H>),
    And(Vec<H>),
    Or(Vec<H>),
    Ite(Box<H>, Box<H>, Box<H>),
}

// (smart constructors that fold constants, named after the operations they build; not the
// operator traits, which would hide the folding)
#[allow(clippy::should_implement_trait)]
impl H {
    pub fn num(&self) -> Option<i128> {
        match self {
            H::Num(n) => Some(*n),
            _ => None,
        }
    }
    pub fn is_false(&self) -> bool {
        *self == H::Bool(false)
    }
    pub fn is_true(&self) -> bool {
        *self == H::Bool(true)
    }
    pub fn add(a: H, b: H) -> H {
        match (a.num(), b.num()) {
            (Some(x), Some(y)) => x.checked_add(y).map(H::Num).unwrap_or_else(|| H::Add(vec![a, b])),
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => H::Add(vec![a, b]),
        }
    }
    pub fn neg(a: H) -> H {
        match a {
            H::Num(n) => n.checked_neg().map(H::Num).unwrap_or(H::Neg(Box::new(H::Num(n)))),
            H::Neg(x) => *x,
            a => H::Neg(Box::new(a)),
        }
    }
    pub fn sub(a: H, b: H) -> H {
        H::add(a, H::neg(b))
    }
    pub fn mul(a: H, b: H) -> H {
        match (a.num(), b.num()) {
            (Some(x), Some(y)) => x.checked_mul(y).map(H::Num).unwrap_or_else(|| H::Mul(Box::new(a), Box::new(b))),
            (Some(0), _) | (_, Some(0)) => H::Num(0),
            (Some(1), _) => b,
            (_, Some(1)) => a,
            _ => H::Mul(Box::new(a), Box::new(b)),
        }
    }
    pub fn div(a: H, b: H) -> H {
        match (a.num(), b.num()) {
            (Some(x), Some(y)) if y != 0 => H::Num(x.div_euclid(y)),
            (_, Some(1)) => a,
            _ => H::Div(Box::new(a), Box::new(b)),
        }
    }
    pub fn modulo(a: H, b: H) -> H {
        match (a.num(), b.num()) {
            (Some(x), Some(y)) if y != 0 => H::Num(x.rem_euclid(y)),
            _ => H::Mod(Box::new(a), Box::new(b)),
        }
    }
    pub fn le(a: H, b: H) -> H {
        match (a.num(), b.num()) {
            (Some(x), Some(y)) => H::Bool(x <= y),
            _ if a == b => H::Bool(true),
            _ => H::Le(Box::new(a), Box::new(b)),
        }
    }
    pub fn lt(a: H, b: H) -> H {
        match (a.num(), b.num()) {
            (Some(x), Some(y)) => H::Bool(x < y),
            _ if a == b => H::Bool(false),
            _ => H::Lt(Box::new(a), Box::new(b)),
        }
    }
    pub fn eq(a: H, b: H) -> H {
        match (&a, &b) {
            (H::Num(x), H::Num(y)) => H::Bool(x == y),
            (H::Bool(x), H::Bool(y)) => H::Bool(x == y),
            _ if a == b => H::Bool(true),
            _ => H::Eq(Box::new(a), Box::new(b)),
        }
    }
    pub fn not(a: H) -> H {
        match a {
            H::Bool(b) => H::Bool(!b),
            H::Not(x) => *x,
            a => H::Not(Box::new(a)),
        }
    }
    pub fn and(parts: Vec<H>) -> H {
        H::junction(parts, true)
    }
    pub fn or(parts: Vec<H>) -> H {
        H::junction(parts, false)
    }
    /// A conjunction (`and`) or disjunction, flattened, without its unit, absorbed by its zero.
    fn junction(parts: Vec<H>, and: bool) -> H {
        let mut out = Vec::new();
        for p in parts {
            match p {
                H::Bool(b) if b == and => {}
                H::Bool(_) => return H::Bool(!and),
                H::And(xs) if and => out.extend(xs),
                H::Or(xs) if !and => out.extend(xs),
                p => out.push(p),
            }
        }
        match (out.len(), and) {
            (0, _) => H::Bool(and),
            (1, _) => out.pop().unwrap_or(H::Bool(and)),
            (_, true) => H::And(out),
            (_, false) => H::Or(out),
        }
    }
    pub fn ite(c: H, a: H, b: H) -> H {
        match c {
            H::Bool(true) => a,
            H::Bool(false) => b,
            _ if a == b => a,
            c => H::Ite(Box::new(c), Box::new(a), Box::new(b)),
        }
    }
    /// `lo <= self <= hi`.
    pub fn within(&self, lo: i128, hi: i128) -> H {
        H::and(vec![H::le(H::Num(lo), self.clone()), H::le(self.clone(), H::Num(hi))])
    }

    /// The term with every variable renamed by `f`.
    pub fn rename(&self, f: &dyn Fn(u32) -> u32) -> H {
        let r = |x: &H| Box::new(x.rename(f));
        match self {
            H::Num(_) | H::Bool(_) => self.clone(),
            H::Var(v) => H::Var(f(*v)),
            H::Add(xs) => H::Add(xs.iter().map(|x| x.rename(f)).collect()),
            H::And(xs) => H::And(xs.iter().map(|x| x.rename(f)).collect()),
            H::Or(xs) => H::Or(xs.iter().map(|x| x.rename(f)).collect()),
            H::Mul(a, b) => H::Mul(r(a), r(b)),
            H::Div(a, b) => H::Div(r(a), r(b)),
            H::Mod(a, b) => H::Mod(r(a), r(b)),
            H::Le(a, b) => H::Le(r(a), r(b)),
            H::Lt(a, b) => H::Lt(r(a), r(b)),
            H::Eq(a, b) => H::Eq(r(a), r(b)),
            H::Neg(a) => H::Neg(r(a)),
            H::Not(a) => H::Not(r(a)),
            H::Ite(c, a, b) => H::Ite(r(c), r(a), r(b)),
        }
    }

    fn vars(&self, out: &mut BTreeSet<u32>) {
        match self {
            H::Num(_) | H::Bool(_) => {}
            H::Var(v) => {
                out.insert(*v);
            }
            H::Add(xs) | H::And(xs) | H::Or(xs) => xs.iter().for_each(|x| x.vars(out)),
            H::Mul(a, b) | H::Div(a, b) | H::Mod(a, b) | H::Le(a, b) | H::Lt(a, b) | H::Eq(a, b) => {
                a.vars(out);
                b.vars(out);
            }
            H::Neg(a) | H::Not(a) => a.vars(out),
            H::Ite(c, a, b) => {
                c.vars(out);
                a.vars(out);
                b.vars(out);
            }
        }
    }
}

/// A predicate applied to arguments.
#[derive(Clone, Debug)]
pub struct Atom {
    pub pred: usize,
    pub args: Vec<H>,
}

/// `body ∧ constraint → head`; no head: `→ false`.
#[derive(Clone, Debug)]
pub struct Rule {
    pub body: Vec<Atom>,
    pub constraint: H,
    pub head: Option<Atom>,
}

#[derive(Clone, Debug, Default)]
pub struct Horn {
    /// Name and arity of each predicate.
    pub preds: Vec<(String, usize)>,
    pub rules: Vec<Rule>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HornAnswer {
    /// Some interpretation of the predicates satisfies every rule: no query is derivable.
    Holds,
    /// A query is derivable.
    Fails,
    Unknown(String),
}

impl Horn {
    pub fn pred(&mut self, name: String, arity: usize) -> usize {
        self.preds.push((name, arity));
        self.preds.len() - 1
    }

    /// Asks Spacer (Z3's CHC engine) with a time limit and Z3 parameters (`fp.spacer.…`);
    /// `Holds` only with a solution checked rule by rule.
    pub fn solve(&self, timeout_ms: u64, params: &[(&str, u32)]) -> HornAnswer {
        let Some(solver) = Solver::new_for_logic("HORN") else {
            return HornAnswer::Unknown("Z3 offers no Horn-clause solver".into());
        };
        let mut p = Params::new();
        p.set_u32("timeout", timeout_ms.clamp(1, u32::MAX as u64) as u32);
        for (k, v) in params {
            p.set_u32(*k, *v);
        }
        solver.set_params(&p);
        let decls: Vec<FuncDecl> = self
            .preds
            .iter()
            .map(|(name, arity)| {
                let dom: Vec<Sort> = (0..*arity).map(|_| Sort::int()).collect();
                let dom: Vec<&Sort> = dom.iter().collect();
                FuncDecl::new(name.as_str(), &dom, &Sort::bool())
            })
            .collect();
        // each rule's premises (atoms, then the constraint) and conclusion, kept to check a
        // solution against
        let mut checks: Vec<(Vec<Bool>, Bool)> = Vec::new();
        for rule in &self.rules {
            let mut used = BTreeSet::new();
            rule.constraint.vars(&mut used);
            for a in rule.body.iter().chain(rule.head.iter()) {
                a.args.iter().for_each(|x| x.vars(&mut used));
            }
            let consts: Vec<Int> = used.iter().map(|v| Int::new_const(format!("v{v}"))).collect();
            let lookup = |v: u32| -> Int {
                let i = used.iter().position(|&u| u == v).unwrap_or(0);
                consts[i].clone()
            };
            let mut premises: Vec<Bool> = Vec::new();
            for a in &rule.body {
                premises.push(apply(&decls[a.pred], &a.args, &lookup));
            }
            premises.push(boolean(&rule.constraint, &lookup));
            let conclusion = match &rule.head {
                Some(a) => apply(&decls[a.pred], &a.args, &lookup),
                None => Bool::from_bool(false),
            };
            let body = Bool::and(&premises).implies(&conclusion);
            let bounds: Vec<&dyn Ast> = consts.iter().map(|c| c as &dyn Ast).collect();
            solver.assert(ast::forall_const(&bounds, &[], &body));
            checks.push((premises, conclusion));
        }
        if let Some(path) = std::env::var_os("VERDIFF_HORN_DUMP") {
            static DUMPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = DUMPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let _ = std::fs::write(format!("{}.{n}", path.to_string_lossy()), format!("{solver}"));
        }
        match solver.check() {
            SatResult::Sat => match solver.get_model() {
                Some(m) => check_solution(&m, &checks, timeout_ms),
                None => HornAnswer::Unknown("the Horn solver returned no solution".into()),
            },
            SatResult::Unsat => HornAnswer::Fails,
            SatResult::Unknown => {
                HornAnswer::Unknown(solver.get_reason_unknown().unwrap_or_else(|| "the Horn solver gave up".into()))
            }
        }
    }
}

/// Checks the solution the Horn solver returned, rule by rule, with a plain SMT query each:
/// its premises with the predicates replaced by their interpretations, and the negated
/// conclusion, must be unsatisfiable. Only a solution that checks is a proof: Spacer's
/// global guidance (`fp.spacer.global`) in Z3 4.8.12 answers "sat" with solutions that do not
/// (tests/equiv's loop_change_beyond_bound came out EQUIVALENT with it), so a solver's word
/// alone is not taken.
///
/// Spacer's interpretations may hold existential quantifiers (over values it did not
/// project away); negated in a conclusion they become universal ones, which plain SMT may
/// leave unknown. The check therefore eliminates them first (Z3's `qe`: quantifier
/// elimination for linear integer arithmetic, an equivalence) and then solves.
fn check_solution(m: &Model, checks: &[(Vec<Bool>, Bool)], timeout_ms: u64) -> HornAnswer {
    let s = z3::Tactic::new("qe").and_then(&z3::Tactic::new("smt")).solver();
    let mut p = Params::new();
    p.set_u32("timeout", timeout_ms.clamp(1000, u32::MAX as u64) as u32);
    s.set_params(&p);
    for (k, (premises, conclusion)) in checks.iter().enumerate() {
        let interpret = |b: &Bool| m.eval(b, false);
        let (Some(premises), Some(conclusion)) =
            (premises.iter().map(interpret).collect::<Option<Vec<Bool>>>(), interpret(conclusion))
        else {
            return HornAnswer::Unknown(format!("no interpretation of rule {k}'s predicates in the solution"));
        };
        s.push();
        s.assert(Bool::and(&premises));
        s.assert(conclusion.not());
        let r = s.check();
        s.pop(1);
        if r != SatResult::Unsat {
            let how = if r == SatResult::Sat { "does not satisfy" } else { "could not be checked against" };
            return HornAnswer::Unknown(format!("the solution the Horn solver returned {how} rule {k}"));
        }
    }
    HornAnswer::Holds
}

fn apply(decl: &FuncDecl, args: &[H], lookup: &dyn Fn(u32) -> Int) -> Bool {
    let ints: Vec<Int> = args.iter().map(|a| integer(a, lookup)).collect();
    let refs: Vec<&dyn Ast> = ints.iter().map(|i| i as &dyn Ast).collect();
    let d: Dynamic = decl.apply(&refs);
    d.as_bool().unwrap_or_else(|| Bool::from_bool(false))
}

fn integer(h: &H, lookup: &dyn Fn(u32) -> Int) -> Int {
    let i = |x: &H| integer(x, lookup);
    match h {
        H::Num(n) => Int::from_i128(*n),
        H::Var(v) => lookup(*v),
        H::Add(xs) => Int::add(&xs.iter().map(i).collect::<Vec<_>>()),
        H::Mul(a, b) => Int::mul(&[i(a), i(b)]),
        H::Neg(a) => i(a).unary_minus(),
        H::Div(a, b) => i(a).div(i(b)),
        H::Mod(a, b) => i(a).modulo(i(b)),
        H::Ite(c, a, b) => boolean(c, lookup).ite(&i(a), &i(b)),
        // (a boolean where an integer is expected: C's 0/1)
        b => boolean(b, lookup).ite(&Int::from_i64(1), &Int::from_i64(0)),
    }
}

fn boolean(h: &H, lookup: &dyn Fn(u32) -> Int) -> Bool {
    let b = |x: &H| boolean(x, lookup);
    let i = |x: &H| integer(x, lookup);
    match h {
        H::Bool(v) => Bool::from_bool(*v),
        H::Le(x, y) => i(x).le(i(y)),
        H::Lt(x, y) => i(x).lt(i(y)),
        H::Eq(x, y) => i(x).eq(i(y)),
        H::Not(x) => b(x).not(),
        H::And(xs) => Bool::and(&xs.iter().map(b).collect::<Vec<_>>()),
        H::Or(xs) => Bool::or(&xs.iter().map(b).collect::<Vec<_>>()),
        H::Ite(c, x, y) => b(c).ite(&b(x), &b(y)),
        // (an integer where a condition is expected: C's "non-zero")
        n => i(n).eq(Int::from_i64(0)).not(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(i: u32) -> H {
        H::Var(i)
    }

    #[test]
    fn a_solution_that_violates_a_rule_is_not_a_proof() {
        // a model in which inv is true everywhere (a plain solver's answer to "inv(x)")
        let inv = FuncDecl::new("inv", &[&Sort::int()], &Sort::bool());
        let x = Int::new_const("x");
        let s = Solver::new();
        let app = inv.apply(&[&x as &dyn Ast]).as_bool().expect("a predicate");
        s.assert(&app);
        assert_eq!(s.check(), SatResult::Sat);
        let m = s.get_model().expect("a model");
        let y = Int::new_const("y");
        let inv_y = inv.apply(&[&y as &dyn Ast]).as_bool().expect("a predicate");
        // inv(y) ∧ y < 0 → false: violated by "inv = true"
        let query = (vec![inv_y.clone(), y.lt(Int::from_i64(0))], Bool::from_bool(false));
        // inv(y) ∧ y < 0 ∧ y > 0 → false: holds under any interpretation
        let vacuous = (vec![inv_y, y.lt(Int::from_i64(0)), y.gt(Int::from_i64(0))], Bool::from_bool(false));
        assert_eq!(check_solution(&m, std::slice::from_ref(&vacuous), 5_000), HornAnswer::Holds);
        assert!(matches!(check_solution(&m, &[vacuous, query], 5_000), HornAnswer::Unknown(_)));
    }

    /// x := 0; while (x < n) x++; query x > n (n >= 0): holds (invariant x <= n).
    fn counter(bad: H) -> HornAnswer {
        let mut h = Horn::default();
        let inv = h.pred("inv".into(), 2);
        h.rules.push(Rule {
            body: vec![],
            constraint: H::and(vec![H::le(H::Num(0), v(1)), H::eq(v(0), H::Num(0))]),
            head: Some(Atom { pred: inv, args: vec![v(0), v(1)] }),
        });
        h.rules.push(Rule {
            body: vec![Atom { pred: inv, args: vec![v(0), v(1)] }],
            constraint: H::lt(v(0), v(1)),
            head: Some(Atom { pred: inv, args: vec![H::add(v(0), H::Num(1)), v(1)] }),
        });
        h.rules.push(Rule {
            body: vec![Atom { pred: inv, args: vec![v(0), v(1)] }],
            constraint: H::and(vec![H::not(H::lt(v(0), v(1))), bad]),
            head: None,
        });
        h.solve(10_000, &[])
    }

    #[test]
    fn loop_invariant_found() {
        // at the exit x == n: x != n is unreachable
        assert_eq!(counter(H::not(H::eq(v(0), v(1)))), HornAnswer::Holds);
    }

    #[test]
    fn reachable_error_found() {
        // x == n at the exit, and n can be 3
        assert_eq!(counter(H::eq(v(0), H::Num(3))), HornAnswer::Fails);
    }

    #[test]
    fn folding() {
        assert_eq!(H::add(H::Num(2), H::Num(3)), H::Num(5));
        assert!(H::and(vec![H::lt(H::Num(3), H::Num(2)), v(0)]).is_false());
        assert_eq!(H::modulo(H::Num(-7), H::Num(4)), H::Num(1));
        assert_eq!(H::div(H::Num(-7), H::Num(4)), H::Num(-2));
    }
}
