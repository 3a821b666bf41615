// newlib through semihosting: printf of strings, integers, floats and
// doubles, malloc and free, qsort, and the exit status.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare(const void* a, const void* b) {
  const int x = *(const int*)a, y = *(const int*)b;
  return (x > y) - (x < y);
}

int main(void) {
  printf("hello, %s!\n", "Helium");
  printf("%d %u %x %ld %lld\n", -7, 3000000000u, 0xc0de, -98765L, -1234567890123LL);
  printf("%.3f %g %e\n", 2.71828, 1.0 / 7, 6.02e23);
  volatile float f = 1.1f;
  printf("%.8g\n", (double)(f * f));
  int* v = malloc(20 * sizeof *v);
  if (!v) return 2;
  for (int i = 0; i < 20; ++i) v[i] = (i * 7919) % 101 - 50;
  qsort(v, 20, sizeof *v, compare);
  int sorted = 1;
  for (int i = 1; i < 20; ++i) sorted &= v[i - 1] <= v[i];
  printf("sorted %d: %d .. %d\n", sorted, v[0], v[19]);
  char* s = malloc(64);
  strcpy(s, "heap string");
  printf("%s (%u)\n", s, (unsigned)strlen(s));
  free(s);
  free(v);
  return sorted ? 0 : 1;
}
