// Advanced SIMD structure loads and stores (LD1-LD4, ST1-ST4 of multiple
// structures and of one lane, LD1R-LD4R) over a table of 96 bytes whose byte
// i is i + 0x20, with the address forms: no offset, post-index by the
// immediate and by a register (positive, negative and XZR), SP as base, and
// register lists that wrap from V31 to V0. Before each load the registers
// it writes hold a marker, so the kept lanes (single structure) and the
// zeroed upper halves (64-bit arrangements) show. A load prints each
// register it wrote (two doublewords, low first) and then the base
// register's distance from the table after writeback; a store prints the
// 96-byte buffer (zeroed first) and the base's distance from the buffer.
// It runs the same under mlisa run and, built with clang-19, under
// qemu-aarch64 (the recorded output is sme2_neon_mem.qemu.out).

    .include "sme2_print.inc"

// dist Xr, Xorigin: prints Xr - Xorigin.
    .macro dist r, origin
    sub x0, \r, \origin
    bl emit
    .endm

// mark: the marker in V0-V4 and V28-V31.
    .macro mark
    adr x6, marker
    ldr q0, [x6]
    mov v1.16b, v0.16b
    mov v2.16b, v0.16b
    mov v3.16b, v0.16b
    mov v4.16b, v0.16b
    mov v28.16b, v0.16b
    mov v29.16b, v0.16b
    mov v30.16b, v0.16b
    mov v31.16b, v0.16b
    .endm

