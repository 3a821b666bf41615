// Base A64 instructions added in isa/sme2 after the first set, over four
// pairs of inputs (a, b): ADC, ADCS, SBC, SBCS and their aliases NGC, NGCS in
// W and X with the carry clear and set (N, Z and V set with it clear, to
// show they are not read), the flags of each S form; the LSE atomics LDADD,
// LDCLR, LDEOR, LDSET, LDSMAX, LDSMIN, LDUMAX, LDUMIN in B, H, W and X with
// each of the no-order, A, AL and L suffixes, the ST<op> aliases, SWP, CAS
// (matching and not) and CASP, each printing the old value returned and the
// doubleword of memory after it; the exclusives LDXR/STXR, LDAXR/STLXR in
// every size, LDXP/STXP and LDAXP/STLXP with the status each store-exclusive
// writes (0 after a load-exclusive of the same address and size, 1 with no
// load-exclusive, after CLREX, after a store-exclusive, after a system
// call, or to another address; sizes that differ are left out, where QEMU compares values) and memory after it; LDAR, STLR, LDAPR in every size; CRC32B/H/W/X
// and CRC32CB/H/W/X; LDPSW; and DMB, DSB, ISB, which change nothing. Every
// result is printed as 16 hex digits. It runs the same under mlisa run and,
// built with clang-19, under qemu-aarch64 -cpu max,sme512=on (the recorded
// output is sme2_a64_more.qemu.out).

// setc NZCV: the condition flags from the immediate's bits 31:28.
    .macro setc nzcv
    mov x0, #\nzcv
    msr nzcv, x0
    .endm

// flags: prints x0, then the flags the instruction before it set.
    .macro flags
    mrs x23, nzcv
    bl emit
    mov x0, x23
    bl emit
    .endm

// carry_ops NZCV: each add/subtract with carry of a = x19 and b = x20 with
// the flags NZCV before it.
    .macro carry_ops nzcv
    setc \nzcv
    adc x0, x19, x20
    bl emit
    setc \nzcv
    adc w0, w19, w20
    bl emit
    setc \nzcv
    adcs x0, x19, x20
    flags
    setc \nzcv
    adcs w0, w19, w20
    flags
    setc \nzcv
    sbc x0, x19, x20
    bl emit
    setc \nzcv
    sbc w0, w19, w20
    bl emit
    setc \nzcv
    sbcs x0, x19, x20
    flags
    setc \nzcv
    sbcs w0, w19, w20
    flags
    setc \nzcv
    ngc x0, x20
    bl emit
    setc \nzcv
    ngcs w0, w19
    flags
    setc \nzcv
    ngcs x0, x19
    flags
    .endm

// atom INSN, R: memory at x24 set to a, then INSN with b (R20) as the
// operand and R0 for the old value; prints the old value and memory after.
    .macro atom insn, r
    str x19, [x24]
    mov x0, #0x5555
    \insn \r\()20, \r\()0, [x24]
    bl emit
    ldr x0, [x24]
    bl emit
    .endm

// atom_st INSN, R: as atom for the ST<op> aliases (no old value).
    .macro atom_st insn, r
    str x19, [x24]
    \insn \r\()20, [x24]
    ldr x0, [x24]
    bl emit
    .endm

// atom_all OP: LD<OP> in each size, each with another order suffix, and
// the ST<OP> forms.
    .macro atom_all op
    atom ld\op\()b, w
    atom ld\op\()ah, w
    atom ld\op\()al, w
    atom ld\op\()l, x
    atom ld\op\()alb, w
    atom ld\op\()lh, w
    atom ld\op\()a, w
    atom ld\op\()al, x
    atom_st st\op\()b, w
    atom_st st\op\()lh, w
    atom_st st\op, w
    atom_st st\op\()l, x
    .endm

// cas_one INSN, R, CMP: memory a; Rs = CMP (x19: matches, x20: not unless
// a = b), the new value b; prints the old value returned and memory after.
    .macro cas_one insn, r, cmp
    str x19, [x24]
    mov x0, \cmp
    \insn \r\()0, \r\()20, [x24]
    bl emit
    ldr x0, [x24]
    bl emit
    .endm

// status: prints the value loaded (x0), the status (w2) and memory after.
    .macro status
    mov x26, x2
    bl emit
    mov x0, x26
    bl emit
    ldr x0, [x24]
    bl emit
    .endm

    .text
    .globl _start
_start:
    adr x21, inputs
    adr x24, cell
    mov x22, #4                 // pairs left
