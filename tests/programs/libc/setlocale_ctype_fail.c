// expect: FAILED assertion line 12
// why: after setlocale(LC_CTYPE, "") the environment's locale classifies and maps characters:
//   in a Turkish single-byte locale (tr_TR.ISO-8859-9) toupper('i') is 0xDD, not 'I'.
#include <assert.h>
#include <ctype.h>
#include <locale.h>

int main(void) {
  assert(toupper('i') == 'I');
  if (setlocale(LC_CTYPE, "") == NULL)
    return 0;
  assert(toupper('i') == 'I');
  return 0;
}
