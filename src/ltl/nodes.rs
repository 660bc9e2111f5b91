//! Hash-consed formulas in negation normal form over `U`, `R` and `X` only: the tableau's
//! working representation. Equal subformulas share one id, and a few equivalences are applied
//! as nodes are built, so that equal obligation sets are recognised as one state.

use std::collections::HashMap;

use super::formula::Formula;

/// A node's index in its [`Arena`].
pub type Id = u32;

/// One NNF node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    True,
    False,
    /// Atom `.0` has value `.1`.
    Lit(u32, bool),
    And(Id, Id),
    Or(Id, Id),
    Next(Id),
    Until(Id, Id),
    Release(Id, Id),
}

/// The id of [`Node::True`].
pub const TRUE: Id = 0;
/// The id of [`Node::False`].
pub const FALSE: Id = 1;

/// Subtrees already lowered in one [`Arena::lower`] call: (address, negated) → id.
type Memo = HashMap<(usize, bool), Id>;

/// A set of hash-consed nodes.
pub struct Arena {
    nodes: Vec<Node>,
    index: HashMap<Node, Id>,
}

impl Arena {
    /// An arena holding only `true` and `false`.
    pub fn new() -> Arena {
        let mut arena = Arena { nodes: Vec::new(), index: HashMap::new() };
        arena.intern(Node::True);
        arena.intern(Node::False);
        arena
    }

    /// The node with id `id`.
    pub fn node(&self, id: Id) -> Node {
        self.nodes[id as usize]
    }

    fn intern(&mut self, node: Node) -> Id {
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        let id = self.nodes.len() as Id;
        self.nodes.push(node);
        self.index.insert(node, id);
        id
    }

    /// `a ∧ b`, simplified.
    pub fn and(&mut self, a: Id, b: Id) -> Id {
        if a == FALSE || b == FALSE || self.complementary(a, b) {
            return FALSE;
        }
        match (a, b) {
            (TRUE, x) | (x, TRUE) => x,
            _ if a == b => a,
            _ => self.intern(Node::And(a.min(b), a.max(b))),
        }
    }

    /// `a ∨ b`, simplified.
    pub fn or(&mut self, a: Id, b: Id) -> Id {
        if a == TRUE || b == TRUE || self.complementary(a, b) {
            return TRUE;
        }
        match (a, b) {
            (FALSE, x) | (x, FALSE) => x,
            _ if a == b => a,
            _ => self.intern(Node::Or(a.min(b), a.max(b))),
        }
    }

    fn complementary(&self, a: Id, b: Id) -> bool {
        matches!((self.node(a), self.node(b)), (Node::Lit(x, v), Node::Lit(y, w)) if x == y && v != w)
    }

    /// `X a`, simplified.
    pub fn next(&mut self, a: Id) -> Id {
        match a {
            TRUE | FALSE => a,
            _ => self.intern(Node::Next(a)),
        }
    }

    /// `a U b`, simplified.
    pub fn until(&mut self, a: Id, b: Id) -> Id {
        match (a, b) {
            (_, TRUE) | (_, FALSE) | (FALSE, _) => b,
            _ if a == b => b,
            // F F b = F b
            (TRUE, _) if matches!(self.node(b), Node::Until(TRUE, _)) => b,
            _ => self.intern(Node::Until(a, b)),
        }
    }

    /// `a R b`, simplified.
    pub fn release(&mut self, a: Id, b: Id) -> Id {
        match (a, b) {
            (_, TRUE) | (_, FALSE) | (TRUE, _) => b,
            _ if a == b => b,
            // G G b = G b
            (FALSE, _) if matches!(self.node(b), Node::Release(FALSE, _)) => b,
            _ => self.intern(Node::Release(a, b)),
        }
    }

    /// The NNF of `f` (of `¬f` when `negate`).
    pub fn lower(&mut self, f: &Formula, negate: bool) -> Id {
        let mut memo = Memo::new();
        self.lower_memo(f, negate, &mut memo)
    }

    /// [`Arena::lower`], remembering the subtrees already lowered (`<->` lowers both of its
    /// sides twice, which nested `<->` would make exponential).
    fn lower_memo(&mut self, f: &Formula, negate: bool, memo: &mut Memo) -> Id {
        let key = (f as *const Formula as usize, negate);
        if let Some(&id) = memo.get(&key) {
            return id;
        }
        let id = self.lower_node(f, negate, memo);
        memo.insert(key, id);
        id
    }

