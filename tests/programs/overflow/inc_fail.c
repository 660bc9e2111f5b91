// flags: --overflow-check
// expect: FAILED overflow line 10
// why: the postfix increment on line 10 overflows for x == INT_MAX; x is unconstrained.
int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int before = 0;
  before = x;
  x++;
  return before;
}
