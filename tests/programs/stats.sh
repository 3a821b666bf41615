#!/bin/sh
# The instructions each program of tests/programs runs under mlisa, by
# feature group, and the encodings it uses (mlisa run --stats), for both
# compilers:  tests/programs/stats.sh [MLISA]  (default: mlisa on PATH).
here=$(cd "$(dirname "$0")" && pwd)
mlisa=${1:-mlisa}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for k in hello fc_s8 conv_s8 pool_s8 softmax_s8 eltwise fir_q float_f32 biquad_f32 complex_f32; do
  for c in gcc clang; do
    if ! "$here/build.sh" $c $k "$dir/$k.elf" 2>/dev/null; then echo "$k $c: not built"; continue; fi
    "$mlisa" run --target mve --stats "$dir/$k.elf" 2>&1 >/dev/null | grep -E '^stats:|^mlisa: error:' |
      cut -c1-160 | sed "s/^/$k $c: /"
  done
done
