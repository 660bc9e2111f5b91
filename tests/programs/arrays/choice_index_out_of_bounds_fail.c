// flags: --unwind 9
// expect: FAILED array-bounds line 16
// why: k ends as the last j in 1..7 with v[j] > 0, or 0, so k + 1 is one of 1..8; it is 8
//   exactly when v[7] > 0, and v[8] is past the end of v. A bounds check on a choice
//   between constant indices is decided by those constants only when all of them agree;
//   here one of them is out of range and the check must fail (with v[7] = 1).
int nondet_int(void);
int v[8];
int main(void) {
  for (int i = 0; i < 8; i++)
    v[i] = nondet_int();
  int k = 0;
  for (int j = 1; j < 8; j++)
    if (v[j] > 0)
      k = j;
  return v[k + 1];
}
