// expect: FAILED assertion line 14
// why: x in 0..3 so y = x*x is 0, 1, 4 or 9: y <= 9 (line 13) holds, but y == 4 for x == 2,
//   so the __ESBMC_assert on line 14 fails.
void __ESBMC_assert(_Bool cond, const char *msg);
void __ESBMC_assume(_Bool cond);
int nondet_int(void);

int main(void) {
  int x = nondet_int();
  __ESBMC_assume(x >= 0 && x <= 3);
  int y = x * x;
  int unused = 0;
  __ESBMC_assert(y <= 9, "square is at most 9");
  __ESBMC_assert(y != 4, "square is never four");
  return unused;
}
