// expect: FAILED pointer-bounds line 15
// why: b points to the 4-byte object x and i is assumed in 0..4; for i == 4, b[i] on line 15
//   is a dereference one byte past the end of x (b is a pointer, so this is pointer-bounds,
//   not array-bounds). i in 0..3 is fine.
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  unsigned int x = 0x01020304u;
  unsigned char *b = (unsigned char *)&x;
  int i = nondet_int();
  __VERIFIER_assume(i >= 0 && i <= 4);
  unsigned char c;
  c = 0;
  c = b[i];
  return c;
}
