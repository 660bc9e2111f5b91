// function: greet
// expect: EQUIVALENT
// why: both versions print the text of `name` with puts and return what puts returned
//   (the new one prints the literal "" for an empty name: the same text). The product
//   gives `name` an 8-byte object of any contents: where it holds no terminator, puts
//   reads past it — undefined behaviour, an input no caller may pass, excluded as the old
//   version's undefined behaviour always is. Before, that input made the comparison
//   UNKNOWN ("not a live string terminated inside its object").
#include <stdio.h>
int greet(const char *name) { return puts(name); }
