int utf8_len(const unsigned char *in, const unsigned char *end) {
  if (end - in < 2)
    return -1;
  if ((in[0] & 0xE0) == 0xC0)
    return 3;
  return 1;
}
