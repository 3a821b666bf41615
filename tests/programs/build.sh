#!/bin/sh
# Builds one program of tests/programs for the Cortex-M55 (Armv8.1-M with
# MVE and FP), with newlib and semihosting (rdimon), as the tests do:
#   build.sh gcc|clang NAME OUT.elf
#   build.sh gcc|clang NAME OUT.s -S    (the compiler's assembly only)
# gcc: arm-none-eabi-gcc -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -O3.
# clang: clang-19 --target=arm-none-eabi -mcpu=cortex-m55 -mfloat-abi=hard -O3,
# linked by ld.lld with arm-none-eabi-gcc's newlib multilib, libgcc and crt files.
# Exit 77 when the compiler (or the newlib of arm-none-eabi-gcc) is missing.
set -e
compiler=$1 name=$2 out=$3 only=$4
here=$(cd "$(dirname "$0")" && pwd)
arch="-march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard"
sources="-T $here/m55.ld $here/startup.s $here/$name.c"
command -v arm-none-eabi-gcc >/dev/null 2>&1 || exit 77
if [ "$compiler" = gcc ] && [ "$only" = -S ]; then
  exec arm-none-eabi-gcc $arch -O3 -S "$here/$name.c" -o "$out"
fi
if [ "$compiler" = gcc ]; then
  exec arm-none-eabi-gcc $arch -O3 --specs=rdimon.specs $sources -lm -o "$out"
fi
command -v clang-19 >/dev/null 2>&1 || exit 77
crt0=$(arm-none-eabi-gcc $arch -print-file-name=rdimon-crt0.o)
libgcc=$(arm-none-eabi-gcc $arch -print-libgcc-file-name)
[ -f "$crt0" ] && [ -f "$libgcc" ] || exit 77
lib=$(dirname "$crt0") gcclib=$(dirname "$libgcc")
# <prefix>/newlib/<multilib>/rdimon-crt0.o: newlib's headers are <prefix>/include.
include=${lib%%/newlib/*}/include
[ -f "$include/stdio.h" ] || include=/usr/lib/arm-none-eabi/include
[ -f "$include/stdio.h" ] || exit 77
if [ "$only" = -S ]; then
  exec clang-19 --target=arm-none-eabi -mcpu=cortex-m55 -mfloat-abi=hard -O3 -isystem "$include" -S "$here/$name.c" -o "$out"
fi
exec clang-19 --target=arm-none-eabi -mcpu=cortex-m55 -mfloat-abi=hard -O3 -isystem "$include" -nostdlib $sources \
  "$lib/rdimon-crt0.o" "$gcclib/crti.o" "$gcclib/crtbegin.o" -L"$lib" -L"$gcclib" \
  -Wl,--start-group -lc -lrdimon -lm -lgcc -Wl,--end-group "$gcclib/crtend.o" "$gcclib/crtn.o" -o "$out"
