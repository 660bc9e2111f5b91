//! Runs whose inputs are patched from the comparisons of earlier runs.
//!
//! Random draws rarely meet a condition such as `(a->type & 0xFF) == cJSON_String` on two
//! inputs at once, or a length exactly one past an offset. But a concrete run knows the
//! values it compared: when one side of a comparison is, bit for bit, the value an input was
//! drawn with (or its low byte, half-word or word, for a masked field), setting that input
//! to the other side (or a neighbour of it) takes the comparison the other way. This is the
//! input-to-state correspondence of fuzzers (Aschermann et al., "REDQUEEN: Fuzzing with
//! Input-to-State Correspondence", NDSS 2019), here on the product's inputs.
//!
//! A side that many inputs match (a byte value the draws favour, zero) does not say which
//! input was compared: a run gives each of them a byte no input holds (REDQUEEN's
//! colourisation), and in that run the comparison names its input ([`changes`]). An input
//! set equal to another that alone is the other side of an equality is tied to it: both are
//! patched, and a later patch of one moves the other ([`tied`]).
//!
//! A run on patched inputs is drawn from the same seed as the run it came from (the other
//! inputs keep their values); runs for a comparison outcome that no run has shown yet come
//! first, the rarest comparison's first, and each outcome is tried a few times at most (see
//! [`Guide`]). Patched runs are concrete runs like any other: what they find is confirmed
//! the same way, and they never make an answer other than a confirmed difference.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::ir::BinOp;
use crate::term::Bits;

/// An input of the product as the oracle is asked for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Input {
    Scalar(String),
    Element(String, Vec<Bits>),
}

/// Where a comparison was made: function, instruction, and its rank among the comparisons
/// of that instruction (`a == NULL || b == NULL || a->type != b->type` has three).
pub(super) type Site = (u32, usize, u32);

/// One comparison a run made on constants.
#[derive(Clone)]
pub(super) struct Comparison {
    pub site: Site,
    pub op: BinOp,
    pub signed: bool,
    pub x: Bits,
    pub y: Bits,
    pub holds: bool,
    /// How many inputs had been drawn when it was made (an input drawn later cannot be a side).
    pub drawn: usize,
}

/// What a run draws from: its seed, whether every input is zero, and the inputs set by hand:
/// patched (kept by the runs patched from this one) and coloured (only for this run, to tell
/// apart the inputs one side of a comparison matched; the runs after it keep the one patch
/// that comes of it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Task {
    pub seed: u64,
    pub zeros: bool,
    pub patches: Vec<(Input, Bits)>,
    pub colours: Vec<(Input, Bits)>,
}

/// The most inputs one run patches, the most patched runs one run queues, the most runs
/// queued for one comparison outcome, the most runs waiting, and the most inputs one side of
/// a comparison may match: a value that more inputs hold (zero, a small count; an
/// equivalence product draws hundreds of inputs before the function reads one) says nothing
/// about which input was compared.
const MAX_PATCHES: usize = 8;
const MAX_CHILDREN: usize = 16;
const MAX_TRIES: u32 = 4;
const MAX_QUEUED: usize = 1024;
const MAX_MATCHES: usize = 2;
/// The most inputs one side may match and still be told apart by a run that colours them,
/// and how many of them (the first drawn) that run colours: cJSON_Compare's `b->type`, drawn
/// zero, is one of some 50 zeros, and a run colouring the first 16 of them tells it apart.
/// Colouring the rest in more runs was measured: those runs crowded out the patched ones
/// (cJSON's 1843 and 3104 were no longer found within the time).
const MAX_COLOURED: usize = 64;
const COLOURED: usize = 16;

