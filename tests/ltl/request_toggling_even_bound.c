// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: FAILING
// why: s toggles once per iteration from 0; after an even number of iterations (the bound,
//   4) it is 0 again: pending at the end of the trace, FAILING (the paper's oscillating
//   verdict; request_toggling_odd_bound.c is the same program at bound 5).
int s = 0;
int main(void) {
  while (1) { s = !s; }
}
