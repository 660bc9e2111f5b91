// formula: X({p == 1} U {q == 1})
// expect: FAILING
// why: the paper's Q″: p = 1; if (*) q = 1. The trace [p0 q0, p1 q0] ends with p == 1 and
//   q == 0: stuttering on it, q never comes and p U q fails; an extension that sets q
//   satisfies it, so that trace is FAILING, not BAD. The other trace ends with q == 1 (GOOD).
//   The program's verdict is the minimum: FAILING.
int __VERIFIER_nondet_int(void);
int p = 0, q = 0;
int main(void) {
  p = 1;
  if (__VERIFIER_nondet_int()) q = 1;
  return 0;
}
