// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: SUCCEEDING
// why: each iteration raises a request and answers it: at the bound (after whole
//   iterations) s == 1, whose stutter extension satisfies the formula; an extension that
//   sets s to 0 for ever would violate it, so SUCCEEDING, not GOOD.
int s = 0;
int main(void) {
  while (1) { s = 0; s = 1; }
}
