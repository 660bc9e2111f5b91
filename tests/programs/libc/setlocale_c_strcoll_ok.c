// expect: SUCCESSFUL
// why: a program starts in the "C" locale, and setlocale(LC_ALL, "C") selects it again after
//   "" (the environment's locale) may have changed it; a failed setlocale (NULL) changes
//   nothing. In the "C" locale strcoll compares like strcmp: 'h' > 'c'. Equal strings collate
//   equal in every locale.
#include <assert.h>
#include <locale.h>
#include <string.h>

int main(void) {
  assert(strcoll("hrnec", "chrt") > 0);
  setlocale(LC_ALL, "");
  assert(strcoll("abc", "abc") == 0);
  setlocale(LC_ALL, "C");
  assert(strcoll("hrnec", "chrt") > 0);
  if (setlocale(LC_COLLATE, "cs_CZ.iso88592") == NULL)
    assert(strcoll("hrnec", "chrt") > 0);
  return 0;
}
