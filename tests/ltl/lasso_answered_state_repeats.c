// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: SUCCEEDING
// why: the state repeats after every iteration, but every iteration answers its request
//   (s = 0 then s = 1): the infinite run repeating it satisfies the formula, so the repeated
//   state is no lasso. Every trace ends right after s = 1 with nothing pending: SUCCEEDING.
int s = 0;
int main(void) {
  while (1) { s = 0; s = 1; }
}
