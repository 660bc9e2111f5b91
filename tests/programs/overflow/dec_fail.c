// flags: --overflow-check
// expect: FAILED overflow line 10
// why: the prefix decrement on line 10 overflows for x == INT_MIN; x is unconstrained.
int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int before = 0;
  before = x;
  --x;
  return before;
}