/// The runs waiting, and the comparison outcomes seen so far.
#[derive(Default)]
pub(super) struct Guide {
    seen: HashSet<(Site, bool)>,
    tries: HashMap<(Site, bool), u32>,
    queued: HashSet<Task>,
    /// Runs for outcomes no run showed yet, each with the site of its comparison and when it
    /// was queued. The run for the comparison fewest runs have made is run first (the
    /// comparisons behind rare conditions are the ones random draws do not reach; cJSON's
    /// `parse_value` compares the byte with `'{'` in one run of ten), and among those the run
    /// queued last, for the earliest comparison: a condition met by one patch leads on to the
    /// next (`a`'s low byte, then `b`, then `c` in the test of engine::random) before the
    /// siblings are tried.
    unseen: Vec<(Site, u64, Task)>,
    /// The sides of comparisons (site, left) whose inputs a run was queued to tell apart.
    coloured: HashSet<(Site, bool)>,
    /// How many runs made a comparison at each site, and how many runs were queued.
    hits: HashMap<Site, u32>,
    queued_count: u64,
    /// Runs for outcomes some run showed, but on other inputs: the all-zero run makes every
    /// two inputs equal, so "the two types equal" is seen at once — with both types invalid,
    /// where nothing goes on. Taken less often (see [`Guide::next`]), in the order queued
    /// (the early runs' would be buried under the later runs' otherwise).
    again: VecDeque<Task>,
}

impl Guide {
    /// The next patched run: for an outcome no run showed, or (`again`) first for one that
    /// some run showed on other inputs.
    pub fn next(&mut self, again: bool) -> Option<Task> {
        if again {
            self.again.pop_front().or_else(|| self.pop_unseen())
        } else {
            self.pop_unseen().or_else(|| self.again.pop_front())
        }
    }

    /// The unseen outcome's run for the rarest comparison, queued last among those.
    fn pop_unseen(&mut self) -> Option<Task> {
        let hits = |site: &Site| self.hits.get(site).copied().unwrap_or(0);
        let best =
            (0..self.unseen.len()).min_by_key(|&i| (hits(&self.unseen[i].0), std::cmp::Reverse(self.unseen[i].1)))?;
        Some(self.unseen.swap_remove(best).2)
    }

    /// Learns from a finished run (`task`, the comparisons it made, the inputs it drew in
    /// order): queues runs that set an input to take a comparison the other way, each outcome
    /// a few times at most.
    pub fn learn(&mut self, task: &Task, comparisons: &[Comparison], drawn: &[(Input, Bits)]) {
        self.seen.extend(comparisons.iter().map(|c| (c.site, c.holds)));
        let sites: HashSet<Site> = comparisons.iter().map(|c| c.site).collect();
        for site in sites {
            *self.hits.entry(site).or_default() += 1;
        }
        let (mut unseen, mut again) = (Vec::new(), Vec::new());
        let held = held_bytes(drawn);
        // (the comparisons fewest runs made first: a run makes thousands, and the few
        // children one run may have go to those)
        let mut order: Vec<&Comparison> = comparisons.iter().collect();
        order.sort_by_key(|c| self.hits.get(&c.site).copied().unwrap_or(0));
        for c in order {
            let flip = (c.site, !c.holds);
            let children = if self.seen.contains(&flip) { &mut again } else { &mut unseen };
            if children.len() >= MAX_CHILDREN || self.tries.get(&flip).is_some_and(|&n| n >= MAX_TRIES) {
                continue;
            }
            let Changes { patches, colours } = changes(c, drawn, &task.patches, &held);
            // (a side is coloured once: a comparison that no input is a side of, such as a
            // condition's value tested against zero, matches the same inputs in every run)
            let colours = colours.into_iter().filter(|(left, _)| self.coloured.insert((c.site, *left)));
            let patched = patches.into_iter().map(|change| {
                let mut child = Task { colours: Vec::new(), ..task.clone() };
                for (input, value) in change {
                    match child.patches.iter_mut().find(|(i, _)| *i == input) {
                        Some(p) => p.1 = value,
                        None => child.patches.push((input, value)),
                    }
                }
                child
            });
            let coloured = colours.map(|(_, change)| Task { colours: change, ..task.clone() });
            for child in patched.chain(coloured) {
                if child.patches.len() > MAX_PATCHES
                    || self.unseen.len() + self.again.len() + children.len() >= MAX_QUEUED
                    || !self.queued.insert(child.clone())
                {
                    continue;
                }
                children.push((c.site, child));
                *self.tries.entry(flip).or_default() += 1;
            }
        }
        for (site, child) in unseen.into_iter().rev() {
            self.queued_count += 1;
            self.unseen.push((site, self.queued_count, child));
        }
        self.again.extend(again.into_iter().map(|(_, child)| child));
    }
}

