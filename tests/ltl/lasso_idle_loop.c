// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: BAD lasso
// why: after s = 0 the loop writes only k, which no proposition reads: the monitor does not
//   step in the loop, so the infinite run's word is the last letter (s == 0) repeated, whose
//   stutter extension violates the formula; the state (k == 0) comes back after each
//   iteration. A lasso with no monitor step in it.
int s = 1;
int k = 0;
int main(void) {
  s = 0;
  while (1) { k = 0; }
}
