// expect: UNKNOWN approximately
// why: after setlocale(LC_NUMERIC, "en_US.UTF-8") succeeds, glibc's %'d groups thousands:
//   1000 prints as "1,000", six bytes with the terminator, one past buf, so sprintf overflows
//   (in a locale without grouping it fits). verdiff has no locale data: the grouped text's
//   length is approximated, and it must not say SUCCESSFUL (the overflow is real with en_US),
//   nor FAILED with a made-up length: UNKNOWN.
#include <locale.h>
#include <stdio.h>

int main(void) {
  char buf[5];
  if (setlocale(LC_NUMERIC, "en_US.UTF-8") == 0)
    return 0;
  sprintf(buf, "%'d", 1000);
  return buf[0];
}
