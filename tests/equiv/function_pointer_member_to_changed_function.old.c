// function: apply
// expect: NOT EQUIVALENT
// output: return value
// why: `apply` calls the function its argument's `get` member points to. The one function
//   the code takes the address of with that type is `next`, which returns x + 1 in the old
//   version and x + 2 in the new one: a caller passing `&std_ops` sees 1 and 2 for x = 0.
//   Each version must call its own `next` through the pointer both runs share.
struct ops { int (*get)(int); };
static int next(int x) { return x + 1; }
struct ops std_ops = { next };
int apply(const struct ops *o, int x) {
  if (x > 100 || x < -100) return 0;
  return o->get(x);
}
