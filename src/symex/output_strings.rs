//! Strings an output function prints, logged by their contents.
//!
//! In a product, a call to `printf`, `puts`, `fprintf`, … is logged instead of run (see
//! `product.rs`). A `char *` argument is logged by a 64-bit hash of the characters before its
//! terminator — a string literal's computed from its text, any other string's built as a term
//! from the bytes in memory — so `printf("%s", buf)` compares what the two versions print,
//! and a literal and a buffer holding the same text log the same value. The hash is
//! polynomial, h = Σ bᵢ·Pⁱ (mod 2⁶⁴) over the characters. Like the literal hash before it, it
//! can collide: two different texts with the same h would be taken for the same output. The
//! solver looks for a difference, so a collision hides one only when every pair of differing
//! texts the versions can print collides.

use super::{State, Symex};
use crate::ir::Loc;
use crate::term::T;

/// Characters read through a pointer; a longer string (or one not terminated inside its
/// object within that many bytes) makes the call UNKNOWN.
pub(crate) const MAX_CHARS: u64 = 64;

/// The hash's base: odd, larger than any byte.
const P: u64 = 0x0000_0100_0000_01b3;

/// The hash of `text` (the characters before the first NUL).
pub(crate) fn hash_text(text: &[u8]) -> u64 {
    let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
    let mut h: u64 = 0;
    let mut pow: u64 = 1;
    for &b in &text[..end] {
        h = h.wrapping_add((b as u64).wrapping_mul(pow));
        pow = pow.wrapping_mul(P);
    }
    h
}

impl Symex<'_> {
    /// The hash term of the string `p` points to, as [`hash_text`] computes it.
    ///
    /// Where the string is not terminated inside its live object within [`MAX_CHARS`] bytes
    /// (or `p` is not a valid pointer), that case is UNKNOWN and the path goes on without it —
    /// except, when `must_be_string` (an output function prints it: `puts`, `printf`'s `%s`),
    /// where the bytes run past the end of the object (or the object is dead) before a
    /// terminator: reading them is undefined behaviour, which in an equivalence product
    /// excludes the input in the old version (and in shared code) and is a difference in the
    /// new one (a claim, `tag` telling the argument's claims apart). Only a string longer than
    /// the limit stays UNKNOWN. Before, printing a parameter's 8-byte object made every
    /// comparison UNKNOWN, as the object may hold no terminator.
    pub(crate) fn string_hash_term(
        &mut self,
        st: &mut State,
        p: T,
        what: &str,
        loc: Loc,
        must_be_string: Option<u8>,
    ) -> T {
        let w = 64;
        let mut h = self.s.bv_zero(w);
        let mut alive = self.s.tru();
        let mut terminated = self.s.fals();
        let mut pow: u64 = 1;
        // (a freed buffer's bytes are no text: printing it is undefined)
        let live = self.is_alive(st, p);
        let mut overrun = self.s.fals();
        for i in 0..MAX_CHARS {
            let d = self.s.bv_u(self.memory.off_bits, i as u128);
            let a = self.ptr_add(p, d);
            let b = self.load_bits(st.mem, a, 1);
            let zero = self.s.bv_zero(8);
            let is_nul = self.s.eq(b, zero);
            // the terminator is here, inside the object
            let one = self.s.bv_u(self.memory.off_bits, (i + 1) as u128);
            let inside = self.in_bounds(p, one);
            let here = self.s.and_n(&[live, alive, is_nul, inside]);
            // (no terminator yet, and this byte is not in the live object)
            let readable = self.s.and(live, inside);
            let past = self.s.not(readable);
            let off_end = self.s.and(alive, past);
            overrun = self.s.or(overrun, off_end);
            terminated = self.s.or(terminated, here);
            let not_nul = self.s.not(is_nul);
            alive = self.s.and(alive, not_nul);
            let wide = self.s.zext(w - 8, b);
            let k = self.s.bv_u(w, pow as u128);
            let term = self.s.bvmul(wide, k);
            let z = self.s.bv_zero(w);
            let add = self.s.ite(alive, term, z);
            h = self.s.bvadd(h, add);
            pow = pow.wrapping_mul(P);
        }
        if let Some(tag) = must_be_string.filter(|_| !self.s.is_false(overrun)) {
            let defined = self.s.not(overrun);
            let new_side = st.top().func.is_some_and(|f| self.p.func(f).name.ends_with("@new"));
            if new_side {
                let key = (st.top().func.map(|f| f.0).unwrap_or(u32::MAX), st.top().pc, 10 + tag);
                self.claim(
                    st,
                    key,
                    crate::ir::ClaimKind::PointerBounds,
                    format!("dereference failure: {what} is not a string terminated inside its object"),
                    String::new(),
                    loc,
                    defined,
                );
            }
            st.guard.add(&mut self.s, defined);
        }
        if !self.s.is_true(terminated) {
            let mut over = st.clone();
            let open = self.s.not(terminated);
            over.guard.add(&mut self.s, open);
            self.reach_unsupported(
                &over,
                format!(
                    "{what}: not a live string terminated inside its object within {MAX_CHARS} characters; verdiff compares printed strings up to that length"
                ),
                loc,
            );
            st.guard.add(&mut self.s, terminated);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::hash_text;

    #[test]
    fn the_hash_stops_at_the_terminator_and_sees_order_and_length() {
        assert_eq!(hash_text(b"ab\0cd"), hash_text(b"ab"));
        assert_ne!(hash_text(b"ab"), hash_text(b"ba"));
        assert_ne!(hash_text(b"a"), hash_text(b"a\x01"));
        assert_eq!(hash_text(b""), 0);
        assert_eq!(hash_text(b"A"), 65);
    }
}
