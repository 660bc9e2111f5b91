// expect: FAILED assertion line 10
// why: gets stores a whole input line and its terminator with no bound; a line of 4 or more
//   characters does not fit buf[4]. Reported at the program's call of gets, not inside the
//   library model.
#include <stdio.h>
char *gets(char *s); /* removed from C11's <stdio.h>: declared here as old code does */

int main(void) {
  char buf[4];
  if (gets(buf) == NULL)
    return 1;
  return buf[0];
}
