// flags: --replace-call-with-contract half
// expect: FAILED assertion line 6
// why: with half replaced by its contract, each call asserts the requires (line 6); main
//   calls half(-4), which breaks it.
int half(int x) {
  __ESBMC_requires(x >= 0);
  __ESBMC_ensures(__ESBMC_return_value == x / 2);
  return x / 2;
}

int main(void) {
  return half(-4);
}
