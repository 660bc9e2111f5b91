// flags: --overflow-check
// expect: FAILED overflow line 9
// why: x is unconstrained, so x + 1 on line 9 overflows int for x == INT_MAX.
int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int y;
  y = x + 1;
  return y;
}