    fn lower_node(&mut self, f: &Formula, negate: bool, memo: &mut Memo) -> Id {
        use Formula::*;
        let n = negate;
        match f {
            True => [TRUE, FALSE][n as usize],
            False => [FALSE, TRUE][n as usize],
            Atom(i) => self.intern(Node::Lit(*i as u32, !n)),
            Not(a) => self.lower_memo(a, !n, memo),
            And(a, b) | Or(a, b) => {
                let (x, y) = (self.lower_memo(a, n, memo), self.lower_memo(b, n, memo));
                if matches!(f, And(..)) != n {
                    self.and(x, y)
                } else {
                    self.or(x, y)
                }
            }
            Implies(a, b) => {
                let (x, y) = (self.lower_memo(a, !n, memo), self.lower_memo(b, n, memo));
                if n {
                    self.and(x, y)
                } else {
                    self.or(x, y)
                }
            }
            Iff(a, b) => self.lower_iff(a, b, n, memo),
            Next(a) => {
                let x = self.lower_memo(a, n, memo);
                self.next(x)
            }
            Finally(a) | Globally(a) => {
                let x = self.lower_memo(a, n, memo);
                if matches!(f, Finally(_)) != n {
                    self.until(TRUE, x)
                } else {
                    self.release(FALSE, x)
                }
            }
            Until(a, b) | Release(a, b) => {
                let (x, y) = (self.lower_memo(a, n, memo), self.lower_memo(b, n, memo));
                if matches!(f, Until(..)) != n {
                    self.until(x, y)
                } else {
                    self.release(x, y)
                }
            }
            WeakUntil(a, b) => self.lower_weak_until(a, b, n, memo),
        }
    }

    /// `a ↔ b` is `(a ∧ b) ∨ (¬a ∧ ¬b)`; its negation `(a ∧ ¬b) ∨ (¬a ∧ b)`.
    fn lower_iff(&mut self, a: &Formula, b: &Formula, negate: bool, memo: &mut Memo) -> Id {
        let (pa, na) = (self.lower_memo(a, false, memo), self.lower_memo(a, true, memo));
        let (pb, nb) = (self.lower_memo(b, false, memo), self.lower_memo(b, true, memo));
        let (first, second) = if negate { ((pa, nb), (na, pb)) } else { ((pa, pb), (na, nb)) };
        let x = self.and(first.0, first.1);
        let y = self.and(second.0, second.1);
        self.or(x, y)
    }

    /// `a W b` is `b R (a ∨ b)`; its negation `¬b U (¬a ∧ ¬b)`.
    fn lower_weak_until(&mut self, a: &Formula, b: &Formula, negate: bool, memo: &mut Memo) -> Id {
        let (x, y) = (self.lower_memo(a, negate, memo), self.lower_memo(b, negate, memo));
        if negate {
            let both = self.and(x, y);
            self.until(y, both)
        } else {
            let either = self.or(x, y);
            self.release(y, either)
        }
    }

    /// Whether `a` implies `b` by a few syntactic rules: sound, far from complete. Gives up
    /// (false) below a fixed recursion depth.
    pub fn implies(&self, a: Id, b: Id) -> bool {
        self.implies_within(a, b, 12)
    }

