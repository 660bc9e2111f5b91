// expect: SUCCESSFUL
// why: the decimal digits are '0'..'9' in every locale (C11 7.4.1.5) and so are the
//   hexadecimal digits (7.4.1.12); EOF belongs to no class. Whatever locale "" selects, these
//   hold, through the functions and through glibc's table macros alike.
#include <assert.h>
#include <ctype.h>
#include <locale.h>
#include <stdio.h>

int main(void) {
  setlocale(LC_ALL, "");
  assert(isdigit('7') && !isdigit('a') && !isdigit(0xb2));
  assert(isxdigit('f') && !isxdigit('g'));
  assert(!isalpha(EOF) && !isspace(EOF));
  assert(toupper(EOF) == EOF);
  return 0;
}