// clear: zeroes the buffer at x20.
    .macro clear
    stp xzr, xzr, [x20]
    stp xzr, xzr, [x20, #16]
    stp xzr, xzr, [x20, #32]
    stp xzr, xzr, [x20, #48]
    stp xzr, xzr, [x20, #64]
    stp xzr, xzr, [x20, #80]
    .endm

// dump: the buffer's twelve doublewords.
    .macro dump
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88
    ldr x0, [x20, #\off]
    bl emit
    .endr
    .endm

// source: V0-V3 and V28-V31 from the table (distinct bytes to store).
    .macro source
    ld1 { v0.16b, v1.16b, v2.16b, v3.16b }, [x19]
    add x6, x19, #32
    ld1 { v28.16b, v29.16b, v30.16b, v31.16b }, [x6]
    .endm

    .text
    .globl _start
_start:
    adr x19, table
    adr x20, buffer
    // ld1 { v0.16b }, [x21]
    mark
    add x21, x19, #3
    ld1 { v0.16b }, [x21]
    show q0
    dist x21, x19
    // ld1 { v1.8b, v2.8b }, [x21], #16
    mark
    add x21, x19, #1
    ld1 { v1.8b, v2.8b }, [x21], #16
    show q1
    show q2
    dist x21, x19
    // ld1 { v31.4s, v0.4s, v1.4s }, [x21], x22
    mark
    add x21, x19, #0
    mov x22, #5
    ld1 { v31.4s, v0.4s, v1.4s }, [x21], x22
    show q31
    show q0
    show q1
    dist x21, x19
    // ld1 { v1.2d, v2.2d, v3.2d, v4.2d }, [x21]
    mark
    add x21, x19, #16
    ld1 { v1.2d, v2.2d, v3.2d, v4.2d }, [x21]
    show q1
    show q2
    show q3
    show q4
    dist x21, x19
    // ld1 { v29.1d, v30.1d, v31.1d }, [x21], #24
    mark
    add x21, x19, #8
    ld1 { v29.1d, v30.1d, v31.1d }, [x21], #24
    show q29
    show q30
    show q31
    dist x21, x19
    // ld1 { v30.4h, v31.4h, v0.4h, v1.4h }, [x21], x22
    mark
    add x21, x19, #40
    mov x22, #-24
    ld1 { v30.4h, v31.4h, v0.4h, v1.4h }, [x21], x22
    show q30
    show q31
    show q0
    show q1
    dist x21, x19
    // ld1 { v2.8h }, [x21], xzr
    mark
    add x21, x19, #2
    ld1 { v2.8h }, [x21], xzr
    show q2
    dist x21, x19
    // ld1 { v0.b }[15], [x21]
    mark
    add x21, x19, #7
    ld1 { v0.b }[15], [x21]
    show q0
    dist x21, x19
    // ld1 { v0.h }[3], [x21], #2
    mark
    add x21, x19, #10
    ld1 { v0.h }[3], [x21], #2
    show q0
    dist x21, x19
    // ld1 { v0.s }[2], [x21], x22
    mark
    add x21, x19, #1
    mov x22, #9
    ld1 { v0.s }[2], [x21], x22
    show q0
    dist x21, x19
    // ld1 { v31.d }[1], [x21]
    mark
    add x21, x19, #32
    ld1 { v31.d }[1], [x21]
    show q31
    dist x21, x19
    // ld1 { v1.s }[0], [x21], #4
    mark
    add x21, x19, #44
    ld1 { v1.s }[0], [x21], #4
    show q1
    dist x21, x19
    // ld1r { v0.8b }, [x21]
    mark
    add x21, x19, #5
    ld1r { v0.8b }, [x21]
    show q0
    dist x21, x19
    // ld1r { v1.8h }, [x21], #2
    mark
    add x21, x19, #6
    ld1r { v1.8h }, [x21], #2
    show q1
    dist x21, x19
    // ld1r { v2.1d }, [x21], x22
    mark
    add x21, x19, #8
    mov x22, #3
    ld1r { v2.1d }, [x21], x22
    show q2
    dist x21, x19
    // ld2r { v0.4s, v1.4s }, [x21], #8
    mark
    add x21, x19, #12
    ld2r { v0.4s, v1.4s }, [x21], #8
    show q0
    show q1
    dist x21, x19
    // ld3r { v31.2d, v0.2d, v1.2d }, [x21]
    mark
    add x21, x19, #16
    ld3r { v31.2d, v0.2d, v1.2d }, [x21]
    show q31
    show q0
    show q1
    dist x21, x19
    // ld4r { v0.8b, v1.8b, v2.8b, v3.8b }, [x21], #4
    mark
    add x21, x19, #20
    ld4r { v0.8b, v1.8b, v2.8b, v3.8b }, [x21], #4
    show q0
    show q1
    show q2
    show q3
    dist x21, x19
    // ld4r { v29.4h, v30.4h, v31.4h, v0.4h }, [x21], x22
    mark
    add x21, x19, #24
    mov x22, #-8
    ld4r { v29.4h, v30.4h, v31.4h, v0.4h }, [x21], x22
    show q29
    show q30
    show q31
    show q0
    dist x21, x19
    // ld2 { v0.8h, v1.8h }, [x21]
    mark
    add x21, x19, #0
    ld2 { v0.8h, v1.8h }, [x21]
    show q0
    show q1
    dist x21, x19
    // ld2 { v31.8b, v0.8b }, [x21], #16
    mark
    add x21, x19, #3
    ld2 { v31.8b, v0.8b }, [x21], #16
    show q31
    show q0
    dist x21, x19
    // ld3 { v0.16b, v1.16b, v2.16b }, [x21], #48
    mark
    add x21, x19, #0
    ld3 { v0.16b, v1.16b, v2.16b }, [x21], #48
    show q0
    show q1
    show q2
    dist x21, x19
    // ld3 { v30.2s, v31.2s, v0.2s }, [x21], x22
    mark
    add x21, x19, #4
    mov x22, #7
    ld3 { v30.2s, v31.2s, v0.2s }, [x21], x22
    show q30
    show q31
    show q0
    dist x21, x19
    // ld4 { v0.4s, v1.4s, v2.4s, v3.4s }, [x21]
    mark
    add x21, x19, #16
    ld4 { v0.4s, v1.4s, v2.4s, v3.4s }, [x21]
    show q0
    show q1
    show q2
    show q3
    dist x21, x19
    // ld4 { v1.4h, v2.4h, v3.4h, v4.4h }, [x21], #32
    mark
    add x21, x19, #1
    ld4 { v1.4h, v2.4h, v3.4h, v4.4h }, [x21], #32
    show q1
    show q2
    show q3
    show q4
    dist x21, x19
    // ld2 { v3.2d, v4.2d }, [x21], x22
    mark
    add x21, x19, #8
    mov x22, #32
    ld2 { v3.2d, v4.2d }, [x21], x22
    show q3
    show q4
    dist x21, x19
    // ld2 { v0.s, v1.s }[1], [x21]
    mark
    add x21, x19, #4
    ld2 { v0.s, v1.s }[1], [x21]
    show q0
    show q1
    dist x21, x19
    // ld2 { v31.b, v0.b }[14], [x21], #2
    mark
    add x21, x19, #9
    ld2 { v31.b, v0.b }[14], [x21], #2
    show q31
    show q0
    dist x21, x19
    // ld3 { v0.b, v1.b, v2.b }[9], [x21], x22
    mark
    add x21, x19, #11
    mov x22, #2
    ld3 { v0.b, v1.b, v2.b }[9], [x21], x22
    show q0
    show q1
    show q2
    dist x21, x19
    // ld3 { v2.d, v3.d, v4.d }[0], [x21]
    mark
    add x21, x19, #24
    ld3 { v2.d, v3.d, v4.d }[0], [x21]
    show q2
    show q3
    show q4
    dist x21, x19
    // ld4 { v0.h, v1.h, v2.h, v3.h }[5], [x21], #8
    mark
    add x21, x19, #6
    ld4 { v0.h, v1.h, v2.h, v3.h }[5], [x21], #8
    show q0
    show q1
    show q2
    show q3
    dist x21, x19
    // ld4 { v30.d, v31.d, v0.d, v1.d }[1], [x21]
    mark
    add x21, x19, #8
    ld4 { v30.d, v31.d, v0.d, v1.d }[1], [x21]
    show q30
    show q31
    show q0
    show q1
    dist x21, x19
    // st1 { v0.8h }, [x21]
    clear
    source
    add x21, x20, #0
    st1 { v0.8h }, [x21]
    dump
    dist x21, x20
    // st1 { v1.4s, v2.4s }, [x21], #32
    clear
    source
    add x21, x20, #3
    st1 { v1.4s, v2.4s }, [x21], #32
    dump
    dist x21, x20
    // st1 { v31.2s, v0.2s, v1.2s }, [x21], x22
    clear
    source
    add x21, x20, #8
    mov x22, #5
    st1 { v31.2s, v0.2s, v1.2s }, [x21], x22
    dump
    dist x21, x20
    // st1 { v28.16b, v29.16b, v30.16b, v31.16b }, [x21], #64
    clear
    source
    add x21, x20, #16
    st1 { v28.16b, v29.16b, v30.16b, v31.16b }, [x21], #64
    dump
    dist x21, x20
    // st1 { v30.1d, v31.1d }, [x21], x22
    clear
    source
    add x21, x20, #40
    mov x22, #-16
    st1 { v30.1d, v31.1d }, [x21], x22
    dump
    dist x21, x20
    // st1 { v0.b }[13], [x21], #1
    clear
    source
    add x21, x20, #5
    st1 { v0.b }[13], [x21], #1
    dump
    dist x21, x20
    // st1 { v1.h }[6], [x21]
    clear
    source
    add x21, x20, #10
    st1 { v1.h }[6], [x21]
    dump
    dist x21, x20
    // st1 { v2.s }[3], [x21], x22
    clear
    source
    add x21, x20, #20
    mov x22, #64
    st1 { v2.s }[3], [x21], x22
    dump
    dist x21, x20
    // st1 { v3.d }[1], [x21], #8
    clear
    source
    add x21, x20, #33
    st1 { v3.d }[1], [x21], #8
    dump
    dist x21, x20
    // st2 { v0.8b, v1.8b }, [x21], #16
    clear
    source
    add x21, x20, #0
    st2 { v0.8b, v1.8b }, [x21], #16
    dump
    dist x21, x20
    // st2 { v31.4s, v0.4s }, [x21]
    clear
    source
    add x21, x20, #8
    st2 { v31.4s, v0.4s }, [x21]
    dump
    dist x21, x20
    // st3 { v1.8h, v2.8h, v3.8h }, [x21], #48
    clear
    source
    add x21, x20, #4
    st3 { v1.8h, v2.8h, v3.8h }, [x21], #48
    dump
    dist x21, x20
    // st3 { v30.2d, v31.2d, v0.2d }, [x21], x22
    clear
    source
    add x21, x20, #2
    mov x22, #1
    st3 { v30.2d, v31.2d, v0.2d }, [x21], x22
    dump
    dist x21, x20
    // st4 { v0.16b, v1.16b, v2.16b, v3.16b }, [x21], #64
    clear
    source
    add x21, x20, #16
    st4 { v0.16b, v1.16b, v2.16b, v3.16b }, [x21], #64
    dump
    dist x21, x20
    // st4 { v29.2s, v30.2s, v31.2s, v0.2s }, [x21], x22
    clear
    source
    add x21, x20, #0
    mov x22, #-8
    st4 { v29.2s, v30.2s, v31.2s, v0.2s }, [x21], x22
    dump
    dist x21, x20
    // st2 { v0.h, v1.h }[7], [x21], #4
    clear
    source
    add x21, x20, #6
    st2 { v0.h, v1.h }[7], [x21], #4
    dump
    dist x21, x20
    // st3 { v31.s, v0.s, v1.s }[2], [x21]
    clear
    source
    add x21, x20, #12
    st3 { v31.s, v0.s, v1.s }[2], [x21]
    dump
    dist x21, x20
    // st4 { v0.b, v1.b, v2.b, v3.b }[3], [x21], x22
    clear
    source
    add x21, x20, #30
    mov x22, #9
    st4 { v0.b, v1.b, v2.b, v3.b }[3], [x21], x22
    dump
    dist x21, x20
    // st4 { v28.d, v29.d, v30.d, v31.d }[0], [x21], #32
    clear
    source
    add x21, x20, #40
    st4 { v28.d, v29.d, v30.d, v31.d }[0], [x21], #32
    dump
    dist x21, x20
    // SP as base: st1 by SP, then ld1 and ld2 back through SP with writeback
    mov x23, sp
    sub sp, sp, #96
    mov x24, sp
    source
    st1 { v0.16b, v1.16b, v2.16b, v3.16b }, [sp], #64
    mov x0, sp
    dist x0, x24
    mov sp, x24
    mark
    ld1 { v4.2d }, [sp], #16
    show q4
    mov x22, #-16
    ld2 { v30.8h, v31.8h }, [sp], x22
    show q30
    show q31
    ld1r { v0.4s }, [sp]
    show q0
    ld1 { v1.h }[1], [sp]
    show q1
    mov x0, sp
    dist x0, x24
    mov sp, x23

    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
marker:                         // a load's destinations before it
    .quad 0x5a5a5a5a5a5a5a5a, 0xa5a5a5a5c3c3c3c3
table:                          // byte i is i + 0x20
    .byte 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27
    .byte 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f
    .byte 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37
    .byte 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f
    .byte 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47
    .byte 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f
    .byte 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57
    .byte 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f
    .byte 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67
    .byte 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f
    .byte 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77
    .byte 0x78, 0x79, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f

    .data
    .balign 16
buffer:
    .space 96
vbuf:
    .space 16
line:
    .space 24
