// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: FAILING
// why: g is incremented through a pointer every iteration, so memory differs at every
//   arrival at the back-edge and no state comes back (the comparison covers memory, not
//   only the variables named in the loop): no lasso, the bounded verdict FAILING.
int s = 0;
int g;
int *p = &g;
int main(void) {
  while (1) { s = 0; (*p)++; }
}
