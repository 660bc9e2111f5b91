// formula: G {a[2] != 5}
// expect: BAD
// why: `set` writes through a pointer; its second call writes 5 into a[2], the element the
//   proposition reads. The monitor steps after that write (the written object is `a`), and
//   the trace is a bad prefix of G: BAD. The first call writes b[2], another object.
int a[4];
int b[4];
void set(int *p, int v) { *p = v; }
int main(void) {
  set(&b[2], 5);
  set(&a[2], 5);
  return 0;
}