/// Whether `a op b` holds.
fn holds(op: BinOp, signed: bool, a: &Bits, b: &Bits) -> bool {
    let o = if signed { a.scmp(b) } else { a.ucmp(b) };
    match op {
        BinOp::Eq => o.is_eq(),
        BinOp::Ne => o.is_ne(),
        BinOp::Lt => o.is_lt(),
        BinOp::Le => o.is_le(),
        BinOp::Gt => o.is_gt(),
        _ => o.is_ge(),
    }
}

/// What one comparison suggests: changes that take it the other way, and changes that tell
/// apart the inputs one side (the left one, or not) matched.
#[derive(Default)]
pub(super) struct Changes {
    pub patches: Vec<Vec<(Input, Bits)>>,
    pub colours: Vec<(bool, Vec<(Input, Bits)>)>,
}

/// The changes, each a set of inputs and their values, that take comparison `c` the other
/// way: for each side that one or two inputs drawn before it match, that input set to the
/// other side or a neighbour of it — and with it every input the run had patched that
/// matches the same side (made equal to it by an earlier patch, it stays equal). A side that
/// more inputs match gives the change that tells them apart instead ([`colours`]).
pub(super) fn changes(
    c: &Comparison,
    drawn: &[(Input, Bits)],
    patched: &[(Input, Bits)],
    held: &[bool; 256],
) -> Changes {
    let drawn = &drawn[..c.drawn.min(drawn.len())];
    let mut out = Changes::default();
    let mut used: Vec<&Input> = Vec::new();
    for left in [true, false] {
        let (side, other) = if left { (&c.x, &c.y) } else { (&c.y, &c.x) };
        let flips = |t: &Bits| {
            let now = if left { holds(c.op, c.signed, t, other) } else { holds(c.op, c.signed, other, t) };
            now != c.holds
        };
        let one = Bits::from_u128(other.width(), 1);
        let Some(target) = [other.clone(), other.add(&one), other.sub(&one)].into_iter().find(|t| flips(t)) else {
            continue;
        };
        // (a run draws hundreds of inputs and makes thousands of comparisons: the low byte
        // tells most inputs apart before any value is built)
        let mut matches: Vec<(&Input, &Bits, Bits)> = Vec::new();
        for (input, v) in drawn {
            if low_byte(v, side.width()) != low_byte(side, v.width()) {
                continue;
            }
            if let Some(p) = placed(v, side, &target, &flips).filter(|p| p != v) {
                matches.push((input, v, p));
                if matches.len() > MAX_COLOURED {
                    break;
                }
            }
        }
        // (an input an earlier patch set is one the program compared: of the inputs a common
        // value such as zero matches — those gathered — it is the one to set again)
        if matches.len() > MAX_MATCHES {
            let set: Vec<(&Input, &Bits, Bits)> =
                matches.iter().filter(|(i, _, _)| patched.iter().any(|(p, _)| p == *i)).cloned().collect();
            if !set.is_empty() && set.len() <= MAX_MATCHES {
                matches = set;
            }
        }
        if matches.len() > MAX_MATCHES {
            out.colours.extend(colours(&matches, held, patched).map(|change| (left, change)));
            continue;
        }
        if matches.is_empty() {
            continue;
        }
        let along: Vec<(Input, Bits)> = patched
            .iter()
            .filter_map(|(i, v)| placed(v, side, &target, &flips).filter(|p| p != v).map(|p| (i.clone(), p)))
            .collect();
        let tie = tied(c, other, drawn);
        for (input, _, p) in matches {
            if used.contains(&input) {
                continue;
            }
            used.push(input);
            let mut change = vec![(input.clone(), p)];
            change.extend(along.iter().filter(|(i, _)| i != input).cloned());
            if let Some((i, v)) = tie.filter(|(i, _)| change.iter().all(|(j, _)| j != *i)) {
                change.push((i.clone(), v.clone()));
            }
            out.patches.push(change);
        }
    }
    out
}

