int count(const char *in, const char *end) {
  int n = 0;
  long len = end - in;
  for (long i = 0; i < len; i++)
    if (in[i] == 'a') n++;
  return n;
}
