// formula: G({s == 0} -> F {s == 1})
// unwind: 5
// expect: SUCCEEDING
// why: s toggles once per iteration from 0; after an odd number of iterations (5) it is 1:
//   answered at the end of the trace and stutter-satisfying, SUCCEEDING (same program as
//   request_toggling_even_bound.c, at bound 5).
int s = 0;
int main(void) {
  while (1) { s = !s; }
}
