struct ops { int (*get)(int); };
static int next(int x) { return x + 2; }
struct ops std_ops = { next };
int apply(const struct ops *o, int x) {
  if (x > 100 || x < -100) return 0;
  return o->get(x);
}
