// What the compiled sme2 kernels (sme2_*_kernel.c) need without a C library:
// Linux system calls with up to three arguments (write, exit) and hex output.
#include <stdint.h>

// A Linux system call with three arguments (write, exit).
static long sys3(long n, long a, long b, long c) {
  register long x8 __asm__("x8") = n, x0 __asm__("x0") = a, x1 __asm__("x1") = b, x2 __asm__("x2") = c;
  __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
  return x0;
}

// v as 8 hex digits and a newline on stdout.
static void put_hex(uint32_t v) {
  char b[9];
  for (int i = 0; i < 8; ++i) { unsigned d = (v >> (28 - 4 * i)) & 15; b[i] = d < 10 ? '0' + d : 'a' + d - 10; }
  b[8] = '\n';
  sys3(64, 1, (long)b, 9);
}