next_pair:
    ldpsw x0, x1, [x21]         // the halves of a, sign-extended
    mov x25, x1
    bl emit
    mov x0, x25
    bl emit
    mov x2, x21
    ldpsw x0, x1, [x2, #8]!     // the halves of b; x2 advances by 8
    sub x25, x2, x21
    mov x26, x1
    bl emit
    mov x0, x26
    bl emit
    mov x0, x25
    bl emit
    ldp x19, x20, [x21], #16
    dmb ish
    dsb sy
    isb

    carry_ops 0xd0000000        // C clear, N Z V set
    carry_ops 0x20000000        // C set

    atom_all add
    atom_all clr
    atom_all eor
    atom_all set
    atom_all smax
    atom_all smin
    atom_all umax
    atom_all umin
    atom swp, x
    atom swpab, w
    atom swplh, w
    atom swpal, w
    cas_one cas, x, x19
    cas_one cas, x, x20
    cas_one casab, w, x19
    cas_one casab, w, x20
    cas_one caslh, w, x19
    cas_one casal, w, x20
    cas_one casa, w, x19
    // CASP on the 16 bytes at x24: memory (a, b), compared with (x0, x1),
    // replaced by (b, a) where equal; the old pair and memory after.
    stp x19, x20, [x24]
    mov x0, x19
    mov x1, x20
    mov x2, x20
    mov x3, x19
    caspal x0, x1, x2, x3, [x24]
    mov x25, x1
    bl emit
    mov x0, x25
    bl emit
    ldp x0, x25, [x24]
    bl emit
    mov x0, x25
    bl emit
    mov x0, #7
    mov x1, #8
    casp w0, w1, w2, w3, [x24]  // memory (b, a) now: matches only if a's low word is 7
    mov x25, x1
    bl emit
    mov x0, x25
    bl emit
    ldr x0, [x24]
    bl emit

    // Exclusives. A load-exclusive and a store-exclusive of the same
    // address and size: status 0, memory written.
    str x19, [x24]
    ldxr x0, [x24]
    stxr w2, x20, [x24]
    status
    // A second store-exclusive: the first cleared the monitor, status 1.
    stxr w2, x19, [x24]
    mov x0, #0
    status
    // No load-exclusive since: status 1 again, even with release order.
    stlxr w2, w19, [x24]
    mov x0, #0
    status
    // CLREX between: status 1.
    str x19, [x24]
    ldaxr w0, [x24]
    clrex
    stlxr w2, w20, [x24]
    status
    // Another address: status 1.
    add x25, x24, #8
    ldxr x0, [x24]
    stxr w2, x20, [x25]
    status
    // A system call between (getpid): the exception return clears the
    // monitor, status 1.
    str x19, [x24]
    ldxr x0, [x24]
    mov x26, x0
    mov x8, #172                // getpid
    svc #0
    stxr w2, x20, [x24]
    mov x0, x26
    status
    // Bytes and halfwords, with acquire and release.
    str x19, [x24]
    ldxrb w0, [x24]
    stxrb w2, w20, [x24]
    status
    ldaxrh w0, [x24]
    stlxrh w2, w19, [x24]
    status
    ldxrh w0, [x24]
    stxrh w2, w20, [x24]
    status
    ldxr w0, [x24]
    stlxr w2, w20, [x24]
    status
    ldaxr x0, [x24]
    stxr w2, x19, [x24]
    status
    // Pairs: doublewords (a 16-byte access) and words (8 bytes).
    stp x19, x20, [x24]
    ldxp x0, x1, [x24]
    stxp w2, x20, x19, [x24]
    mov x25, x1
    status
    mov x0, x25
    bl emit
    ldr x0, [x24, #8]
    bl emit
    ldaxp w0, w1, [x24]
    stlxp w2, w1, w0, [x24]
    mov x25, x1
    status
    mov x0, x25
    bl emit
    stlxp w2, w0, w1, [x24]
    mov x0, #0
    status

    // Load-acquire and store-release.
    stlr x20, [x24]
    ldar x0, [x24]
    bl emit
    stlrb w19, [x24]
    ldarh w0, [x24]
    bl emit
    stlrh w19, [x24]
    ldar w0, [x24]
    bl emit
    stlr w20, [x24]
    ldarb w0, [x24]
    bl emit
    ldapr x0, [x24]
    bl emit
    ldaprb w0, [x24]
    bl emit
    ldaprh w0, [x24]
    bl emit
    ldapr w0, [x24]
    bl emit

    // CRC32 and CRC32C of b into a.
    crc32b w0, w19, w20
    bl emit
    crc32h w0, w19, w20
    bl emit
    crc32w w0, w19, w20
    bl emit
    crc32x w0, w19, x20
    bl emit
    crc32cb w0, w19, w20
    bl emit
    crc32ch w0, w19, w20
    bl emit
    crc32cw w0, w19, w20
    bl emit
    crc32cx w0, w19, x20
    bl emit

    subs x22, x22, #1
    b.ne next_pair
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210
    .quad 0x8000000000000000, 0x8000000000000000
    .quad 0x00000000ffffffff, 0x7fffffff80000001
    .quad 0, 0xffffffffffffffff

    .data
    .balign 16
cell:
    .space 16
line:
    .space 24
