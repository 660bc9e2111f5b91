// expect: SUCCESSFUL
// why: <ctype.h>'s isX/toupper are functions under verdiff (glibc's table macros are turned off)
//   and agree with glibc's "C" locale: a space, tab and newline are spaces and nothing else
//   below 128 is except '\v', '\f', '\r'; 'q' is lower and alphabetic, toupper maps it to 'Q'
//   and leaves '7' alone; the value of a class test is glibc's class bit, non-zero exactly
//   when the byte is in the class; a byte from 128 on (as unsigned char) is in no class.
#include <assert.h>
#include <ctype.h>

int nondet_int(void);

int main(void) {
  int c = nondet_int();
  if (c < 0 || c > 255)
    return 0;
  assert((isspace(c) != 0) == (c == ' ' || (c >= '\t' && c <= '\r')));
  assert(isdigit(c) ? (c >= '0' && c <= '9') : !(c >= '0' && c <= '9'));
  assert(islower('q') && isalpha('q') && !isupper('q'));
  assert(toupper('q') == 'Q' && toupper('7') == '7' && tolower('Q') == 'q');
  if (c >= 128)
    assert(!isalpha(c) && !isspace(c) && !isprint(c) && toupper(c) == c);
  return 0;
}
