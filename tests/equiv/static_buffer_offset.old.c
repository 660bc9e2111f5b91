// function: tail
// expect: NOT EQUIVALENT
// output: return value
// why: the same bytes in the static buffer, but the new version returns a pointer one past
// its start: a caller reading the result sees "2" instead of "12".
const char *tail(void) {
  static char buf[3];
  buf[0] = '1';
  buf[1] = '2';
  buf[2] = 0;
  return buf;
}
