// function: digits
// expect: EQUIVALENT
// why: both write "42" and its terminator to the start of their own static buffer and return
// the buffer: each version has its own `buf`, so the returned pointers differ as addresses but
// point to the same place of the paired static, which holds the same bytes after the call
// (buf[3] keeps its value in both).
const char *digits(void) {
  static char buf[4];
  buf[0] = '4';
  buf[1] = '2';
  buf[2] = 0;
  return buf;
}
