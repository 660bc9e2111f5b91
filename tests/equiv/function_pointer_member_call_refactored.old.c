// function: apply
// expect: EQUIVALENT
// why: both versions return what the function behind `o->get` returns for x (within
//   bounds) and 0 otherwise; the new one keeps the result in a local first and tests the
//   bounds the other way round. `next` is the same in both, so whichever function the
//   pointer names, both runs call the same code on the same argument.
struct ops { int (*get)(int); };
static int next(int x) { return x + 1; }
struct ops std_ops = { next };
int apply(const struct ops *o, int x) {
  if (x > 100 || x < -100) return 0;
  return o->get(x);
}
