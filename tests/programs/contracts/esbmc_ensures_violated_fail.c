// flags: --function add --enforce-contract add
// expect: FAILED assertion line 8
// why: for a == 7 (allowed by the requires) the body returns a + b + 1, so the ensures on
//   line 8 does not hold.
int add(int a, int b) {
  __ESBMC_requires(a >= 0 && a < 1000 && b >= 0 && b < 1000);
  __ESBMC_assigns();
  __ESBMC_ensures(__ESBMC_return_value == a + b);
  return a + b + (a == 7);
}
