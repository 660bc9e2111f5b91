unsigned hash(const char *s) {
  unsigned h = 0;
  int i = 0;
  while (s[i]) {
    if (i != 3)
      h = h * 31 + (unsigned char)s[i];
    i++;
  }
  return h;
}
