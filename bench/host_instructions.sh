#!/bin/bash
# Host instructions per guest instruction of the mve bench loops (bench/programs/loops.S), counted by
# valgrind (cachegrind, no cache simulation): a figure that, unlike CPU time, does not depend on the
# machine's load. Start-up is cancelled by two sizes: (I(204) - I(4)) / (200 x instructions per outer
# iteration: 73 for the Helium loop, 1542 for the scalar loop, as bench/sim_bench.cpp).
#   bench/host_instructions.sh [MLISA] [extra mlisa run options...]   (default build/release/mlisa)
set -euo pipefail
mlisa=${1:-build/release/mlisa}
shift || true
src=$(cd "$(dirname "$0")/programs" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
refs() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$mlisa" run --target mve "$@" 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *//p' | tr -d ,
}
for loop in HELIUM:73 SCALAR:1542; do
  kind=${loop%%:*} per=${loop##*:}
  for outer in 4 204; do
    arm-none-eabi-gcc -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -mthumb -nostdlib -nostartfiles \
      -T "$src/link.ld" -D$kind -DOUTER=$outer "$src/loops.S" -o "$tmp/${kind}_$outer.elf"
  done
  small=$(refs "$@" "$tmp/${kind}_4.elf")
  large=$(refs "$@" "$tmp/${kind}_204.elf")
  echo "$kind: $(( (large - small) / (200 * per) )) host instructions per guest instruction"
done
