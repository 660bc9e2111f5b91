// function: trimlen
// expect: EQUIVALENT
// why: the loop counting non-blank bytes up to the length kept before the pointer (s[-1],
// as sds keeps it) is rewritten as a pointer walk; both read the same bytes and count the
// same ones for every header value.
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
