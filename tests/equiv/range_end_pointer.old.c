// function: tail
// expect: NOT EQUIVALENT
// output: return value
// why: `tail(in, end)` reads the range [in, end): it subtracts `second` (in + 6) from `end`,
//   which C defines only within one object, so a caller passes `end` into `in`'s object.
//   When end - in >= 12 the old version returns in[11] and the new one in[10]: they differ
//   whenever those two bytes do. The product must put `end` into `in`'s object and make that
//   object hold at least 12 elements (6 added to the pointer, then 6 compared with a pointer
//   difference), more than the default 8; with `end` in an object of its own, or 8-element
//   objects, no defined run reaches the changed line.
int tail(const unsigned char *in, const unsigned char *end) {
  const unsigned char *second = in + 6;
  if (end - second < 6) return -1;
  return second[5];
}
