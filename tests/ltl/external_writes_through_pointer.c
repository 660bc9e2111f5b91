// formula: G {g != 7}
// expect: BAD
// why: `fill` has no body: symbolic execution gives it any effect on the object its pointer
//   argument points to, here the global `g` the proposition reads. One of those effects is
//   g == 7, which the monitor must see (it steps after the call, the argument being g's
//   object): a bad prefix of G, BAD.
void fill(int *p);
int g = 0;
int main(void) {
  fill(&g);
  return 0;
}
