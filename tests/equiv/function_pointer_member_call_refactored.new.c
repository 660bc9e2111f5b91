struct ops { int (*get)(int); };
static int next(int x) { return x + 1; }
struct ops std_ops = { next };
int apply(const struct ops *o, int x) {
  int r = 0;
  if (x <= 100 && x >= -100) r = o->get(x);
  return r;
}
