// expect: FAILED array-bounds line 11
// why: m[i] has type int[4], so the inner index j == 4 on line 11 is out of bounds for that
//   array even though m[1][4] would lie inside the storage of m (it aliases m[2][0]); each
//   index of a multi-dimensional array is checked against its own dimension. i == 1 is fine.
int main(void) {
  int m[3][4] = {{0}};
  int i = 1;
  int j = 4;
  int v;
  v = m[0][3];
  m[i][j] = 7;
  return v;
}
