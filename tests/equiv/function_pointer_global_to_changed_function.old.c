// function: run
// expect: NOT EQUIVALENT
// output: return value
// why: `run` calls `scale` through the global `op`, which some code writes (`set_op`), so
//   its value is an input: any function the code takes the address of, here `scale`. The new
//   `scale` multiplies by 3 instead of 2, so for x = 1 the old version returns 2 and the new
//   one 3. A pointer to "`scale`" must call each version's own `scale`: the new run's `op`
//   starts as a copy of the old run's, `&scale@old`, and calling the old body there made
//   the versions compare equal.
static int scale(int x) { return x * 2; }
int (*op)(int) = scale;
void set_op(int (*f)(int)) { op = f; }
int run(int x) {
  if (x > 1000 || x < -1000) return 0;
  return op(x);
}
