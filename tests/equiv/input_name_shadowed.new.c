static int twice(int a) {
  a = a + 1;
  return a * 2 + 1;
}
int f(int a) {
  return twice(a);
}
