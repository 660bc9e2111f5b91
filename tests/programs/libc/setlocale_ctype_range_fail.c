// expect: FAILED assertion line 15
// why: isalpha's argument must be an unsigned char value or EOF (C11 7.4p1); c may be 300.
//   That is the one violation: in a locale verdiff does not know, the model reads its class
//   table only for arguments in -128..255, so the out-of-range argument is not reported a
//   second time as a read outside the table.
#include <ctype.h>
#include <locale.h>

int nondet_int(void);

int main(void) {
  int c = nondet_int();
  if (setlocale(LC_CTYPE, "") == 0)
    return 0;
  return isalpha(c) != 0;
}
