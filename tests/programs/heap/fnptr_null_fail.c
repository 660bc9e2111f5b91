// expect: FAILED function-pointer line 11
// why: cb is NULL when c is 0, and the call through it then targets no function.
static int seven(void) { return 7; }

int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*cb)(void) = 0;
  if (c)
    cb = seven;
  int r = 0;
  r = cb();
  return r;
}
