// expect: FAILED pointer-invalid line 16
// why: set() stores the address of its local `local` in the global g; once set returns, that
//   object is dead, so *g on line 16 dereferences a dangling pointer (pointer-invalid).
//   g is not NULL there (it was assigned), so this is not a null dereference.
int *g;

void set(void) {
  int local = 42;
  g = &local;
}

int main(void) {
  set();
  int v;
  int w = 0;
  v = *g;
  return v + w;
}
