// sme2_addha64.s: ADDHA and ADDVA into .D tiles (FEAT_SME_I16I64), under
// mlisa run --target sme2 --svl 512 and, built with clang-19, under
// qemu-aarch64 -cpu max,sme512=on (recorded in sme2_addha64.qemu.out).
// ZA5.D gets Z0 (1, 4, 7, ...) added across its rows 0-4 and columns 0-2
// (ADDHA), then Z1 (-1, -3, ...) down every row (ADDVA, all active); ZA2.D gets
// Z0 by row under the predicates swapped. Rows 0-7 of ZA5 and ZA2 are printed
// after SMSTOP, eight doublewords a row, alternately.
// By hand: ZA5 row 0 is 1 - 1 = 0, 4 - 1 = 3, 7 - 1 = 6, then -1 in the
// columns ADDHA left (its 5 rows by 3 columns); ZA2 row 0 is 1 in columns
// 0-4 (its rows 0-2 active by P2, columns 0-4 by P1), 0 elsewhere.
    .include "sme2_print.inc"
    .text
    .globl _start
_start:
    smstart
    zero {za}
    ptrue p7.d
    index z0.d, #1, #3          // 1, 4, 7, ...
    mov x0, #-1
    index z1.d, x0, #-2         // -1, -3, ...
    mov x1, #5
    whilelo p1.d, xzr, x1       // rows 0..4
    ptrue p2.d, vl3             // columns 0..2
    addha za5.d, p1/m, p2/m, z0.d
    addva za5.d, p7/m, p7/m, z1.d
    addva za2.d, p2/m, p1/m, z0.d
    // Store rows 0..7 of za5 and za2, printed after SMSTOP.
    adr x9, buf
    mov w12, #0
1:  mova z2.d, p7/m, za5h.d[w12, 0]
    st1d {z2.d}, p7, [x9]
    add x9, x9, #64
    mova z2.d, p7/m, za2h.d[w12, 0]
    st1d {z2.d}, p7, [x9]
    add x9, x9, #64
    add w12, w12, #1
    cmp w12, #8
    b.ne 1b
    smstop
    adr x6, buf
    print_words 128
    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93
    svc #0
    .include "sme2_emit.inc"
    .data
line:
    .space 24
    .balign 64
buf:
    .space 1024
scratch:
    .space 64
