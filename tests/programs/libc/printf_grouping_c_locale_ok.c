// expect: SUCCESSFUL
// why: in the "C" locale (every program starts in it, and setlocale(LC_ALL, "C") keeps it)
//   the ' flag groups nothing: 1000 prints as "1000", five bytes with the terminator, which
//   fit buf exactly.
#include <locale.h>
#include <stdio.h>

int main(void) {
  char buf[5];
  setlocale(LC_ALL, "C");
  sprintf(buf, "%'d", 1000);
  return buf[0];
}
