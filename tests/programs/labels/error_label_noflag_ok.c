// expect: SUCCESSFUL
// why: without --error-label, a label called ERROR is just a label: reaching it (x == 42) is
//   not a violation, and there are no other claims.
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
