// formula: G {a[2] != 5}
// expect: SUCCEEDING
// why: the only write through a pointer goes to b[2], which no proposition reads: a[2]
//   stays 0, the trace ends with the proposition true, and G's stutter extension holds
//   (SUCCEEDING: a safety property is never GOOD on a finite trace, some extension could
//   still set a[2] to 5).
int a[4];
int b[4];
void set(int *p, int v) { *p = v; }
int main(void) {
  set(&b[2], 5);
  return 0;
}
