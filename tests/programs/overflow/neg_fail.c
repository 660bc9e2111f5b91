// flags: --overflow-check
// expect: FAILED overflow line 9
// why: unary minus on line 9 overflows for x == INT_MIN (-INT_MIN = 2^31 is not an int).
int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int y;
  y = -x;
  return y;
}
