/* verdiff C library model: <ctype.h> in glibc's "C" locale.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 *
 * glibc's <ctype.h> macros read the tables behind __ctype_b_loc(), __ctype_tolower_loc() and
 * __ctype_toupper_loc(): 384 entries, the returned pointer pointing at entry 128 so that indices
 * -128..255 are valid. The class bits are those of glibc on a little-endian machine (_ISbit):
 *   upper 0x0100  lower 0x0200  alpha 0x0400  digit 0x0800  xdigit 0x1000  space 0x2000
 *   print 0x4000  graph 0x8000  blank 0x0001  cntrl 0x0002  punct 0x0004  alnum 0x0008
 * In the "C" locale only 0..127 have classes; tolower/toupper map -128..-2 to c + 256 (the
 * unsigned char value), -1 (EOF) to itself and 128..255 to themselves.
 * The tables are filled on the first call (so programs that never use them pay nothing).
 *
 * The functions return what glibc's return: the class bit (e.g. isalpha('a') == 0x400), not 1.
 */

void __ESBMC_assert(_Bool cond, const char *msg);
void __ESBMC_assume(_Bool cond);
void *memcpy(void *dst, const void *src, unsigned long n);
void *__builtin_alloca(unsigned long n);

/* Set by setlocale (locale.c) once LC_CTYPE may be another locale than "C". Another locale
   may classify and map any byte differently, except that the decimal digits are the only
   digits and hexadecimal digits (C11 7.4.1.5, 7.4.1.12) and EOF belongs to no class and maps
   to itself; everything else is nondeterministic then. */
extern int __verdiff_locale_ctype;

/* ------------------------------------------------------------------ classes */

static int __vd_upper(int c)
{
  return c >= 'A' && c <= 'Z';
}

static int __vd_lower(int c)
{
  return c >= 'a' && c <= 'z';
}

static int __vd_digit(int c)
{
  return c >= '0' && c <= '9';
}

