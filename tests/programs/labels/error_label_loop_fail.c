// flags: --error-label ERR
// expect: FAILED error-label line 15
// why: s takes the values 0, 1, 3, 6 after iterations i = 0..3, so at i == 3 the goto jumps
//   to ERR (line 15), which is the error label. Constant loop bound (at most 5 iterations).
int main(void) {
  int i;
  int s = 0;
  for (i = 0; i < 5; i++) {
    s += i;
    if (s == 6)
      goto ERR;
  }
  return 0;

ERR: return 1;
}
