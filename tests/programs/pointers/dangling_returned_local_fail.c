// expect: FAILED pointer-invalid line 16
// why: f returns the address of its own local variable `local` (through p); the object's
//   lifetime ends when f returns, so *q on line 16 in main is a dangling dereference.
int *f(int x) {
  int local = x;
  int *p = &local;
  return p;
}

int main(void) {
  int *q;
  int v;
  int w = 1;
  q = f(3);
  w = w + 1;
  v = *q;
  return v + w;
}
