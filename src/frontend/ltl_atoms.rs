//! The atoms of an LTL formula as C functions (docs/ltl.md §1): each atom's expression becomes
//! the body of `int __verdiff_ltl_atom_N(void)`, appended to a translation unit so that it is
//! read in the scope of that unit's globals and type-checked like the program. The expression
//! stands on a line of its own under a line marker naming the formula, at the column it has
//! in the formula, so an error in it (an unknown name) is reported at its place there.

/// The file name errors in an atom are reported under.
pub const FORMULA_FILE: &str = "<ltl formula>";

/// One atom: its C text and the byte offset where it starts in the formula.
pub struct AtomText<'a> {
    pub text: &'a str,
    pub offset: usize,
}

/// The C text of the atom functions, to append to a preprocessed translation unit.
pub fn atom_functions(atoms: &[AtomText]) -> String {
    let mut out = String::from("\n");
    for (i, a) in atoms.iter().enumerate() {
        out.push_str(&format!("int {}(void) {{ return (\n", crate::ir::program::ltl_atom_function(i)));
        // (the line marker sets the number of the line after it)
        out.push_str(&format!("# 1 \"{FORMULA_FILE}\"\n"));
        out.push_str(&" ".repeat(a.offset));
        // (a newline in the atom's text is a space: it stays on line 1)
        out.push_str(&a.text.replace(['\n', '\r'], " "));
        out.push_str("\n) ? 1 : 0; }\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_atom_is_a_function_with_its_expression_at_its_column_in_the_formula() {
        let t = atom_functions(&[AtomText { text: "x > 0", offset: 4 }, AtomText { text: "a[1]\n== 2", offset: 15 }]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines.contains(&"int __verdiff_ltl_atom_0(void) { return ("), "{t}");
        assert!(lines.contains(&"    x > 0"), "column 5 of the formula: {t}");
        assert!(lines.contains(&"               a[1] == 2"), "{t}");
        assert_eq!(t.matches("# 1 \"<ltl formula>\"").count(), 2, "{t}");
    }
}
