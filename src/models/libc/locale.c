/* verdiff C library model: <locale.h>.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 *
 * A program starts in the "C" locale (C11 7.11.1.1p4), which is what the other models
 * compute. setlocale may switch a category to a locale whose data verdiff does not have (any
 * name other than "C" and "POSIX", and "" — the environment's locale); from then on the
 * results that depend on that category are those of an unknown locale: the flags below tell
 * the models (ctype.c reads __verdiff_locale_ctype, string.c __verdiff_locale_collate).
 * strtod and printf's floating conversions are approximated in every locale already (the
 * radix character included); __verdiff_locale_numeric tells stdio.c that printf's ' flag may
 * group digits. The categories are glibc's: LC_CTYPE 0, LC_NUMERIC 1, LC_TIME 2,
 * LC_COLLATE 3, LC_MONETARY 4, LC_MESSAGES 5, LC_ALL 6 (and glibc's 7..12).
 */

typedef unsigned long size_t;

void __ESBMC_assume(_Bool cond);
unsigned long __ESBMC_get_object_size(const void *p);
long __ESBMC_POINTER_OFFSET(const void *p);
_Bool __VERIFIER_nondet_bool(void);
void *memcpy(void *dst, const void *src, size_t n);
void *__builtin_alloca(size_t n);

/* 1 once LC_CTYPE (LC_COLLATE, LC_NUMERIC) may be another locale than "C"; 0 again after setlocale
   selects "C" or "POSIX" for it. */
int __verdiff_locale_ctype = 0;
int __verdiff_locale_collate = 0;
int __verdiff_locale_numeric = 0;

/* The name setlocale returns: static storage the next call may overwrite (empty until the
   first call: filled then, so that programs without setlocale pay nothing). */
static char __vd_locale_name[64];

static size_t __vd_room(const void *p)
{
  size_t size = __ESBMC_get_object_size(p);
  long off = __ESBMC_POINTER_OFFSET(p);
  if (off < 0 || (size_t)off >= size)
    return 0;
  return size - (size_t)off;
}

/* Whether the string s (read to its terminator; a bad string is reported) is `lit`. */
static int __vd_names(const char *s, const char *lit)
{
  size_t max = __vd_room(s);
  size_t i = 0;
  while (i < max && s[i] != 0 && lit[i] != 0 && s[i] == lit[i])
    i++;
  if (i == max)
  {
    char past = s[i];
    (void)past;
  }
  return s[i] == lit[i];
}

static void __vd_set(int category, int other)
{
  if (category == 0 || category == 6)
    __verdiff_locale_ctype = other;
  if (category == 3 || category == 6)
    __verdiff_locale_collate = other;
  if (category == 1 || category == 6)
    __verdiff_locale_numeric = other;
}

char *setlocale(int category, const char *locale)
{
  if (category < 0 || category > 12)
    return 0;
  if (__vd_locale_name[0] == 0)
    __vd_locale_name[0] = 'C';
  if (locale == 0)
    return __vd_locale_name; /* a query: nothing changes */
  if (__vd_names(locale, "C") || __vd_names(locale, "POSIX"))
  {
    __vd_set(category, 0);
    if (category == 6)
    {
      __vd_locale_name[0] = 'C';
      __vd_locale_name[1] = 0;
    }
    return __vd_locale_name;
  }
  /* another locale: it may not exist on the machine that runs the program (NULL, nothing
     changes) or be selected, with data verdiff does not know */
  if (__VERIFIER_nondet_bool())
    return 0;
  __vd_set(category, 1);
  memcpy(__vd_locale_name, __builtin_alloca(63), 63);
  __vd_locale_name[63] = 0;
  return __vd_locale_name;
}