/// The input that alone is the other side `other` of an equality `c` (of those drawn before
/// it), with its value: a patch that makes an input equal to it sets it too, to the value it
/// has. Both are then patched inputs, and a later patch of the one moves the other along
/// (`a->type & 0xFF == b->type & 0xFF`, then `switch (a->type & 0xFF)`: `b`'s type follows
/// `a`'s to `cJSON_String`). None for an order comparison, or when no input or several are it.
/// (A literal the program compares with may be held by one input by chance: that input is
/// kept at the value it had in the run anyway.)
fn tied<'a>(c: &Comparison, other: &Bits, drawn: &'a [(Input, Bits)]) -> Option<(&'a Input, &'a Bits)> {
    if !matches!(c.op, BinOp::Eq | BinOp::Ne) {
        return None;
    }
    let mut sources = drawn.iter().filter(|(_, v)| {
        low_byte(v, other.width()) == low_byte(other, v.width()) && placed(v, other, other, &|_| true).is_some()
    });
    match (sources.next(), sources.next()) {
        (Some((i, v)), None) => Some((i, v)),
        _ => None,
    }
}

/// A change that tells apart the inputs `matches` (more than [`MAX_MATCHES`]) that one side
/// of a comparison matched, the first [`COLOURED`] of them: each gets a low byte that no
/// input drawn holds, the rest of its value kept. In the run on these inputs the same
/// comparison, if made again on one of them, matches it alone, and the run after patches it
/// (REDQUEEN's colourisation: random bytes that keep the path). `held`: the low bytes the
/// run's inputs hold ([`held_bytes`]). Inputs an earlier patch set keep their values (the
/// path to here may hang on them); None when the matches are more than [`MAX_COLOURED`].
fn colours(
    matches: &[(&Input, &Bits, Bits)],
    held: &[bool; 256],
    patched: &[(Input, Bits)],
) -> Option<Vec<(Input, Bits)>> {
    if matches.len() > MAX_COLOURED {
        return None;
    }
    let mut free = (0u16..256).filter(|&b| !held[b as usize]);
    let mut change = Vec::new();
    for &(input, v, _) in matches {
        if v.width() < 8 || patched.iter().any(|(i, _)| i == input) {
            continue;
        }
        if change.len() == COLOURED {
            break;
        }
        let byte = Bits::from_u128(8, u128::from(free.next()?));
        let coloured = if v.width() > 8 { Bits::concat(&v.extract(v.width() - 1, 8), &byte) } else { byte };
        change.push((input.clone(), coloured));
    }
    (!change.is_empty()).then_some(change)
}

/// Which low bytes the inputs a run drew hold (a coloured input gets one that none holds).
pub(super) fn held_bytes(drawn: &[(Input, Bits)]) -> [bool; 256] {
    let mut held = [false; 256];
    for (_, v) in drawn {
        held[low_byte(v, 8) as usize] = true;
    }
    held
}

/// The low bits of `b` that any placing of one value in the other keeps: at most 8, and no
/// more than either width.
fn low_byte(b: &Bits, other_width: u32) -> u64 {
    let k = 8.min(b.width()).min(other_width);
    b.limbs().first().map_or(0, |l| l & ((1u64 << k) - 1))
}

