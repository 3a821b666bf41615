// sme2_sve_ffr_fault.s: first-fault and no-fault loads that run past the
// end of mapped memory, under mlisa run --target sme2 --svl 512 and, built
// with clang-19, under qemu-aarch64 -cpu max,sme512=on (recorded in
// sme2_sve_ffr_fault.qemu.out). Outside Streaming mode, vector length 512.
//
// The last section, `edge`, is 4096 bytes at a 4096-byte boundary, so that
// the byte after it is unmapped under both (QEMU maps the ELF's pages; mlisa
// its sections). It is filled with the bytes 0, 1, 2, ... (mod 256). Each
// load starts inside the page and runs past its end; SETFFR before, then Z3
// (8 doublewords) and FFR (one doubleword at this vector length) printed:
//  1. LDFF1B {z3.b} 40 bytes before the end: elements 0-39 load, FFR bits
//     40-63 clear, elements 40-63 zero;
//  2. LDFF1D {z3.d} 36 bytes before the end: doubleword 4 straddles the end
//     (its read would fault), so FFR is cleared from element 4 (bits 32-63)
//     and elements 4-7 are zero;
//  3. LDNF1W {z3.s} 20 bytes before the end: elements 0-4 load, 5-15 do not;
//  4. LDFF1W {z3.s} with the first active element past the end is not here:
//     it faults as any load does (SIGSEGV), which stops the program;
//  5. an LDFF1D gather (vector plus immediate, offsets 0, 8, ..., 56 from
//     base z-registers 48 bytes before the end): elements 6 and 7 suppressed;
//  6. LDFF1B under a predicate with elements 0 (inside) and 48 (past the
//     end) active: element 0 loads, FFR is cleared from bit 48 on. (The first
//     active element is element 0: qemu-aarch64 7.2 reads the governing
//     predicate of contiguous LDFF1 wrongly when it is not at a multiple of
//     64 predicate bits, sme2_sve_ffr.s.)
// By hand (the manual's LDFF1 definition): in 1, z3's doubleword 0 is bytes
// 4056..4063 of the page, 0xdfdedddcdbdad9d8 (4056 mod 256 = 0xd8), and FFR
// is 0x000000ffffffffff.

    .include "sme2_print.inc"

// post: Z3 and FFR printed.
    .macro post
    pr_z z3
    rdffr p2.b
    adr x6, scratch
    str p2, [x6]
    print_words 1
    .endm

// pre: SETFFR, Z3 filled with 0xaa.
    .macro pre
    setffr
    dup z3.b, #-86
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adrp x20, edge
    add x20, x20, :lo12:edge
    // Fill the page with 0, 1, 2, ...: 64 bytes at a time.
    index z0.b, #0, #1
    mov x1, x20
    mov x2, #64
fill:
    st1b {z0.b}, p7, [x1]
    add z0.b, z0.b, #64
    add x1, x1, #64
    subs x2, x2, #1
    b.ne fill
    add x21, x20, #4096         // the end of the page

    // 1
    sub x22, x21, #40
    pre
    ldff1b {z3.b}, p7/z, [x22]
    post
    // 2
    sub x22, x21, #36
    pre
    ldff1d {z3.d}, p7/z, [x22]
    post
    // 3
    sub x22, x21, #20
    pre
    ldnf1w {z3.s}, p7/z, [x22]
    post
    // 5
    sub x22, x21, #48
    index z4.d, x22, #0
    index z5.d, #0, #8
    add z4.d, z4.d, z5.d
    pre
    ldff1d {z3.d}, p7/z, [z4.d, #0]
    post
    // 6: P1 = elements 0 and 48 active (bytes)
    sub x22, x21, #40
    mov x0, #1
    whilelo p1.b, xzr, x0        // element 0
    mov x0, #48
    whilelo p3.b, xzr, x0
    mov x0, #49
    whilelo p4.b, xzr, x0
    eor p5.b, p7/z, p3.b, p4.b   // element 48
    orr p1.b, p7/z, p1.b, p5.b
    pre
    ldff1b {z3.b}, p1/z, [x22]
    post

    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
line:
    .space 24
    .balign 64
scratch:
    .space 64

    .section .edge, "aw", %nobits
    .balign 4096
edge:
    .space 4096
