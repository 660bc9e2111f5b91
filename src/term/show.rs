//! Human-readable rendering of terms (S-expressions, shared nodes printed once per line budget).

use super::{Op, TermStore, T};

/// Renders `t` as an S-expression, eliding below `budget` nodes.
pub fn show(s: &TermStore, t: T, budget: usize) -> String {
    let mut out = String::new();
    let mut left = budget;
    go(s, t, &mut out, &mut left);
    out
}

fn go(s: &TermStore, t: T, out: &mut String, left: &mut usize) {
    if *left == 0 {
        out.push('…');
        return;
    }
    *left -= 1;
    let name = match s.op(t) {
        Op::BoolConst(b) => {
            out.push_str(if *b { "true" } else { "false" });
            return;
        }
        Op::BvConst(b) => {
            out.push_str(&format!("{}:{}", b.to_sdec(), b.width()));
            return;
        }
        Op::FpConst(b) => {
            out.push_str(&format!("fp#x{}", b.to_hex()));
            return;
        }
        Op::Sym(id) => {
            out.push_str(&s.symbol(*id).name);
            return;
        }
        Op::Apply(f) => s.func(*f).name.clone(),
        Op::Extract(h, l) => format!("extract[{h}:{l}]"),
        Op::ZeroExt(n) => format!("zext{n}"),
        Op::SignExt(n) => format!("sext{n}"),
        op => {
            let d = format!("{op:?}");
            d.split('(').next().unwrap_or("?").to_lowercase()
        }
    };
    out.push('(');
    out.push_str(&name);
    for &a in s.args(t) {
        out.push(' ');
        go(s, a, out, left);
    }
    out.push(')');
}
