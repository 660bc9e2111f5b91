const char *digits(void) {
  static char buf[4];
  const char *s = "42";
  int i = 0;
  do {
    buf[i] = s[i];
  } while (s[i++]);
  return buf;
}
