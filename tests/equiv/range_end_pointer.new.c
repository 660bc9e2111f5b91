int tail(const unsigned char *in, const unsigned char *end) {
  const unsigned char *second = in + 6;
  if (end - second < 6) return -1;
  return second[4];
}
