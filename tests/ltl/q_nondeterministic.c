// formula: X({p == 1} U {q == 1})
// expect: BAD
// why: the paper's program Q (SoSyM 2013, §3.3). One of its four traces sets p back to 0
//   before q is ever 1: [p0 q0, p1 q0, p0 q0]; at its second letter p == 1 and q == 0, at
//   the third p == 0 and q == 0, so p U q failed for good from position 1. Every extension
//   violates the formula: BAD.
int __VERIFIER_nondet_int(void);
int p = 0, q = 0;
int main(void) {
  p = 1;
  if (__VERIFIER_nondet_int()) p = 0;
  if (__VERIFIER_nondet_int()) q = 1;
  return 0;
}
