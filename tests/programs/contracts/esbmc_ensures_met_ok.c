// flags: --function add --enforce-contract add
// expect: SUCCESSFUL
// why: under the requires (both operands in [0, 1000)) a + b cannot overflow and the body
//   returns exactly a + b, which the ensures states; the assigns clause is empty and the body
//   writes no global.
int add(int a, int b) {
  __ESBMC_requires(a >= 0 && a < 1000 && b >= 0 && b < 1000);
  __ESBMC_assigns();
  __ESBMC_ensures(__ESBMC_return_value == a + b);
  return a + b;
}