/// The value of an input now `v` that makes a compared value now `side` (of `side`'s width)
/// equal to `target`: `v` itself compared, or extended, or its low 8, 16, 32 or 64 bits
/// (a masked field: `type & 0xFF`); None when `side` is not `v` in any of these ways.
fn placed(v: &Bits, side: &Bits, target: &Bits, flips: &dyn Fn(&Bits) -> bool) -> Option<Bits> {
    let (w, wi) = (side.width(), v.width());
    if wi == w && v == side {
        return Some(target.clone());
    }
    if wi > w && v.extract(w - 1, 0) == *side {
        return Some(Bits::concat(&v.extract(wi - 1, w), target));
    }
    if wi < w {
        let low = target.extract(wi - 1, 0);
        for (extended, back) in [(v.zext(w - wi), low.zext(w - wi)), (v.sext(w - wi), low.sext(w - wi))] {
            if extended == *side {
                return flips(&back).then_some(low);
            }
        }
    }
    for k in [8, 16, 32, 64] {
        if k >= w.min(wi) {
            break;
        }
        let fits = |b: &Bits| b.extract(b.width() - 1, k).is_zero();
        if fits(side) && fits(target) && v.extract(k - 1, 0) == side.extract(k - 1, 0) {
            return Some(Bits::concat(&v.extract(wi - 1, k), &target.extract(k - 1, 0)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(w: u32, v: u128) -> Bits {
        Bits::from_u128(w, v)
    }

    fn cmp(op: BinOp, x: Bits, y: Bits, holds: bool, drawn: usize) -> Comparison {
        Comparison { site: (0, 0, 0), op, signed: false, x, y, holds, drawn }
    }

    fn scalar(k: &str) -> Input {
        Input::Scalar(k.to_string())
    }

    #[test]
    fn an_input_compared_as_drawn_is_set_to_the_other_side() {
        let drawn = vec![(scalar("n"), b(32, 7)), (scalar("m"), b(32, 9))];
        // n == 123 was false: n := 123
        let c = cmp(BinOp::Eq, b(32, 7), b(32, 123), false, 2);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("n"), b(32, 123))]]);
        // 123 != n was true: n := 123 as well (the input on the right)
        let c = cmp(BinOp::Ne, b(32, 123), b(32, 7), true, 2);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("n"), b(32, 123))]]);
        // n < 123 was true: n := 123 makes it false (m is not compared)
        let c = cmp(BinOp::Lt, b(32, 7), b(32, 123), true, 2);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("n"), b(32, 123))]]);
        // n <= 123 was true: 123 keeps it true, 124 does not
        let c = cmp(BinOp::Le, b(32, 7), b(32, 123), true, 2);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("n"), b(32, 124))]]);
        // n == 7 was true: a neighbour makes it false (n is both sides: patched once)
        let c = cmp(BinOp::Eq, b(32, 7), b(32, 7), true, 2);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("n"), b(32, 8))]]);
    }

    #[test]
    fn an_input_drawn_after_the_comparison_is_not_a_side_of_it() {
        let drawn = vec![(scalar("n"), b(32, 7)), (scalar("m"), b(32, 7))];
        let c = cmp(BinOp::Eq, b(32, 7), b(32, 5), false, 1);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("n"), b(32, 5))]]);
    }

    #[test]
    fn a_masked_field_gets_its_low_byte_and_keeps_the_rest() {
        // cJSON: (type & 0xFF) == cJSON_String with type drawn 0x1234_5678
        let drawn = vec![(scalar("type"), b(32, 0x1234_5678))];
        let c = cmp(BinOp::Eq, b(32, 0x78), b(32, 16), false, 1);
        assert_eq!(
            changes(&c, &drawn, &[], &held_bytes(&drawn)).patches,
            vec![vec![(scalar("type"), b(32, 0x1234_5610))]]
        );
        // a value that does not fit the low byte is not placed there
        let c = cmp(BinOp::Eq, b(32, 0x78), b(32, 0x1_0000), false, 1);
        assert!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches.is_empty());
    }

    #[test]
    fn a_byte_compared_as_an_int_is_set_through_the_extension() {
        let e = Input::Element("s_object".to_string(), vec![b(64, 3)]);
        // a char -1 (0xFF) compared, sign-extended, with '{' (123)
        let drawn = vec![(e.clone(), b(8, 0xFF))];
        let mut c = cmp(BinOp::Eq, Bits::from_i128(32, -1), b(32, 123), false, 1);
        c.signed = true;
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(e.clone(), b(8, 123))]]);
        // a value no byte holds is not the other side once truncated: no patch
        let c = cmp(BinOp::Eq, b(32, 0xFF), b(32, 0x1FF), false, 1);
        assert!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches.is_empty());
        // a wider input compared through a truncation: the low bits are set
        let drawn = vec![(scalar("len"), b(64, 0xAB_0000_0005))];
        let c = cmp(BinOp::Eq, b(32, 5), b(32, 40), false, 1);
        assert_eq!(
            changes(&c, &drawn, &[], &held_bytes(&drawn)).patches,
            vec![vec![(scalar("len"), b(64, 0xAB_0000_0028))]]
        );
    }

    #[test]
    fn a_value_many_inputs_hold_says_nothing_about_which_was_compared() {
        let drawn: Vec<_> = ["a", "b", "c"].iter().map(|k| (scalar(k), b(32, 0))).collect();
        let c = cmp(BinOp::Eq, b(32, 0), b(32, 16), false, 3);
        assert!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches.is_empty());
        // two inputs: either may be the one
        let c = cmp(BinOp::Eq, b(32, 0), b(32, 16), false, 2);
        let p = changes(&c, &drawn, &[], &held_bytes(&drawn)).patches;
        assert_eq!(p, vec![vec![(scalar("a"), b(32, 16))], vec![(scalar("b"), b(32, 16))]]);
    }

    #[test]
    fn an_input_patched_equal_to_the_compared_one_follows_it() {
        // an earlier patch made b's low byte a's (a->type & 0xFF == b->type & 0xFF); now the
        // switch compares a's low byte with cJSON_String
        let drawn = vec![(scalar("a"), b(32, 0x5C73_8DF8)), (scalar("b"), b(32, 0x0000_01F8))];
        let patched = vec![(scalar("b"), b(32, 0x0000_01F8))];
        let c = cmp(BinOp::Eq, b(32, 0xF8), b(32, 16), false, 2);
        let p = changes(&c, &drawn, &patched, &held_bytes(&drawn)).patches;
        assert_eq!(p[0], vec![(scalar("a"), b(32, 0x5C73_8D10)), (scalar("b"), b(32, 0x0000_0110))]);
    }

    #[test]
    fn an_input_set_equal_to_another_is_tied_to_it_and_both_follow_the_next_patch() {
        // cJSON_Compare: `(a->type & 0xFF) != (b->type & 0xFF)` held (0x17 and 0xC5, the
        // second a colour no other input holds)
        let drawn = vec![(scalar("a"), b(32, 0x5C73_8D17)), (scalar("b"), b(32, 0xC5)), (scalar("n"), b(32, 9))];
        let c = cmp(BinOp::Ne, b(32, 0x17), b(32, 0xC5), true, 3);
        let p = changes(&c, &drawn, &[], &held_bytes(&drawn)).patches;
        // a set to b's value keeps b as it is (and the other way round)
        assert_eq!(
            p,
            vec![
                vec![(scalar("a"), b(32, 0x5C73_8DC5)), (scalar("b"), b(32, 0xC5))],
                vec![(scalar("b"), b(32, 0x17)), (scalar("a"), b(32, 0x5C73_8D17))],
            ]
        );
        // the run on the first: `switch (a->type & 0xFF)` compares 0xC5 with cJSON_String,
        // and both types move to it
        let patched = p[0].clone();
        let drawn = vec![(scalar("a"), b(32, 0x5C73_8DC5)), (scalar("b"), b(32, 0xC5)), (scalar("n"), b(32, 9))];
        let c = cmp(BinOp::Eq, b(32, 0xC5), b(32, 16), false, 3);
        let p = changes(&c, &drawn, &patched, &held_bytes(&drawn)).patches;
        assert_eq!(p[0], vec![(scalar("a"), b(32, 0x5C73_8D10)), (scalar("b"), b(32, 0x10))]);
        // an order comparison ties nothing, nor a side several inputs hold
        let drawn = vec![(scalar("a"), b(32, 3)), (scalar("b"), b(32, 40)), (scalar("c"), b(32, 40))];
        let c = cmp(BinOp::Lt, b(32, 3), b(32, 41), true, 2);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(scalar("a"), b(32, 41))]]);
        let c = cmp(BinOp::Eq, b(32, 3), b(32, 40), false, 3);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches[0], vec![(scalar("a"), b(32, 40))]);
    }

    #[test]
    fn of_up_to_64_inputs_one_side_matches_the_first_16_are_coloured() {
        // 40 zeros (b->type among the first): one coloured run, for the first 16 drawn, each
        // byte unheld and distinct; 70 zeros are too many to tell apart
        let zeros = |n: usize| -> Vec<(Input, Bits)> { (0..n).map(|i| (scalar(&format!("z{i}")), b(32, 0))).collect() };
        let mut drawn = zeros(40);
        drawn.push((scalar("x"), b(32, 0x37)));
        let c = cmp(BinOp::Ne, b(32, 0x37), b(32, 0), true, 41);
        let runs: Vec<Vec<(Input, Bits)>> = changes(&c, &drawn, &[], &held_bytes(&drawn))
            .colours
            .into_iter()
            .filter(|(left, _)| !left)
            .map(|(_, change)| change)
            .collect();
        assert_eq!(runs.len(), 1);
        let inputs: Vec<&Input> = runs[0].iter().map(|(i, _)| i).collect();
        assert_eq!(inputs, drawn[..16].iter().map(|(i, _)| i).collect::<Vec<_>>());
        let bytes: HashSet<u64> = runs[0].iter().map(|(_, v)| low_byte(v, 8)).collect();
        assert_eq!(bytes.len(), 16);
        assert!(!bytes.contains(&0) && !bytes.contains(&0x37));
        let mut drawn = zeros(70);
        drawn.push((scalar("x"), b(32, 0x37)));
        let c = cmp(BinOp::Ne, b(32, 0x37), b(32, 0), true, 71);
        assert!(changes(&c, &drawn, &[], &held_bytes(&drawn)).colours.iter().all(|(left, _)| *left));
    }

    #[test]
    fn an_outcome_no_run_showed_is_tried_first_and_each_run_queued_once() {
        let mut g = Guide::default();
        let root = Task { seed: 1, zeros: false, patches: vec![], colours: vec![] };
        let drawn = vec![(scalar("n"), b(32, 7))];
        // n == 3 false here, true in another run: queued, but as seen
        let seen_both = [
            Comparison { site: (0, 1, 0), ..cmp(BinOp::Eq, b(32, 7), b(32, 3), false, 1) },
            Comparison { site: (0, 1, 0), ..cmp(BinOp::Eq, b(32, 3), b(32, 3), true, 1) },
        ];
        g.learn(&root, &seen_both, &drawn);
        // n == 5 false, and no run made it true
        let c = [Comparison { site: (0, 2, 0), ..cmp(BinOp::Eq, b(32, 7), b(32, 5), false, 1) }];
        g.learn(&root, &c, &drawn);
        g.learn(&root, &c, &drawn);
        let child = g.next(false).expect("a run is queued");
        assert_eq!(child.patches, vec![(scalar("n"), b(32, 5))], "the unseen outcome first");
        assert_eq!(child.seed, 1);
        assert_eq!(g.next(false).map(|t| t.patches), Some(vec![(scalar("n"), b(32, 3))]));
        assert!(g.next(false).is_none(), "the same run is queued once");
        // a child's patch is kept by its own children
        let drawn = vec![(scalar("n"), b(32, 5)), (scalar("m"), b(32, 0))];
        let c = [Comparison { site: (0, 3, 0), ..cmp(BinOp::Eq, b(32, 0), b(32, 9), false, 2) }];
        g.learn(&child, &c, &drawn);
        let grandchild = g.next(true).expect("a second patch is queued");
        assert_eq!(grandchild.patches, vec![(scalar("n"), b(32, 5)), (scalar("m"), b(32, 9))]);
    }

    #[test]
    fn an_outcome_is_tried_a_few_times_at_most() {
        let mut g = Guide::default();
        let c = [cmp(BinOp::Eq, b(32, 7), b(32, 5), false, 1)];
        for seed in 0..10 {
            let root = Task { seed, zeros: false, patches: vec![], colours: vec![] };
            g.learn(&root, &c, &[(scalar("n"), b(32, 7))]);
        }
        let mut queued = 0;
        while g.next(false).is_some() {
            queued += 1;
        }
        assert_eq!(queued, MAX_TRIES);
    }

    #[test]
    fn inputs_that_one_side_matches_too_many_of_are_told_apart_by_a_coloured_run() {
        // cJSON's parse_value: the byte at the offset, '\\' (92), compared with '{' as an int;
        // four bytes hold 92, so which one was compared is not known
        let e = |i: u128| Input::Element("content".to_string(), vec![b(64, i)]);
        let mut drawn: Vec<_> = (0..4).map(|i| (e(i), b(8, 92))).collect();
        drawn.push((scalar("length"), b(64, 0x1_0000_0041)));
        let c = cmp(BinOp::Eq, b(32, 92), b(32, 123), false, 5);
        let Changes { patches, colours } = changes(&c, &drawn, &[], &held_bytes(&drawn));
        assert!(patches.is_empty());
        assert_eq!(colours.len(), 1, "one change tells the four apart");
        let (left, change) = &colours[0];
        assert!(*left);
        let inputs: Vec<&Input> = change.iter().map(|(i, _)| i).collect();
        assert_eq!(inputs, (0..4).map(e).collect::<Vec<_>>().iter().collect::<Vec<_>>());
        let bytes: HashSet<u64> = change.iter().map(|(_, v)| low_byte(v, 8)).collect();
        assert_eq!(bytes.len(), 4, "each gets its own byte");
        assert!(!bytes.contains(&92) && !bytes.contains(&0x41), "a byte no input holds");
        // in the coloured run the compared byte is alone: it is patched
        drawn[2].1 = change[2].1.clone();
        let c = cmp(BinOp::Eq, change[2].1.zext(24), b(32, 123), false, 5);
        assert_eq!(changes(&c, &drawn, &[], &held_bytes(&drawn)).patches, vec![vec![(e(2), b(8, 123))]]);
        // through the guide: the coloured run, then a run with the one patch (the colours
        // are not kept: only the compared byte matters)
        let mut g = Guide::default();
        let root = Task { seed: 3, zeros: false, patches: vec![], colours: vec![] };
        let before: Vec<_> = (0..4).map(|i| (e(i), b(8, 92))).collect();
        g.learn(&root, &[cmp(BinOp::Eq, b(32, 92), b(32, 123), false, 4)], &before);
        let coloured = g.next(false).expect("a coloured run is queued");
        assert_eq!((coloured.seed, coloured.patches.len(), coloured.colours.len()), (3, 0, 4));
        let mut seen = before.clone();
        seen[2].1 = coloured.colours[2].1.clone();
        let c = Comparison { site: (0, 0, 0), ..cmp(BinOp::Eq, seen[2].1.zext(24), b(32, 123), false, 4) };
        g.learn(&coloured, &[c], &seen);
        let patched = g.next(false).expect("the patch is queued");
        assert_eq!((patched.patches, patched.colours), (vec![(e(2), b(8, 123))], vec![]));
        // an input an earlier patch set keeps its value
        let patched = vec![(e(0), b(8, 92))];
        let drawn: Vec<_> = (0..4).map(|i| (e(i), b(8, 92))).collect();
        let c = cmp(BinOp::Eq, b(32, 92), b(32, 123), false, 4);
        let Changes { patches, colours } = changes(&c, &drawn, &patched, &held_bytes(&drawn));
        assert_eq!(patches, vec![vec![(e(0), b(8, 123))]], "of the inputs a value matches, the patched one is set");
        assert!(colours.is_empty());
    }

    #[test]
    fn a_side_is_coloured_once_and_the_rarest_comparison_is_patched_first() {
        let mut g = Guide::default();
        let drawn: Vec<_> = ["a", "b", "c", "d"].iter().map(|k| (scalar(k), b(32, 0))).collect();
        // `x != 0` on a value no input is: every run matches the same zeros
        let c = [cmp(BinOp::Ne, b(32, 0), b(32, 0), false, 4)];
        for seed in 0..3 {
            g.learn(&Task { seed, zeros: false, patches: vec![], colours: vec![] }, &c, &drawn);
        }
        let mut coloured = 0;
        while g.next(false).is_some() {
            coloured += 1;
        }
        // (both sides match the same four inputs: the same run, queued once)
        assert_eq!(coloured, 1, "a side is coloured once, not once per run");
        // site 1 is made by every run, site 2 by one: its run comes first, though queued first
        let drawn = vec![(scalar("n"), b(32, 7)), (scalar("m"), b(32, 9))];
        let frequent = Comparison { site: (0, 1, 0), ..cmp(BinOp::Eq, b(32, 7), b(32, 5), false, 2) };
        let rare = Comparison { site: (0, 2, 0), ..cmp(BinOp::Eq, b(32, 9), b(32, 3), false, 2) };
        let root = Task { seed: 9, zeros: false, patches: vec![], colours: vec![] };
        g.learn(&root, &[frequent.clone(), rare.clone()], &drawn);
        for seed in 10..13 {
            g.learn(
                &Task { seed, zeros: false, patches: vec![], colours: vec![] },
                std::slice::from_ref(&frequent),
                &drawn,
            );
        }
        assert_eq!(g.next(false).map(|t| (t.seed, t.patches)), Some((9, vec![(scalar("m"), b(32, 3))])));
    }
}
