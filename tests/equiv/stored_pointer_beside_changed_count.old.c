// function: weight
// expect: NOT EQUIVALENT
// output: return value
// why: the new version adds 1 when count is above 100: for count = 101 the old version
//   returns 202 and the new one 203, whatever `name` points to. The input object holds a
//   pointer (`name`) that the product cannot pair between the versions; a difference found
//   with it pointing into some object is not reported as such, and the comparison is tried
//   again with the stored pointer NULL, where the difference is real.
struct item {
  const char *name;
  int count;
};

int weight(struct item *it) {
  return it->count * 2;
}
