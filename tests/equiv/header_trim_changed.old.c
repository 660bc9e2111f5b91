// function: trimlen
// expect: NOT EQUIVALENT
// why: as sds does, the length lives in a byte just before the pointer (s[-1]). The new
// version counts one byte more for every length above 0 (s[-1] = 1 gives 1 in the old
// version, 2 in the new). The input object must give s[-1] a defined value: with the pointer
// at the object's start, every input would read out of bounds and the comparison would be
// vacuous (UNKNOWN), never the difference.
unsigned trimlen(const char *s) {
  unsigned char len = (unsigned char)s[-1];
  if (len > 4)
    len = 4;
  unsigned n = 0;
  for (unsigned i = 0; i < len; i++)
    if (s[i] != ' ')
      n++;
  return n;
}
