// function: answer
// expect: EQUIVALENT
// why: the old version prints a literal, the new one builds the same text in a buffer (and
// the characters after its terminator differ): the printed text is the same for every x.
#include <stdio.h>
void answer(int x) {
  if (x > 0)
    puts("yes");
  else
    puts("no");
}
