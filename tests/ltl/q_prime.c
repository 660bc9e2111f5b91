// formula: X({p == 1} U {q == 1})
// expect: GOOD
// why: the paper's Q′: Q with q initialised to 1. At position 1 (after p = 1) q == 1 holds
//   already, so p U q holds there on every trace, whatever follows: GOOD.
int __VERIFIER_nondet_int(void);
int p = 0, q = 1;
int main(void) {
  p = 1;
  if (__VERIFIER_nondet_int()) p = 0;
  if (__VERIFIER_nondet_int()) q = 1;
  return 0;
}
