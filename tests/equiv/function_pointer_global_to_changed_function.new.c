static int scale(int x) { return x * 3; }
int (*op)(int) = scale;
void set_op(int (*f)(int)) { op = f; }
int run(int x) {
  if (x > 1000 || x < -1000) return 0;
  return op(x);
}