    fn implies_within(&self, a: Id, b: Id, depth: u32) -> bool {
        if a == b || b == TRUE || a == FALSE {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let imp = |x: Id, y: Id| self.implies_within(x, y, depth - 1);
        let by_right = match self.node(b) {
            Node::Or(x, y) => imp(a, x) || imp(a, y),
            Node::And(x, y) => imp(a, x) && imp(a, y),
            // a ⇒ y ⇒ x U y
            Node::Until(_, y) => imp(a, y),
            _ => false,
        };
        by_right
            || match (self.node(a), self.node(b)) {
                (Node::And(x, y), _) => imp(x, b) || imp(y, b),
                (Node::Or(x, y), _) => imp(x, b) && imp(y, b),
                // U, R and X are monotone in their arguments
                (Node::Until(x, y), Node::Until(x2, y2)) | (Node::Release(x, y), Node::Release(x2, y2)) => {
                    imp(x, x2) && imp(y, y2)
                }
                (Node::Next(x), Node::Next(y)) => imp(x, y),
                // x R y ⇒ y
                (Node::Release(_, y), _) => imp(y, b),
                _ => false,
            }
    }

    /// The node as a [`Formula`] (`true U a` printed as `F a`, `false R a` as `G a`).
    pub fn to_formula(&self, id: Id) -> Formula {
        use Formula as F;
        let b = |x: Id| Box::new(self.to_formula(x));
        match self.node(id) {
            Node::True => F::True,
            Node::False => F::False,
            Node::Lit(i, true) => F::Atom(i as usize),
            Node::Lit(i, false) => F::Atom(i as usize).negated(),
            Node::And(x, y) => F::And(b(x), b(y)),
            Node::Or(x, y) => F::Or(b(x), b(y)),
            Node::Next(x) => F::Next(b(x)),
            Node::Until(TRUE, y) => F::Finally(b(y)),
            Node::Until(x, y) => F::Until(b(x), b(y)),
            Node::Release(FALSE, y) => F::Globally(b(y)),
            Node::Release(x, y) => F::Release(b(x), b(y)),
        }
    }

    /// The conjunction of a set of nodes as a [`Formula`] (`true` for the empty set).
    pub fn conjunction(&self, ids: &[Id]) -> Formula {
        let mut parts = ids.iter().map(|&id| self.to_formula(id));
        let first = parts.next().unwrap_or(Formula::True);
        parts.fold(first, |acc, f| Formula::And(Box::new(acc), Box::new(f)))
    }

    /// The `Until` nodes below `root` (root included), in id order.
    pub fn untils_below(&self, root: Id) -> Vec<Id> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![root];
        let mut out = Vec::new();
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut seen[id as usize], true) {
                continue;
            }
            match self.node(id) {
                Node::And(x, y) | Node::Or(x, y) | Node::Release(x, y) => stack.extend([x, y]),
                Node::Until(x, y) => {
                    out.push(id);
                    stack.extend([x, y]);
                }
                Node::Next(x) => stack.push(x),
                Node::True | Node::False | Node::Lit(..) => {}
            }
        }
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;

    #[test]
    fn equal_subformulas_share_an_id() {
        let mut arena = Arena::new();
        let f = parse("(F {a} && G {b}) || (G {b} && <> {a})").expect("parses").formula;
        let id = arena.lower(&f, false);
        // both disjuncts are the same conjunction, so the disjunction collapses
        assert!(matches!(arena.node(id), Node::And(..)));
        let g = parse("!(G !{a} || F !{b})").expect("parses").formula;
        let h = parse("F {a} && G {b}").expect("parses").formula;
        assert_eq!(arena.lower(&g, false), arena.lower(&h, false));
    }

    #[test]
    fn syntactic_implication() {
        let mut arena = Arena::new();
        // {a} is atom 0 and {b} atom 1 in every formula
        let mut id = |text: &str| {
            let f = parse(&format!("{{a}} && {{b}} && ({text})")).expect("parses").formula;
            let Formula::And(_, inner) = f else { panic!("conjunction") };
            arena.lower(&inner, false)
        };
        let (gfa, fa, a, b) = (id("G F {a}"), id("F {a}"), id("{a}"), id("{b}"));
        let (aub, fb, ab, a_or_b) = (id("{a} U {b}"), id("F {b}"), id("{a} && {b}"), id("{a} || {b}"));
        let (xa, xab, ga) = (id("X {a}"), id("X ({a} || {b})"), id("G {a}"));
        let yes = [(gfa, fa), (a, fa), (aub, fb), (ab, a), (a, a_or_b), (xa, xab), (ga, a), (b, aub)];
        for (x, y) in yes {
            assert!(arena.implies(x, y), "{x} => {y}");
        }
        let no = [(fa, gfa), (fa, a), (fb, aub), (a, ab), (a_or_b, a), (xab, xa), (a, ga), (a, b)];
        for (x, y) in no {
            assert!(!arena.implies(x, y), "{x} =/=> {y}");
        }
    }

    #[test]
    fn weak_until_lowers_to_release() {
        let mut arena = Arena::new();
        let f = parse("{a} W {b}").expect("parses").formula;
        let id = arena.lower(&f, false);
        let Node::Release(x, y) = arena.node(id) else { panic!("expected R") };
        assert_eq!(arena.node(x), Node::Lit(1, true));
        assert!(matches!(arena.node(y), Node::Or(..)));
    }
}
