// function: hash
// flags: --unwind 3
// expect: NOT EQUIVALENT
// output: return value
// why: the new version leaves the fourth character out of the hash. For "abcd" the old
//   version returns ((97*31+98)*31+99)*31+100 and the new one (97*31+98)*31+99: they differ,
//   and so do the hashes of almost every string of four or more characters. The symbolic
//   check unwinds the loop 3 times only, which never reaches the fourth character (it alone
//   would say EQUIVALENT UP TO BOUND 3); a concrete run on random inputs follows the loop to
//   the string's end and shows the difference, with the input that replays it.
unsigned hash(const char *s) {
  unsigned h = 0;
  int i = 0;
  while (s[i]) {
    h = h * 31 + (unsigned char)s[i];
    i++;
  }
  return h;
}
