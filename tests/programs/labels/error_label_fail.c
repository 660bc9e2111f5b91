// flags: --error-label ERROR
// expect: FAILED error-label line 12
// why: with --error-label ERROR, reaching the label ERROR is a violation; it is reached when
//   x == 42 (x is unconstrained), at line 12.
int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int r = 0;
  if (x == 42) {
    r = 1;
ERROR: return r;
  }
  return 0;
}