static int __vd_xdigit(int c)
{
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int __vd_space(int c)
{
  return c == ' ' || (c >= '\t' && c <= '\r');
}

static int __vd_blank(int c)
{
  return c == ' ' || c == '\t';
}

static int __vd_cntrl(int c)
{
  return (c >= 0 && c < 32) || c == 127;
}

static int __vd_print(int c)
{
  return c >= 32 && c <= 126;
}

static int __vd_graph(int c)
{
  return c >= 33 && c <= 126;
}

static int __vd_alpha(int c)
{
  return __vd_upper(c) || __vd_lower(c);
}

static int __vd_alnum(int c)
{
  return __vd_alpha(c) || __vd_digit(c);
}

static int __vd_punct(int c)
{
  return __vd_graph(c) && !__vd_alnum(c);
}

/* The glibc class word of c (0 <= c < 128). */
static unsigned short __vd_class(int c)
{
  unsigned short m = 0;
  if (__vd_upper(c))
    m |= 0x0100;
  if (__vd_lower(c))
    m |= 0x0200;
  if (__vd_alpha(c))
    m |= 0x0400;
  if (__vd_digit(c))
    m |= 0x0800;
  if (__vd_xdigit(c))
    m |= 0x1000;
  if (__vd_space(c))
    m |= 0x2000;
  if (__vd_print(c))
    m |= 0x4000;
  if (__vd_graph(c))
    m |= 0x8000;
  if (__vd_blank(c))
    m |= 0x0001;
  if (__vd_cntrl(c))
    m |= 0x0002;
  if (__vd_punct(c))
    m |= 0x0004;
  if (__vd_alnum(c))
    m |= 0x0008;
  return m;
}

/* ------------------------------------------------------------------ tables */

static unsigned short __vd_ctype_b_table[384];
static int __vd_ctype_tolower_table[384];
static int __vd_ctype_toupper_table[384];
static const unsigned short *__vd_ctype_b;
static const int *__vd_ctype_tolower;
static const int *__vd_ctype_toupper;
static int __vd_ctype_ready;

static void __vd_ctype_init(void)
{
  int i;
  int c;
  if (__vd_ctype_ready)
    return;
  for (i = 0; i < 128; i++)
    __vd_ctype_b_table[128 + i] = __vd_class(i);
  for (i = 0; i < 384; i++)
  {
    c = i - 128;
    if (c < -1)
    {
      __vd_ctype_tolower_table[i] = c + 256;
      __vd_ctype_toupper_table[i] = c + 256;
    }
    else
    {
      __vd_ctype_tolower_table[i] = __vd_upper(c) ? c + ('a' - 'A') : c;
      __vd_ctype_toupper_table[i] = __vd_lower(c) ? c - ('a' - 'A') : c;
    }
  }
  __vd_ctype_b = __vd_ctype_b_table + 128;
  __vd_ctype_tolower = __vd_ctype_tolower_table + 128;
  __vd_ctype_toupper = __vd_ctype_toupper_table + 128;
  __vd_ctype_ready = 1;
}

/* The tables of a locale verdiff does not know: filled on first use with nondeterministic
   classes and byte values (EOF's entries as in every locale). */
static unsigned short __vd_other_b_table[384];
static int __vd_other_tolower_table[384];
static int __vd_other_toupper_table[384];
static int __vd_other_ready;

/* Points the table pointers at the tables of the current LC_CTYPE locale. */
static void __vd_ctype_select(void)
{
  int i;
  __vd_ctype_init();
  if (!__verdiff_locale_ctype)
  {
    __vd_ctype_b = __vd_ctype_b_table + 128;
    __vd_ctype_tolower = __vd_ctype_tolower_table + 128;
    __vd_ctype_toupper = __vd_ctype_toupper_table + 128;
    return;
  }
  if (!__vd_other_ready)
  {
    memcpy(__vd_other_b_table, __builtin_alloca(sizeof(__vd_other_b_table)), sizeof(__vd_other_b_table));
    memcpy(__vd_other_tolower_table, __builtin_alloca(sizeof(__vd_other_tolower_table)),
           sizeof(__vd_other_tolower_table));
    memcpy(__vd_other_toupper_table, __builtin_alloca(sizeof(__vd_other_toupper_table)),
           sizeof(__vd_other_toupper_table));
    for (i = 0; i < 384; i++)
    {
      /* digits and hexadecimal digits are the same in every locale */
      __vd_other_b_table[i] = (unsigned short)((__vd_other_b_table[i] & ~0x1800)
                                               | (i >= 128 ? __vd_class(i - 128) & 0x1800 : 0));
      __ESBMC_assume(__vd_other_tolower_table[i] >= 0 && __vd_other_tolower_table[i] <= 255);
      __ESBMC_assume(__vd_other_toupper_table[i] >= 0 && __vd_other_toupper_table[i] <= 255);
    }
    __vd_other_b_table[127] = 0;
    __vd_other_tolower_table[127] = -1;
    __vd_other_toupper_table[127] = -1;
    __vd_other_ready = 1;
  }
  __vd_ctype_b = __vd_other_b_table + 128;
  __vd_ctype_tolower = __vd_other_tolower_table + 128;
  __vd_ctype_toupper = __vd_other_toupper_table + 128;
}

const unsigned short **__ctype_b_loc(void)
{
  __vd_ctype_select();
  return &__vd_ctype_b;
}

const int **__ctype_tolower_loc(void)
{
  __vd_ctype_select();
  return &__vd_ctype_tolower;
}

const int **__ctype_toupper_loc(void)
{
  __vd_ctype_select();
  return &__vd_ctype_toupper;
}

/* ------------------------------------------------------------------ functions */

/* verdiff.h defines __NO_CTYPE, so <ctype.h> declares these as functions instead of macros
   reading the tables: in the "C" locale they compute the class with range tests, which the
   solver decides far faster than a table read at a symbolic index (one case per entry).
   In a locale verdiff does not know, they read the same nondeterministic tables as the macros,
   so that a byte keeps its class and its mapping from one call to the next. */
static int __vd_other_class(int c, int bit)
{
  /* (outside -128..255 __vd_check has already failed: no second claim from the table read) */
  if (c < -128 || c > 255)
    return 0;
  __vd_ctype_select();
  return __vd_ctype_b[c] & bit;
}

static int __vd_other_map(const int *table, int c)
{
  if (c < -128 || c > 255)
    return c;
  return table[c];
}

/* glibc indexes its table with the argument: values outside -128..255 read outside it (and
   C11 7.4p1 allows only unsigned char values and EOF). */
static void __vd_check(int c, const char *msg)
{
  __ESBMC_assert(c >= -128 && c <= 255, msg);
}

int isalpha(int c)
{
  __vd_check(c, "isalpha: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0400);
  return __vd_alpha(c) ? 0x0400 : 0;
}

int isdigit(int c)
{
  __vd_check(c, "isdigit: argument is neither an unsigned char value nor EOF");
  return __vd_digit(c) ? 0x0800 : 0;
}

int isalnum(int c)
{
  __vd_check(c, "isalnum: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0008);
  return __vd_alnum(c) ? 0x0008 : 0;
}

int isspace(int c)
{
  __vd_check(c, "isspace: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x2000);
  return __vd_space(c) ? 0x2000 : 0;
}

int isupper(int c)
{
  __vd_check(c, "isupper: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0100);
  return __vd_upper(c) ? 0x0100 : 0;
}

int islower(int c)
{
  __vd_check(c, "islower: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0200);
  return __vd_lower(c) ? 0x0200 : 0;
}

int isxdigit(int c)
{
  __vd_check(c, "isxdigit: argument is neither an unsigned char value nor EOF");
  return __vd_xdigit(c) ? 0x1000 : 0;
}

int isprint(int c)
{
  __vd_check(c, "isprint: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x4000);
  return __vd_print(c) ? 0x4000 : 0;
}

int isgraph(int c)
{
  __vd_check(c, "isgraph: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x8000);
  return __vd_graph(c) ? 0x8000 : 0;
}

int ispunct(int c)
{
  __vd_check(c, "ispunct: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0004);
  return __vd_punct(c) ? 0x0004 : 0;
}

int iscntrl(int c)
{
  __vd_check(c, "iscntrl: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0002);
  return __vd_cntrl(c) ? 0x0002 : 0;
}

int isblank(int c)
{
  __vd_check(c, "isblank: argument is neither an unsigned char value nor EOF");
  if (__verdiff_locale_ctype)
    return __vd_other_class(c, 0x0001);
  return __vd_blank(c) ? 0x0001 : 0;
}

/* glibc: c >= -128 && c < 256 ? table[c] : c (defined for every int). */
int tolower(int c)
{
  if (__verdiff_locale_ctype)
  {
    __vd_ctype_select();
    return __vd_other_map(__vd_ctype_tolower, c);
  }
  if (c >= -128 && c < -1)
    return c + 256;
  return __vd_upper(c) ? c + ('a' - 'A') : c;
}

int toupper(int c)
{
  if (__verdiff_locale_ctype)
  {
    __vd_ctype_select();
    return __vd_other_map(__vd_ctype_toupper, c);
  }
  if (c >= -128 && c < -1)
    return c + 256;
  return __vd_lower(c) ? c - ('a' - 'A') : c;
}

int isascii(int c)
{
  return (c & ~0x7f) == 0;
}

int toascii(int c)
{
  return c & 0x7f;
}

/* glibc's _tolower/_toupper macros read the table at c without a range test. */
int _tolower(int c)
{
  __vd_check(c, "_tolower: argument is neither an unsigned char value nor EOF");
  return tolower(c);
}

int _toupper(int c)
{
  __vd_check(c, "_toupper: argument is neither an unsigned char value nor EOF");
  return toupper(c);
}
