// function: count
// flags: --unwind 20
// expect: EQUIVALENT
// why: both versions count the bytes equal to 'a' in [in, end) (`end` is in `in`'s object,
//   as the comparison `p < end` requires of a caller); the new one walks with an index
//   instead of a pointer. For every range they return the same count. Pointer arguments
//   point to objects of --object-size (8) elements, so the loops run at most 8 times, within
//   the bound 20: the proof is complete for such objects (docs/equivalence.md). With `end`
//   in an object of its own, `p < end` compares pointers to different objects, undefined
//   for every input, and the comparison was vacuous (UNKNOWN) before.
int count(const char *in, const char *end) {
  int n = 0;
  for (const char *p = in; p < end; p++)
    if (*p == 'a') n++;
  return n;
}
