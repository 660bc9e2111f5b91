//! What code scanning shows about each SARIF rule: help text, tags, and for the memory-safety
//! and undefined-behaviour rules a `security-severity` (a CVSS-like score: GitHub shows 9.0+ as
//! critical, 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low) with the CWE the property guards
//! against.

/// The help of one claim kind's rule.
pub struct RuleHelp {
    /// What the property means and what a violation is.
    pub text: &'static str,
    /// `security`, `correctness`, `reliability`, the CWE (`external/cwe/cwe-787`).
    pub tags: &'static [&'static str],
    /// None: not a security property (an assertion of the code, a bound of the analysis).
    pub security_severity: Option<&'static str>,
}

/// The help of the rule of a claim kind (`array-bounds` as [`crate::ir::ClaimKind::name`]
/// writes it, or `array bounds`).
pub fn help(kind: &str) -> RuleHelp {
    let kind = kind.replace(' ', "-");
    let (text, tags, severity): (&'static str, &'static [&'static str], Option<&'static str>) = match kind.as_str() {
        "array-bounds" => (
            "An array is indexed outside its bounds for some input the function can get: an out-of-bounds read or write (undefined behaviour).",
            &["security", "memory-safety", "external/cwe/cwe-119", "external/cwe/cwe-787"],
            Some("8.1"),
        ),
        "pointer-bounds" => (
            "A pointer is dereferenced outside the object it points into for some input the function can get: an out-of-bounds read or write.",
            &["security", "memory-safety", "external/cwe/cwe-119", "external/cwe/cwe-125"],
            Some("8.1"),
        ),
        "pointer-null" => (
            "A NULL pointer is dereferenced for some input the function can get (a caller's NULL that the function's precondition allows, or a NULL the function makes itself).",
            &["security", "memory-safety", "external/cwe/cwe-476"],
            Some("7.5"),
        ),
        "pointer-invalid" => (
            "A pointer that points to no live object (freed, out of scope, or never valid) is dereferenced.",
            &["security", "memory-safety", "external/cwe/cwe-416", "external/cwe/cwe-825"],
            Some("8.1"),
        ),
        "free-invalid" => (
            "free() is called on a pointer that is not the start of a heap object.",
            &["security", "memory-safety", "external/cwe/cwe-590", "external/cwe/cwe-763"],
            Some("8.1"),
        ),
        "double-free" => (
            "A heap object is freed twice.",
            &["security", "memory-safety", "external/cwe/cwe-415"],
            Some("8.1"),
        ),
        "function-pointer" => (
            "A call goes through a function pointer that points to no function of the right type.",
            &["security", "memory-safety", "external/cwe/cwe-822"],
            Some("8.1"),
        ),
        "overlap" => (
            "memcpy (or another function that forbids it) is given overlapping source and destination.",
            &["security", "memory-safety", "external/cwe/cwe-475"],
            Some("5.0"),
        ),
        "overflow" => (
            "A signed integer operation overflows (undefined behaviour in C) for some input the function can get.",
            &["security", "correctness", "external/cwe/cwe-190"],
            Some("6.5"),
        ),
        "shift" => (
            "A shift by a negative amount or by at least the width of the type, or a shift of a negative value (undefined behaviour).",
            &["security", "correctness", "external/cwe/cwe-1335"],
            Some("5.0"),
        ),
        "division-by-zero" => (
            "A division or remainder by zero for some input the function can get (undefined behaviour).",
            &["security", "correctness", "external/cwe/cwe-369"],
            Some("5.0"),
        ),
        "memory-leak" => (
            "Heap memory is no longer reachable when the function (or the program) ends, and was not freed.",
            &["reliability", "external/cwe/cwe-401"],
            None,
        ),
        "alignment" => (
            "A pointer is dereferenced at an address not aligned for its type (undefined behaviour).",
            &["correctness", "external/cwe/cwe-704"],
            None,
        ),
        "pointer-relation" => (
            "Pointers into different objects are compared with <, <=, > or >= (undefined behaviour).",
            &["correctness"],
            None,
        ),
        "float-overflow" => ("A floating-point operation overflows to infinity.", &["correctness"], None),
        "assertion" => ("An assertion of the code (assert, __VERIFIER_assert, a written contract) fails.", &["correctness"], None),
        "error-label" => ("The program reaches its error label.", &["correctness"], None),
        "unwinding" => (
            "A loop or recursion runs past the bound of the analysis: nothing was proven beyond it.",
            &["analysis-bound"],
            None,
        ),
        "precondition" => (
            "A call breaks what the called function needs of its caller (its precondition).",
            &["correctness"],
            None,
        ),
        "ltl-bad" => (
            "A temporal (LTL) requirement is violated for good: the observed trace is a bad prefix, and every continuation of it violates the formula.",
            &["correctness", "ltl"],
            None,
        ),
        "ltl-failing" => (
            "A temporal (LTL) requirement fails on the observed trace: if the program stayed in its last state, the formula would be violated (some continuation could still satisfy it).",
            &["correctness", "ltl"],
            None,
        ),
        "ltl-succeeding" => (
            "A temporal (LTL) requirement holds on the observed trace as it stands, but some continuation of it could violate the formula.",
            &["correctness", "ltl"],
            None,
        ),
        "ltl-lasso" => (
            "A temporal (LTL) requirement is violated for good on an infinite run: the program returns to the same state at a loop, and repeating the loop forever violates the formula.",
            &["correctness", "ltl"],
            None,
        ),
        "deadlock" => (
            "Every thread of the program that has not finished waits (for a mutex, a join, a condition, a semaphore, a barrier): no thread can make the progress that would release the others.",
            &["correctness", "concurrency"],
            None,
        ),
        "thread-api" => (
            "The thread library is used in a way POSIX leaves undefined or an error: a semaphore used before sem_init, a mutex unlocked by a thread that does not hold it.",
            &["correctness", "concurrency"],
            None,
        ),
        "data-race" => (
            "Two threads access the same memory at the same time and at least one of them writes it, without a lock or an atomic operation ordering them: the value read or left behind depends on the timing of the threads (undefined behaviour in C11).",
            &["correctness", "concurrency"],
            None,
        ),
        "atomicity" => (
            "An assignment reads its shared operands one by one, and another thread wrote one of them before the assignment completed: the result combines values that never held at the same time.",
            &["correctness", "concurrency"],
            None,
        ),
        _ => ("A safety property checked by verdiff is violated.", &["correctness"], None),
    };
    RuleHelp { text, tags, security_severity: severity }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every claim kind the engine reports has its own help; the security rules carry a
    /// severity and a CWE, the others neither.
    #[test]
    fn every_claim_kind_has_help_and_security_rules_a_severity() {
        let fallback = help("no such kind").text;
        assert_eq!(help("array bounds").text, help("array-bounds").text);
        for &k in crate::ir::ClaimKind::all() {
            let h = help(k.name());
            assert_ne!(h.text, fallback, "{} has no help of its own", k.name());
            let security = h.tags.contains(&"security");
            assert_eq!(security, h.security_severity.is_some(), "{}", k.name());
            if security {
                assert!(h.tags.iter().any(|t| t.starts_with("external/cwe/")), "{}", k.name());
            }
        }
    }
}
