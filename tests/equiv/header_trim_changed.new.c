unsigned trimlen(const char *s) {
  unsigned char len = (unsigned char)s[-1];
  if (len > 4)
    len = 4;
  unsigned n = len > 0;
  for (unsigned i = 0; i < len; i++)
    if (s[i] != ' ')
      n++;
  return n;
}
