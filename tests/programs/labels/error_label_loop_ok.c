// flags: --error-label ERR
// expect: SUCCESSFUL
// why: s takes the values 0, 1, 3, 6, 10 (triangular numbers), never 5, so the goto ERR is
//   never executed and the error label is unreachable. Constant loop bound.
int main(void) {
  int i;
  int s = 0;
  for (i = 0; i < 5; i++) {
    s += i;
    if (s == 5)
      goto ERR;
  }
  return 0;

ERR: return 1;
}
