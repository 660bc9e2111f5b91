unsigned trimlen(const char *s) {
  unsigned len = (unsigned char)s[-1];
  if (len > 4)
    len = 4;
  unsigned n = 0;
  for (const char *p = s; p < s + len; p++)
    n += *p != ' ';
  return n;
}
