// The sme2 target's A64 integer subset and the streaming SVE / SME loads,
// stores and counts: encodings against llvm-mc-19, the printer's round trip,
// refusals, and semantics worked by hand from the architecture's definitions
// (AddWithCarry's NZCV, WHILELT and PTRUE patterns, memory through a mapped
// region, the traps).
#include "core/diag.hpp"
#include "support/files.hpp"
#include "support/llvm_mc.hpp"
#include "asm/word_program.hpp"
#include "targets/sme2/machine.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include <filesystem>
#include <span>

#include <fmt/format.h>

#include <string>
#include <tuple>
#include <vector>

namespace mlisa::test {
namespace {

using spec::Bits;
using targets::sme2::Machine;

const targets::sme2::Target& sme2() {
  static const targets::sme2::Target t = targets::sme2::load();
  return t;
}

// Every new form, with edge registers (0, 30, SP/ZR), both widths, and
// immediates at the ends of their ranges.
const std::vector<std::string> kForms = {
    // The pseudo-instructions of CMP<cc> and FCM<cc> (vectors): operands swapped.
    "cmplt p0.b, p1/z, z2.b, z3.b", "cmple p2.h, p7/z, z4.h, z31.h", "cmplo p15.s, p0/z, z0.s, z1.s",
    "cmpls p0.d, p1/z, z2.d, z3.d", "fcmle p0.h, p1/z, z2.h, z3.h", "fcmlt p3.s, p2/z, z5.s, z6.s",
    "facle p0.d, p1/z, z2.d, z3.d", "faclt p0.s, p1/z, z2.s, z3.s",
    "movz x1, #0x1234, lsl #16", "movz w1, #0xffff", "movz x0, #0", "movz x30, #1, lsl #48",
    "mov x3, #5", "mov w7, #0x10000", "mov x9, #0xabcd00000000", "mov x2, #0x7fff000000000000",
    "mov x0, #4611967493404098560", "mov x1, #-9223372036854775808", "mov x4, #-281474976710656",
    "movk x2, #0xabcd, lsl #48", "movk w0, #1", "movk w30, #0xffff, lsl #16",
    "mov x0, x1", "mov w0, w1", "mov x30, xzr", "mov wzr, w3",
    "orr x5, x1, x2, asr #7", "orr w5, w1, w2, lsl #31", "orr x0, xzr, x30, ror #63",
    "mov sp, x1", "mov x1, sp", "mov wsp, w2", "mov w3, wsp",
    "add x0, x1, #4", "add x0, x1, #4, lsl #12", "add sp, sp, #4095", "add w30, wsp, #0",
    "sub sp, sp, #16", "sub x0, x1, #1, lsl #12", "sub w2, w3, #4095",
    "subs w0, w1, #4", "subs x0, sp, #1", "cmp x0, #3", "cmp sp, #16", "cmp w1, #1, lsl #12",
    "add x0, x1, x2, lsl #3", "add w0, w1, w2, asr #31", "add x30, xzr, x29",
    "sub w0, w1, w2, asr #3", "sub x3, x4, x5, lsr #63", "sub x0, x0, x0",
    "subs x0, x1, x2", "subs w9, w10, w11, lsl #5", "cmp x0, x1", "cmp w0, w1, lsl #2", "cmp x30, xzr, asr #1",
    "ret", "ret x3", "ret x0", "svc #0", "svc #0xffff",
    "ldr x0, [x1, #8]", "ldr w0, [x1, #8]", "ldr x0, [sp]", "ldr x0, [x1, #32760]", "ldr w0, [sp, #16380]",
    "ldr x0, [x1, #8]!", "ldr w2, [sp, #-256]!", "ldr x0, [x1], #8", "ldr x3, [x4], #255",
    "ldr x0, [x1, x2]", "ldr x0, [x1, x2, lsl #3]", "ldr w0, [x1, w2, uxtw #2]", "ldr x0, [x1, w2, sxtw]",
    "ldr w5, [sp, x6, lsl #2]", "ldr xzr, [x1, w2, uxtw]",
    "str x0, [sp, #8]", "str w0, [x1, #-4]!", "str x0, [x1], #-8", "str x0, [x1, x2, lsl #3]",
    "str wzr, [x3]", "str x30, [sp, #-16]!", "str w7, [x8, w9, sxtw #2]",
    "ldp x29, x30, [sp], #16", "ldp x0, x1, [x2, #16]", "ldp w0, w1, [x2, #-256]", "ldp x3, x4, [sp, #504]!",
    "ldp x0, x1, [x2]",
    "stp x29, x30, [sp, #-16]!", "stp w0, w1, [x2, #8]", "stp x0, xzr, [x2], #-512", "stp w3, w4, [sp]",
    "st1w {za0h.s[w12, 0]}, p0, [x2]", "st1w {za3v.s[w15, 3]}, p7, [sp, x30, lsl #2]",
    "ld1w {za1h.s[w13, 1]}, p2/z, [x4, x5, lsl #2]", "ld1b {za0v.b[w14, 15]}, p5/z, [x2, x9]", "st1b {za0h.b[w12, 0]}, p0, [x0]",
    "ld1h {za1v.h[w12, 7]}, p0/z, [x2, x3, lsl #1]", "st1h {za0h.h[w15, 0]}, p1, [sp]",
    "ld1d {za7h.d[w12, 1]}, p0/z, [x2, x3, lsl #3]", "st1d {za0v.d[w13, 0]}, p6, [x1]",
    "ld1q {za15v.q[w12, 0]}, p0/z, [x2, x3, lsl #4]", "st1q {za0h.q[w14, 0]}, p3, [x0]",
    "scvtf s0, w18, #3", "scvtf d1, x2, #64", "ucvtf s3, x4, #1", "ucvtf d5, w6, #32", "fcvtzs w0, s1, #3",
    "fcvtzu x2, d3, #64", "fcvtzs x9, s10, #12", "fcvtzu w11, d12, #32", "neg z0.s, p0/m, z0.s",
    "neg z31.b, p7/m, z30.b", "abs z1.d, p1/m, z2.d", "abs z5.h, p3/m, z9.h", "mul z1.s, z1.s, #3",
    "mul z31.b, z31.b, #-128", "mul z2.d, z2.d, #127",
    "fadd z0.s, p0/m, z0.s, z1.s", "fdiv z31.d, p7/m, z31.d, z30.d", "fabd z2.h, p3/m, z2.h, z9.h",
    "fmul z0.h, z1.h, z2.h", "fsub z31.d, z30.d, z29.d", "fmul z0.d, p0/m, z0.d, #0.5", "fmaxnm z1.h, p1/m, z1.h, #1.0",
    "fnmls z1.d, p0/m, z2.d, z0.d", "fmla z31.s, p7/m, z30.s, z29.s", "faddv h0, p0, z0.h", "fminnmv d31, p7, z30.d",
    "movprfx z0, z31", "add z0.b, p1/m, z0.b, z2.b", "udivr z31.d, p7/m, z31.d, z30.d", "bic z3.h, p2/m, z3.h, z4.h", "smulh z5.s, p3/m, z5.s, z6.s",
    "uqsub z0.d, z1.d, z2.d", "add z0.h, z0.h, #255", "sub z0.s, z0.s, #65280", "subr z0.d, z0.d, #3",
    "smax z0.b, z0.b, #-128", "umin z31.d, z31.d, #255", "saddv d0, p1, z2.b", "uaddv d31, p7, z30.d", "uminv h0, p1, z2.h",
    "sdot z0.s, z1.b, z2.b", "udot z31.d, z30.h, z29.h", "sel z0.s, p15, z1.s, z2.s", "mov z0.b, p1/m, z1.b",
    "fcvtzs z1.h, p0/m, z1.h", "ucvtf z1.d, p7/m, z2.d", "frintx z1.s, p0/m, z3.s", "frinta z31.h, p7/m, z30.h",
    "fsqrt z1.d, p0/m, z2.d", "fabs z1.h, p0/m, z2.h", "fneg z1.d, p7/m, z2.d",
    "fmla z0.s, z1.s, z2.s[3]", "fmls z31.h, z30.h, z0.h[4]", "fmla z0.d, z1.d, z15.d[1]", "fmul z0.h, z1.h, z7.h[7]",
    "sdot z0.s, z1.b, z7.b[3]", "udot z0.d, z1.h, z15.h[1]",
    "cntp x10, p0, p1.s", "cntp x0, p15, p7.b", "index z0.s, w8, #1", "index z0.b, #-16, #15", "index z1.d, x3, x4",
    "index z2.h, #3, w5", "lsl z1.d, z1.d, #63", "asr z1.h, z2.h, #16", "lsr z1.b, z1.b, #8", "lsl z31.s, z0.s, #0",
    "ld1rqw {z0.s}, p0/z, [x0]", "ld1rqb {z0.b}, p0/z, [x0, #-128]", "ld1rqd {z31.d}, p7/z, [sp, #112]",
    "fcvt z0.h, p0/m, z1.s", "fcvt z0.s, p0/m, z1.h", "fcvt z0.h, p0/m, z1.d", "fcvt z0.d, p0/m, z1.h",
    "fcvt z0.s, p0/m, z1.d", "fcvt z31.d, p7/m, z30.s",
    "ldr p0, [x8, #-1, mul vl]", "str p15, [sp, #255, mul vl]", "ldr p1, [x0]", "ldr z0, [x0, #-256, mul vl]",
    "str z31, [sp, #255, mul vl]", "str z5, [x3]",
    "fcmgt p1.s, p0/z, z0.s, z1.s", "fcmne p15.d, p7/z, z31.d, z30.d", "facge p1.h, p0/z, z0.h, z1.h",
    "fcmlt p1.s, p0/z, z0.s, #0.0", "fcmeq p2.d, p3/z, z4.d, #0.0", "cmphi p1.s, p0/z, z0.s, z1.s", "cmpeq p15.b, p7/z, z31.b, z30.b",
    "mov z0.s, s0", "mov z31.b, b30", "mov z2.d, z3.d[7]", "mov z0.q, z1.q[3]", "mov z0.h, z1.h[31]",
    "ptrue pn8.b", "ptrue pn15.d", "whilelo pn8.s, x0, x1, vlx2", "whilele pn15.d, x30, xzr, vlx4",
    "whilels pn9.h, x3, x4, vlx2", "whilelt pn12.b, x5, x6, vlx4", "pext p0.s, pn8[0]", "pext p15.b, pn15[3]",
    "pext {p0.s, p1.s}, pn8[0]", "pext {p15.d, p0.d}, pn9[1]", "cntp x0, pn8.s, vlx2", "cntp x30, pn15.b, vlx4",
    "ld1b {z0.b, z1.b}, pn8/z, [x0]", "ld1h {z28.h-z31.h}, pn15/z, [sp, #-32, mul vl]",
    "ld1w {z2.s, z3.s}, pn9/z, [x1, x2, lsl #2]", "ld1d {z4.d-z7.d}, pn10/z, [x3, x4, lsl #3]",
    "st1b {z30.b, z31.b}, pn11, [x5, #14, mul vl]", "st1w {z0.s-z3.s}, pn8, [x0, x1, lsl #2]",
    "ld1w {z0.s, z8.s}, pn8/z, [x0]", "ld1b {z23.b, z31.b}, pn13/z, [x9, #-16, mul vl]",
    "ld1h {z19.h, z23.h, z27.h, z31.h}, pn15/z, [x0, x1, lsl #1]", "st1d {z0.d, z4.d, z8.d, z12.d}, pn8, [sp]",
    "st1h {z16.h, z24.h}, pn12, [x3, x4, lsl #1]",
    "ld1b {z0.b}, p0/z, [x0]", "ld1b {z31.d}, p7/z, [sp, #-8, mul vl]", "ld1b {z5.h}, p2/z, [x3, x4]",
    "ld1d {z0.d}, p0/z, [x0, #7, mul vl]", "ld1d {z9.d}, p1/z, [x2, x30, lsl #3]", "ld1sb {z1.h}, p0/z, [x0]",
    "ld1sb {z2.d}, p3/z, [x1, x2]", "ld1sh {z3.s}, p4/z, [sp, #-1, mul vl]", "ld1sh {z4.d}, p5/z, [x6, x7, lsl #1]",
    "ld1sw {z5.d}, p6/z, [x8]", "ld1sw {z6.d}, p7/z, [x9, x10, lsl #2]", "st1b {z0.b}, p0, [x0]",
    "st1b {z7.s}, p1, [x1, x2]", "st1h {z8.h}, p2, [x3, #-8, mul vl]", "st1h {z9.d}, p3, [x4, x5, lsl #1]",
    "st1d {z10.d}, p4, [sp, #7, mul vl]", "st1d {z11.d}, p5, [x6, x7, lsl #3]",
    "ld1h {z0.h}, p0/z, [x0]", "ld1h {z31.h}, p7/z, [sp, #7, mul vl]", "ld1h {z0.h}, p0/z, [x0, #-8, mul vl]",
    "ld1h {z5.h}, p2/z, [x0, x1, lsl #1]", "ld1h {z0.h}, p0/z, [sp, x30, lsl #1]",
    "ld1w {z0.s}, p0/z, [x0, #-8, mul vl]", "ld1w {z1.s}, p1/z, [x3]", "ld1w {z0.s}, p0/z, [x0, x1, lsl #2]",
    "ld1w {z31.s}, p7/z, [sp, x2, lsl #2]",
    "st1w {z0.s}, p0, [x0, #7, mul vl]", "st1w {z9.s}, p3, [sp]", "st1w {z0.s}, p0, [x0, x1, lsl #2]",
    "st1w {z31.s}, p7, [x30, x29, lsl #2]",
    // The wider element sizes: halfwords into .s and .d elements, words into .d.
    "ld1h {z0.s}, p0/z, [x0]", "ld1h {z31.d}, p7/z, [sp, #-1, mul vl]", "ld1h {z21.s}, p5/z, [x10, x21, lsl #1]",
    "ld1h {z23.d}, p3/z, [x13, x8, lsl #1]", "ld1w {z31.d}, p7/z, [sp, #-8, mul vl]",
    "ld1w {z23.d}, p3/z, [x13, x8, lsl #2]", "st1w {z0.d}, p0, [x0]", "st1w {z21.d}, p5, [x10, #5, mul vl]",
    "st1w {z0.d}, p0, [x0, x0, lsl #2]", "ld1h z4.d, p1/z, [x2]", "st1w z5.d, p1, [x2, x3, lsl #2]",
    "ldr za[w12, 0], [x0]", "ldr za[w13, 15], [x0, #15, mul vl]", "ldr za[w15, 7], [sp, #7, mul vl]",
    "str za[w12, 3], [x1, #3, mul vl]", "str za[w14, 0], [sp]",
    "ptrue p0.s", "ptrue p1.h, vl8", "ptrue p2.b, pow2", "ptrue p0.d, mul3", "ptrue p15.b, mul4",
    "ptrue p3.s, vl256", "ptrue p4.h, vl1", "ptrue p5.d, #14", "ptrue p6.b, #28",
    "whilelt p0.s, x0, x1", "whilelt p0.h, w0, w1", "whilelt p15.b, xzr, x30", "whilelt p7.d, w29, wzr",
    "rdsvl x0, #1", "rdsvl x30, #-32", "rdsvl x3, #31",
    "addsvl sp, sp, #-2", "addsvl x0, x1, #3", "addsvl x30, sp, #31",
    "cntw x0", "cntw x0, all, mul #4", "cntw x0, vl16", "cntw x30, pow2, mul #16", "cntw x2, mul3",
    // Spellings llvm-mc takes besides the manual's: a one-register list without
    // braces, a pattern as its number, an explicit `lsl #0`, ADD and SUB of a
    // negative immediate (the other one of the pair).
    "ld1w z0.s, p0/z, [x0]", "ld1h z7.h, p1/z, [x2, #3, mul vl]", "st1w z5.s, p1, [x2, x3, lsl #2]",
    "ptrue p7.s, #1", "ptrue p0.b, #31", "ptrue p1.h, #0", "cntw x0, #1", "cntw x1, #13, mul #2",
    "add w20, wsp, #801, lsl #0", "subs xzr, x30, #4095, lsl #0", "cmp sp, #200, lsl #0", "sub x0, x1, #5, lsl #0",
    "add x0, x1, #-3", "add x0, x1, #-1, lsl #12", "sub sp, sp, #-16", "sub w2, w3, #-4095", "add x0, x1, #-0",
    // A multiple of 4096 that only LSL #12 holds (listed as `#1, lsl #12`).
    "add x0, x1, #4096", "add w0, wsp, #0xfff000", "sub sp, sp, #0x5000", "cmp x0, #4096", "subs w1, w2, #8192",
    "add x0, x1, #-4096", "sub x0, x1, #-0x3000",
    // ADD, SUB, SUBS, CMP (extended register): every extension, SP/WSP with LSL or none.
    "add x2, x4, w5, uxtb", "add x20, sp, w19, uxth", "add x12, x1, w20, uxtw", "add x20, x3, x13, uxtx",
    "add x17, x25, w20, sxtb #1", "add x18, x13, w19, sxth #2", "add sp, x2, w3, sxtw #3", "add x3, x5, x9, sxtx #4",
    "add w2, w5, w7, uxtb", "add w21, w15, w17, uxth #4", "add w30, w29, wzr, uxtw", "add w19, w17, w1, uxtx",
    "add wsp, w2, w3", "add w1, wsp, w2, lsl #2", "add x1, sp, x2", "add sp, x1, x2, lsl #3", "add w1, w2, w3, sxtw #0",
    "sub x2, x4, w5, uxtb #2", "sub sp, sp, x1", "sub w1, wsp, w2, sxth", "sub x0, x1, xzr, sxtx",
    "subs x2, sp, w5, sxtw", "subs w3, wsp, w4", "subs x1, x2, w3, uxth #1", "subs x0, sp, x1, lsl #4",
    "cmp sp, x2", "cmp w1, w2, uxtb", "cmp x1, w2, sxth #3", "cmp wsp, w7, lsl #1",
    // ADDS and CMN in their three forms, and the negative immediates that
    // swap CMP and CMN, ADDS and SUBS.
    "adds x2, x4, w5, uxtb #2", "adds w26, wsp, w19, sxth", "adds xzr, x2, w3, sxtw", "adds x3, x5, x9, sxtx #2",
    "adds w13, w23, #291, lsl #12", "adds xzr, x3, #0x1, lsl #12", "adds w17, w29, w20, lsl #31",
    "adds x27, x28, x29, lsr #63", "adds x2, x3, x4, asr #0", "cmn x4, w5, uxtb #2", "cmn sp, w19, uxth #4",
    "cmn wsp, wzr, sxtw", "cmn w3, #291, lsl #12", "cmn sp, #1092, lsl #12", "cmn w0, w3", "cmn w14, w15, lsr #21",
    "cmn x1, #4096", "cmp x0, #-3", "cmn x0, #-3", "adds x0, x1, #-3", "subs w0, w1, #-4095", "cmn w0, #-0",
    "br x1", "br x30", "blr x2", "blr xzr", "madd x0, x1, x2, x3", "madd w30, wzr, w29, w28", "mul x0, x1, x2",
    "mul w1, w2, w3", "msub w0, w1, w2, w3", "msub x0, x1, x2, x30", "mneg w5, w6, w7", "mneg x0, x1, x2",
    "csel x0, x1, x2, eq", "csel w3, w4, w5, hs", "csel x6, xzr, x7, al", "csel w1, w2, w3, cc",
    "csinc x0, x1, x2, lt", "csinc w0, wzr, wzr, al", "csinc x3, xzr, x4, nv", "cset w0, ne", "cset x9, lo",
    "cset x9, cs", "csinc w0, wzr, wzr, eq",
    "csinv x0, x1, x2, eq", "csneg w3, w4, w5, hs", "csetm w0, ne", "csetm x9, lo", "csinv w0, wzr, wzr, al",
    "csneg x1, x2, x3, nv", "cinc x1, x2, lt", "cinc w3, w4, eq", "cinv x5, x6, hs", "cneg w7, w8, mi",
    "cneg x2, xzr, lo", "csinc x1, x2, x2, al",
    "and x0, x1, x2", "and w3, w4, w5, lsl #3", "eor x0, x1, x2, ror #7", "ands x0, x1, x2, asr #63", "tst w1, w2",
    "tst x3, x4, lsr #5", "bic x0, x1, x2", "orn w0, w1, w2, lsl #1", "mvn x0, x1", "mvn w3, w4, ror #2",
    "eon x0, x1, x2", "bics w0, w1, w2", "ands wzr, w1, w2", "and xzr, x1, x2",
    // Logical immediates (every element size), with SP as destination, and
    // the MOV and TST aliases; a negative value is its two's complement.
    "and w0, w8, #0xf800001f", "and x0, x1, #0xff", "and w0, w1, #-2", "and x0, x1, #-2", "and x3, x4, #0x5555555555555555",
    "and x5, x6, #0x3333333333333333", "and x7, x8, #0x0f0f0f0f0f0f0f0f", "and x9, x10, #0x00ff00ff00ff00ff",
    "and x11, x12, #0x0000ffff0000ffff", "and x13, x14, #0x00000000ffffffff", "and x15, x16, #0x8000000000000000",
    "orr x0, xzr, #0xff", "orr w1, w2, #0x1", "orr sp, x3, #0x7ffffffffffffffe", "eor sp, x1, #0x1", "eor wsp, w2, #0xfffffffe",
    "ands w0, w1, #0x1", "ands xzr, x1, #3", "tst w1, #0x1", "tst x1, #0xfffffffffffffff0",
    "mov w12, #0x7ffffff8", "mov x0, #0x5555555555555555", "mov wsp, #0xff00ff00", "mov x0, #0x00ff00ff00ff00ff",
    "mov x0, #0xffffffff", "mov sp, #0xf0",
    // MOVN and the wide MOV it makes (MOVZ where both can).
    "movn w0, #1", "movn x0, #0xffff, lsl #48", "movn w0, #0xffff", "movn w0, #0, lsl #16", "movn x1, #0",
    "mov w0, #-2", "mov w0, #0xfffffffe", "mov x0, #-2", "mov x1, #-0x10000", "mov x2, #-0x100000001",
    "mov w3, #0xfffeffff", "mov w5, #-65536", "mov x6, #-1", "mov w7, #-1", "mov w8, #0xffffffff",
    "mov x9, #0xffffffffffff", "mov x10, #-9223090561878065153",
    // The bitfield moves and their aliases, at the ends of their ranges.
    "ubfiz w0, w1, #0, #4", "ubfiz w0, w1, #4, #28", "ubfx w0, w1, #4, #28", "ubfx w0, w1, #0, #32", "ubfx x0, x1, #63, #1",
    "lsl w0, w1, #0", "lsl x0, x1, #63", "lsl w0, w1, #1", "lsr w0, w1, #31", "lsr x10, x10, #4", "asr x0, x1, #0",
    "asr w0, w11, #2", "sbfx x0, x1, #63, #1", "sbfx w9, w2, #3, #16", "bfi w0, w1, #31, #1", "bfi w0, w1, #0, #1",
    "bfxil x0, x1, #3, #61", "sxtw x0, w1", "sxtb w0, w1", "sxtb x0, w1", "sxth x0, w1", "uxtb w0, w1", "uxth w0, w1",
    "uxtb x0, w1", "ubfm w0, w1, #3, #2", "sbfm x0, x1, #63, #62", "bfm w0, w1, #31, #30", "ubfm w0, w1, #0, #31",
    "sbfm w0, w1, #0, #31", "bfm w0, w1, #0, #31", "ubfm x0, x1, #0, #7", "sbfiz x0, x1, #0, #64", "sbfiz w5, w6, #31, #1",
    "ubfiz x7, x8, #60, #4", "bfc w0, #3, #4", "bfc x1, #0, #5", "bfc x2, #63, #1",
    "ror w8, w0, #5", "ror x1, x2, #63", "ror w3, w3, #0", "extr x0, x1, x2, #63", "extr w3, w4, w5, #0", "extr w6, wzr, w7, #31",
    "smulh x0, x1, x0", "umulh x30, xzr, x29", "smulh x2, x3, x4",
    // Byte, halfword and sign-extending loads and stores: every addressing
    // form, and the unscaled forms llvm-mc takes for an offset the scaled
    // one cannot hold.
    "ldrb w8, [x0, #4]", "ldrb w8, [x0]", "ldrb w0, [sp, #4095]", "ldrb w1, [x2], #-256", "ldrb w1, [x2, #255]!",
    "ldrb w0, [x1, x2]", "ldrb w0, [x1, x2, lsl #0]", "ldrb w0, [x1, w2, uxtw]", "ldrb w0, [x1, w2, sxtw #0]",
    "ldrb w0, [x1, x2, sxtx]", "ldrsb w0, [x1, x2, lsl #0x0]", "ldrb w0, [x1, w2, sxtw #0x00]", "ldrb w0, [x1, #-1]", "strb w8, [x1, #3]", "strb wzr, [sp], #1", "strb w3, [x4, x5]",
    "ldrh w8, [x0, #2]", "ldrh w0, [x1, #8190]", "ldrh w0, [x1, x2, lsl #1]", "ldrh w0, [x1, w2, sxtw #1]",
    "ldrh w0, [x1, #1]", "strh w0, [x1, #-2]!", "strh w9, [x10, w11, uxtw #1]", "ldrsb w13, [x0, x10]",
    "ldrsb w9, [x1]", "ldrsb x9, [x1, #4095]", "ldrsb x0, [x1], #1", "ldrsh w0, [x1, #2]", "ldrsh x0, [x1, x2, lsl #1]",
    "ldrsh x0, [x1, #-2]", "ldrsw x0, [x1, #4]", "ldrsw x0, [x1, #16380]", "ldrsw x0, [x1, x2, lsl #2]",
    "ldrsw x0, [x1, w2, sxtw]", "ldrsw x0, [x1], #4", "ldrsw x0, [x1, #-4]", "ldur x0, [x1, #-8]", "ldur w0, [x1]",
    "ldr x0, [x1, #-8]", "ldr w0, [x1, #3]", "ldr x0, [x1, #255]", "stur x0, [sp, #-256]", "str x0, [x1, #-8]",
    "sturb w0, [x1, #1]", "sturh w0, [x1, #-1]", "ldurb w0, [x1, #-1]", "ldurh w0, [x1, #-1]", "ldursb w0, [x1, #-1]",
    "ldursb x0, [x1, #-1]", "ldursh x0, [x1, #255]", "ldursw x0, [x1, #-256]", "ldr x0, [x1, x2, sxtx]",
    "str w0, [x1, x2, sxtx #2]",
    // The vector length counts and the system registers of EL0.
    "cntb x0", "cnth x10", "cntd x9, vl8, mul #3", "cntw x30, mul4", "inch x11", "inch x11, all, mul #2", "decw x9",
    "decb x0, pow2", "incd x3, vl1, mul #16", "incb xzr, #14", "decd x7, vl256, mul #1", "rdvl x10, #1",
    "rdvl x0, #-32", "addvl x0, x0, #2", "addvl sp, sp, #-1", "addpl x1, sp, #31", "addpl sp, x30, #-32",
    "mrs x8, TPIDR2_EL0", "msr TPIDR2_EL0, xzr", "mrs x0, nzcv", "msr nzcv, x1", "mrs x0, fpcr", "msr fpsr, x3",
    "mrs x0, tpidr_el0", "mrs x30, svcr", "msr svcr, x0",
    // MOVA of one slice, every element size, both directions.
    "mova z1.s, p0/m, za0h.s[w12, 0]", "mov z0.b, p7/m, za0v.b[w15, 15]", "mov z0.h, p0/m, za1h.h[w13, 7]",
    "mov z0.d, p0/m, za7v.d[w12, 1]", "mov z0.q, p0/m, za15h.q[w12, 0]", "mov za0h.s[w12, 0], p0/m, z1.s",
    "mov za3v.s[w15, 3], p7/m, z31.s", "mov za0h.b[w12, 15], p0/m, z1.b", "mov za15v.q[w12, 0], p0/m, z1.q",
    "mova z31.h, p3/m, za0v.h[w14, 0]", "mova za7h.d[w14, 0], p1/m, z9.d",
    // SIMD&FP register pairs (the callee-saved D8-D15 of a streaming function).
    "stp d15, d14, [sp, #-96]!", "ldp d15, d14, [sp], #96", "stp d9, d8, [sp, #48]", "ldp s0, s1, [x0, #-256]",
    "stp q0, q31, [x1, #1008]", "ldp q2, q3, [sp], #-1024", "stp s30, s31, [x2, #252]!", "ldp d0, d1, [x3]",
    // NOP, ADRP, and the SVE moves clang-19 writes around SME code.
    "nop", "mov z0.s, #0", "dup z0.s, #0", "mov z1.b, #-128", "mov z2.h, #127, lsl #8", "mov z3.d, #-1, lsl #8",
    "mov z4.s, #-32768", "fmov z5.s, #0.0", "mov z0.s, #1, lsl #0", "mov z1.d, z0.d", "orr z1.d, z2.d, z3.d",
    "mov z0.s, w12", "mov z1.d, x9", "mov z2.b, wsp", "dup z3.h, w30", "mov z4.d, sp",
    // One SIMD&FP register: every size, addressing form and FMOV direction.
    "ldr q0, [x8]", "ldr q1, [x8, #16]", "str q2, [sp, #-32]!", "ldr d0, [x1], #8", "str s3, [x2, #4]",
    "ldr h4, [x3, #2]", "str b5, [x4, #1]", "ldr b6, [x5], #-1", "ldr q7, [x1, #65520]", "str d8, [sp, #32760]",
    "ldur q0, [x1, #-16]", "ldr d0, [x1, #-8]", "stur h9, [x2, #255]", "fmov x11, d0", "fmov d0, x1", "fmov s0, w1",
    "fmov w0, s1", "ldr q0, [x1, x2, lsl #4]", "str d1, [x2, w3, sxtw #3]", "ldr b2, [x3, x4, lsl #0]",
    "str s5, [x6, x7, sxtx]",
    // Shifts by a register and division.
    "lsl x0, x1, x2", "lslv w3, w4, w5", "lsr x6, x7, x8", "asr w9, w10, w11", "ror x12, x13, x14", "rorv wzr, w0, w30",
    "udiv x0, x1, x2", "sdiv w3, w4, w5", "sdiv x30, xzr, x29",
    // Scalar floating point, single and double.
    "fadd s0, s1, s2", "fadd d3, d4, d5", "fsub s6, s7, s8", "fmul d9, d10, d11", "fdiv s12, s13, s14",
    "fdiv d31, d30, d29", "fmadd s0, s1, s2, s3", "fmsub d4, d5, d6, d7", "fnmadd s8, s9, s10, s11",
    "fnmsub d12, d13, d14, d15", "fmov s0, s1", "fmov d2, d3", "fmov s0, #1.0", "fmov d3, #-2.5", "fmov s31, #0.125", "fmov d1, #31.0", "fmov z0.h, #-0.125", "fmov z1.s, #1.0", "fmov z31.d, #31.0", "whilelo p15.b, xzr, x0", "whilelo p1.d, w1, wzr", "whilele p2.h, x3, x4", "whilels p3.b, w5, w6", "fmov z0.d, p0/m, #-2.25", "fcpy z1.s, p15/m, #1.0", "fmov z2.h, p7/m, #0.125", "fabs s4, s5", "fneg d6, d7",
    "fcmp s0, s1", "fcmp d2, #0.0", "fcmpe d3, d4", "fcmpe s5, #0.0", "fcsel s0, s1, s2, eq", "fcsel d3, d4, d5, lt",
    "fcvt d0, s1", "fcvt s2, d3", "scvtf s0, w1", "scvtf d2, x3", "ucvtf d4, w5", "ucvtf s6, x7", "fcvtzs w0, s1",
    "fcvtzs x2, d3", "fcvtzu w4, d5", "fcvtzu x6, s7",
    // SVE bitmask immediates: every element size, and elements wider than the smallest they repeat.
    "and z1.b, z1.b, #0x1", "and z1.h, z1.h, #0xff00", "and z1.s, z1.s, #0xff0", "and z1.d, z1.d, #0x00000ff000000ff0",
    "orr z2.h, z2.h, #0xfff0", "orr z0.d, z0.d, #0x8000000000000000", "eor z3.d, z3.d, #0xfffffffffffffffe",
    "eor z5.h, z5.h, #-2", "and z31.s, z31.s, #-16", "dupm z4.s, #0xff", "mov z4.h, #0x7ff0", "dupm z7.b, #0x3",
    "dupm z6.d, #0xfffffffffffffff0", "bic z1.s, z1.s, #0xff", "orn z2.h, z2.h, #0xf", "eon z3.d, z3.d, #0xfffffffffffffff0",
    "bic z5.s, z5.s, #-256",
    // SVE compares with an immediate, integer and FP multiply-adds, bitwise vectors.
    "and z0.d, z1.d, z2.d", "eor z31.d, z0.d, z15.d", "bic z3.d, z4.d, z5.d", "cmpeq p0.b, p0/z, z0.b, #0",
    "cmpne p1.h, p2/z, z3.h, #-16", "cmpge p15.s, p7/z, z31.s, #15", "cmplt p2.d, p1/z, z2.d, #-1",
    "cmple p3.b, p3/z, z4.b, #7", "cmpgt p1.s, p0/z, z0.s, #5", "cmphs p0.b, p0/z, z0.b, #0", "cmphi p4.h, p5/z, z6.h, #127",
    "cmplo p7.s, p6/z, z5.s, #64", "cmpls p8.d, p1/z, z9.d, #1", "mla z0.s, p0/m, z4.s, z2.s", "mls z1.b, p7/m, z2.b, z3.b",
    "mad z1.d, p7/m, z2.d, z3.d", "msb z5.h, p3/m, z6.h, z7.h", "fmad z2.s, p0/m, z1.s, z3.s", "fmsb z1.d, p7/m, z2.d, z3.d",
    "fnmad z0.h, p1/m, z9.h, z10.h", "fnmsb z31.s, p2/m, z30.s, z29.s", "cpy z0.h, p0/m, #127, lsl #8",
    "cpy z0.s, p0/z, #-128", "cpy z31.d, p15/m, #0, lsl #8", "mov z1.b, p2/z, #5", "mov z3.s, p1/m, #9",
    "mov z0.s, p0/z, #256", "fmov z0.s, p0/m, #0.0", "mov z0.h, p0/z, #-32768",
    // Scalar FMAX and its kin, FSQRT, CCMP and CCMN.
    "fmax s0, s1, s2", "fmin d0, d1, d2", "fmaxnm s1, s1, s0", "fminnm d0, d0, d1", "fsqrt s0, s1", "fsqrt d3, d4",
    "ccmp x12, x2, #0, hi", "ccmp w1, #5, #4, eq", "ccmn x1, x2, #15, lt", "ccmn w3, #31, #2, ne", "ccmp w0, w30, #8, hs",
    "ccmp xzr, #0, #0, lo", "ccmn x5, #1, #7, al",
    // SVE shifts by vectors, FADDA, REV; the scalar conversions of every rounding.
    "lsl z0.b, p0/m, z0.b, z1.b", "lsr z2.h, p1/m, z2.h, z3.h", "asr z4.s, p7/m, z4.s, z5.s", "lslr z6.d, p2/m, z6.d, z7.d",
    "lsrr z8.b, p3/m, z8.b, z9.b", "asrr z10.h, p4/m, z10.h, z11.h", "fadda s0, p0, s0, z1.s", "fadda d3, p7, d3, z31.d",
    "fadda h1, p1, h1, z2.h", "rev z0.s, z0.s", "rev z1.b, z2.b", "rev z31.d, z30.d", "rev z3.h, z4.h", "fcvtas w9, s3",
    "fcvtau x1, d2", "fcvtns w0, s0", "fcvtnu w0, d0", "fcvtms x0, s0", "fcvtmu w0, s0", "fcvtps w0, s0", "fcvtpu x0, d1",
    // SVE permutes.
    "zip1 z0.b, z1.b, z2.b", "zip2 z3.h, z4.h, z5.h", "uzp1 z6.s, z7.s, z8.s", "uzp2 z9.d, z10.d, z11.d",
    "trn1 z12.b, z13.b, z14.b", "trn2 z31.s, z30.s, z29.s", "sunpklo z1.h, z0.b", "sunpkhi z0.h, z0.b", "uunpklo z2.s, z3.h",
    "uunpkhi z4.d, z5.s", "tbl z0.b, {z0.b}, z1.b", "tbl z1.d, {z2.d}, z3.d", "ext z0.b, z0.b, z1.b, #12",
    "ext z0.b, z0.b, z1.b, #255", "compact z0.s, p0, z0.s", "compact z1.d, p7, z2.d", "splice z0.b, p0, z0.b, z1.b",
    "splice z3.d, p7, z3.d, z31.d",
    // Structure loads and stores.
    "ld2b {z0.b, z1.b}, p0/z, [x0]", "ld2h {z0.h, z1.h}, p0/z, [x0]", "ld2d {z0.d, z1.d}, p0/z, [x0]",
    "ld3w {z0.s, z1.s, z2.s}, p0/z, [x0]", "ld4w {z0.s, z1.s, z2.s, z3.s}, p0/z, [x0]", "ld2w {z2.s, z3.s}, p0/z, [x13, #-16, mul vl]",
    "ld2w {z0.s, z1.s}, p0/z, [x0, x1, lsl #2]", "st2w {z0.s, z1.s}, p0, [x0]", "st4b {z0.b, z1.b, z2.b, z3.b}, p0, [x0, #4, mul vl]",
    "ld3b {z0.b, z1.b, z2.b}, p0/z, [x0, x1]", "ld4d {z31.d, z0.d, z1.d, z2.d}, p7/z, [sp, #28, mul vl]",
    "st3h {z5.h - z7.h}, p3, [x9, x10, lsl #1]", "st2d {z30.d, z31.d}, p1, [sp, #14, mul vl]",
    // Gathers and scatters with a vector of offsets; the widening multiply-adds.
    "ld1w {z0.s}, p0/z, [x0, z0.s, uxtw #2]", "ld1w {z0.s}, p0/z, [x0, z0.s, sxtw]", "ld1w {z0.d}, p0/z, [x0, z0.d, lsl #2]",
    "ld1w {z0.d}, p0/z, [x0, z0.d, uxtw #2]", "ld1d {z0.d}, p0/z, [x0, z0.d]", "ld1d {z0.d}, p0/z, [x0, z0.d, sxtw #3]",
    "ld1b {z0.s}, p0/z, [x0, z0.s, uxtw]", "ld1sh {z0.s}, p0/z, [x0, z0.s, uxtw #1]", "ld1sw {z0.d}, p0/z, [x0, z0.d, lsl #2]",
    "ld1h {z31.d}, p7/z, [sp, z30.d, lsl #1]", "st1w {z1.s}, p0, [x0, z0.s, uxtw #2]", "st1d {z1.d}, p0, [x0, z0.d, lsl #3]",
    "st1h {z1.s}, p0, [x0, z0.s, sxtw #1]", "st1w {z1.d}, p0, [x0, z0.d, uxtw #2]", "st1b {z2.d}, p3, [x5, z6.d]",
    "smaddl x0, w1, w2, x3", "umsubl x0, w1, w2, x3", "smull x0, w1, w2", "umull x7, w11, w13", "smnegl x0, w1, w2",
    "umnegl x0, w1, w2", "fcvt s0, h0", "fcvt h0, s0", "fcvt d1, h2", "fcvt h3, d4", "movi d0, #0", "movi d31, #0000000000000000",
    "frecpe z0.h, z0.h", "frecpe z1.s, z2.s", "frsqrte z3.d, z4.d", "frecps z0.s, z1.s, z2.s", "frsqrts z31.h, z30.h, z29.h",
    // Predicate logic, with its aliases, and predicate permutes.
    "and p3.b, p4/z, p5.b, p6.b", "ands p0.b, p0/z, p1.b, p2.b", "bics p0.b, p1/z, p2.b, p3.b", "orn p0.b, p0/z, p0.b, p0.b",
    "nors p5.b, p6/z, p7.b, p8.b", "nand p9.b, p10/z, p11.b, p12.b", "not p0.b, p1/z, p2.b", "nots p0.b, p1/z, p2.b",
    "mov p0.b, p1.b", "movs p0.b, p1.b", "mov p0.b, p1/z, p2.b", "mov p0.b, p1/m, p2.b", "sel p1.b, p2, p3.b, p4.b",
    "orr p15.b, p14/z, p13.b, p12.b", "eor p7.b, p8/z, p9.b, p10.b", "punpklo p1.h, p0.b", "punpkhi p0.h, p2.b",
    "zip1 p2.s, p0.s, p1.s", "uzp2 p3.h, p4.h, p5.h", "trn1 p6.b, p7.b, p8.b", "rev p15.d, p14.d",
    // Last elements, breaks, PTEST and PFALSE.
    "lasta w3, p1, z2.b", "lastb x4, p2, z3.d", "lastb wzr, p0, z0.s", "lastb s2, p0, z1.s", "lasta b0, p4, z9.b",
    "clasta w0, p0, w0, z1.b", "clastb x1, p7, x1, z2.d", "clasta d1, p1, d1, z3.d", "clastb z0.s, p0, z0.s, z1.s",
    "brka p0.b, p1/z, p2.b", "brka p0.b, p1/m, p2.b", "brkas p0.b, p1/z, p2.b", "brkb p1.b, p2/m, p1.b", "brkbs p1.b, p2/z, p1.b",
    "ptest p0, p1.b", "pfalse p3.b",
    // SVE2 saturating narrows and widening shifts; saturating increments by element counts.
    "sqxtnb z0.h, z0.s", "uqxtnt z0.s, z1.d", "sqxtunb z2.b, z3.h", "sshllt z0.h, z1.b, #7", "ushllb z2.d, z3.s, #31",
    "ushllt z2.s, z3.h, #15", "sqincw x8, w8", "sqincw x8", "uqincw w8", "sqdecb x0, w0, vl4, mul #2",
    "sqincd x1, all, mul #16", "uqdech w2, pow2", "sqdecw x5, mul4, mul #3",
};

std::string our_bytes(const std::string& text) {
  return llvm_mc_bytes(targets::sme2::a64_bytes(sme2().isa->assemble(text).word));
}

TEST(Sme2A64Encoding, EveryFormMatchesLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  // +sve: FADDA is SVE outside Streaming mode only.
  expect_forms_match_llvm_mc("-triple=aarch64 -mattr=+sme2,+sve", kForms, our_bytes);
}

// Immediates written without their '#', which llvm-mc-19 takes (GNU as
// takes them on A64 too): the same bytes as llvm-mc gives.
TEST(Sme2A64Encoding, ImmediatesWithoutHashAsLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const std::vector<std::string> forms = {
      "add x0, x1, 3",          "add x0, sp, 1, lsl 12",   "subs w0, w1, 4095",        "ldr x0, [x1, 8]",
      "ldr q0, [x1, -16]!",     "mov x0, 5",               "movz x0, 5, lsl 16",       "movk x0, 0xffff, lsl 48",
      "lsl x0, x1, 3",          "and x0, x1, 0xff",        "ubfx x0, x1, 4, 8",        "extr x0, x1, x2, 7",
      "cmp x0, 1",              "asr z3.h, p3/m, z3.h, 3", "ext z0.b, z0.b, z1.b, 3",  "ld1d {z0.d}, p0/z, [x0, 1, mul vl]",
      "ptrue p0.s, 1",          "fmov d0, 1.0",            "sqshl z0.s, p0/m, z0.s, 31",
  };
  expect_forms_match_llvm_mc("-triple=aarch64 -mattr=+sme2,+sve2", forms, our_bytes);
}

// PC-relative forms with the target written as a bare number: llvm-mc-19
// (the A64 assembler oracle) reads it as the offset from the PC, as it reads
// `#8`, and so do we (the instruction at address 0x1000, which an offset
// does not depend on). A symbol names an address (WordProgram tests).
TEST(Sme2A64Encoding, PcRelativeFormsMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const std::vector<std::string> forms = {
      "b #8",          "b #-4",          "b #134217724",   "b #0",           "bl #12",          "bl #-4096",
      "b.ne #-4",      "b.eq #16",       "b.hs #4",        "b.lo #4",        "b.gt #1048572",   "b.le #0",
      "b.al #4",       "b.vs #4",        "b.mi #4",        "cbz x0, #8",     "cbnz w0, #-8",    "cbz wzr, #4",
      "tbz w0, #3, #8", "tbnz x7, #63, #-4", "tbz x1, #2, #0", "tbnz w5, #31, #32764", "tbz x30, #32, #-4096",
      "adr x0, #1",    "adr x30, #-4096", "adr x5, #1048575", "adrp x0, #8192", "adrp x1, #-4096", "adrp x2, #0",
      "ldr x0, #-8",   "ldr s1, #1048572", "ldrsw x2, #16",  "prfm pldl1keep, #4",
  };
  std::string src;
  for (const std::string& f : forms) src += f + "\n";
  const std::vector<std::string> want = llvm_mc_encodings("-triple=aarch64 -mattr=+sme2", src);
  ASSERT_EQ(want.size(), forms.size());
  as::AsmContext ctx;
  ctx.address = 0x1000;
  for (size_t i = 0; i < forms.size(); ++i) {
    std::string bare = forms[i];
    bare.erase(bare.rfind('#'), 1);  // the target's '#' only
    EXPECT_EQ(llvm_mc_bytes(targets::sme2::a64_bytes(sme2().isa->assemble(bare, ctx).word)), want[i]) << bare;
    EXPECT_EQ(llvm_mc_bytes(targets::sme2::a64_bytes(sme2().isa->assemble(forms[i], ctx).word)), want[i]) << forms[i];
  }
  // Out of reach either way: 1 MiB ahead of CBNZ, 128 MiB ahead of B.
  for (const char* far : {"cbnz x30, 1048576", "cbnz x30, #1048576", "b 134217728"})
    EXPECT_THROW(sme2().isa->assemble(far, ctx), InputError) << far;
}

TEST(Sme2A64Encoding, EveryFormDecodesAndPrintsBack) {
  for (const std::string& f : kForms) {
    const auto a = sme2().isa->assemble(f);
    const spec::Encoding* enc = sme2().isa->decode(a.word);
    ASSERT_NE(enc, nullptr) << f;
    EXPECT_EQ(enc, a.enc) << f;
    const std::string text = sme2().isa->print(*enc, a.word);
    EXPECT_EQ(sme2().isa->assemble(text).word, a.word) << f << " printed as " << text;
  }
}

// Bits the decode does not read decode whatever they hold and list as
// llvm-objdump-19 lists them (its listings of these words, by hand): FCMP's
// Rm beside #0.0, INS (element)'s imm4 below the element size. The
// assembler writes them as zeros.
TEST(Sme2A64Encoding, ShouldBeBitsDecodeAsLlvmObjdumpListsThem) {
  const std::vector<std::pair<uint32_t, std::string>> cases = {
      {0x1e212068, "fcmp s3, #0.0"},         {0x1e3f2078, "fcmpe s3, #0.0"},       {0x1e7e2068, "fcmp d3, #0.0"},
      {0x6e020c22, "mov v2.h[0], v1.h[0]"},  {0x6e023c22, "mov v2.h[0], v1.h[3]"}, {0x6e085422, "mov v2.d[0], v1.d[1]"},
  };
  for (const auto& [word, text] : cases) {
    const spec::Bits w = spec::Bits(32, word);
    const spec::Encoding* enc = sme2().isa->decode(w);
    ASSERT_NE(enc, nullptr) << std::hex << word;
    EXPECT_EQ(sme2().isa->print(*enc, w), text) << std::hex << word;
    const spec::Bits back = sme2().isa->assemble(text).word;
    EXPECT_EQ(back.low64() & ~enc->should_mask.low64(), word & ~enc->should_mask.low64()) << text;
    EXPECT_EQ(back.low64() & enc->should_mask.low64(), enc->should_value.low64()) << text;
  }
}

// Words with bits their text cannot show (a bitmask immediate's rotation
// beyond its element, immr<5> of a 32-bit or smaller element): the canonical
// listing writes the instruction, as llvm-objdump-19 lists these words, and
// the exact listing writes the word (its text reassembles to immr<5> clear).
TEST(Sme2A64Encoding, BitsNoTextShowsListAsLlvmObjdump) {
  const std::vector<std::pair<uint32_t, std::string>> cases = {
      {0x058120f8, "and z24.s, z24.s, #0xf000000f"},  // llvm-objdump-19; canonical word 0x058020f8
      {0x12276628, "and w8, w17, #0xfe07ffff"},
      {0x1213c8d7, "and w23, w6, #0xe0e0e0e0"},
  };
  std::vector<uint8_t> bytes;
  for (const auto& c : cases)
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(c.first >> (8 * i)));
  auto listed = [&](bool exact) {
    std::vector<std::string> lines;
    const std::string text = as::disassemble_words(*sme2().isa, {as::ObjSection{".text", true, 4, bytes, std::nullopt}}, exact);
    for (size_t p = 0, e; p < text.size(); p = e + 1) {
      e = text.find('\n', p);
      if (e == std::string::npos) e = text.size();
      std::string line = text.substr(p, e - p);
      if (line.rfind('\t', 0) != 0 || line.rfind("\t.text", 0) == 0) continue;
      line.erase(0, 1);
      for (char& ch : line)
        if (ch == '\t') ch = ' ';
      lines.push_back(line);
    }
    return lines;
  };
  const std::vector<std::string> canonical = listed(false), exact = listed(true);
  ASSERT_EQ(canonical.size(), cases.size());
  ASSERT_EQ(exact.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(canonical[i], cases[i].second);
    EXPECT_EQ(exact[i], fmt::format(".inst 0x{:08x}", cases[i].first));
  }
}

// MOVPRFX and the instruction after it: the pairs llvm-mc-19 takes and the
// ones it refuses, with its messages (each pair run through llvm-mc-19 -mattr=+sve,+sve2).
TEST(Sme2A64Encoding, MovprfxRefusesWhatCannotFollowItAsLlvmMc) {
  const std::string unpredicated = "movprfx z0, z3", merging = "movprfx z0.s, p0/m, z3.s", zeroing = "movprfx z0.s, p0/z, z3.s";
  const std::string replace = "movprfx, suggest replacing movprfx with mov", other_dest = "movprfx writing to a different destination",
                    source = "movprfx and destination also used as non-destructive source",
                    unpredicate = "predicated movprfx, suggest using unpredicated movprfx",
                    other_pg = "predicated movprfx using a different general predicate",
                    other_size = "predicated movprfx with a different element size";
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {unpredicated, "add z0.s, p0/m, z0.s, z1.s", ""},      {zeroing, "add z0.s, p0/m, z0.s, z1.s", ""},
      {unpredicated, "add z0.s, z1.s, z2.s", replace},       {merging, "mov z0.s, p0/m, z2.s", replace},
      {unpredicated, "movprfx z0, z1", replace},             {unpredicated, "ld1w {z0.s}, p0/z, [x0]", replace},
      {unpredicated, "nop", replace},                        {merging, "mov z0.s, p0/m, #1", ""},                   {merging, "cpy z0.s, p0/m, w1", ""},
      {unpredicated, "lsl z0.s, p0/m, z0.s, #1", ""},
      {zeroing, "mov z0.s, p0/z, #1", ""},                   {merging, "fmov z0.s, p0/m, #1.0", ""},
      {unpredicated, "sdot z0.s, z1.b, z2.b", ""},           {merging, "sdot z0.s, z1.b, z2.b", unpredicate},
      {unpredicated, "fmla z0.s, z1.s, z2.s[0]", ""},        {zeroing, "mul z0.s, z0.s, #3", unpredicate},
      {unpredicated, "add z1.s, p0/m, z1.s, z2.s", other_dest}, {unpredicated, "add z0.s, p0/m, z0.s, z0.s", source},
      {merging, "neg z0.s, p0/m, z0.s", source},            {merging, "neg z0.s, p0/m, z1.s", ""},
      {merging, "add z0.d, p0/m, z0.d, z1.d", other_size},  {zeroing, "add z0.s, p1/m, z0.s, z1.s", other_pg},
      {merging, "add z0.d, p1/m, z0.d, z0.d", source},      {merging, "add z0.d, p1/m, z0.d, z1.d", other_pg},
      {unpredicated, "sclamp z0.s, z1.s, z2.s", ""},         {unpredicated, "fmul z0.s, z1.s, z2.s[0]", replace},        {merging, "uxtb z0.s, p0/m, z1.s", ""},
      {unpredicated, "add z0.s, z0.s, #1", ""},              {merging, "abs z0.d, p0/m, z1.d", other_size},
      // The element size is the wider of the destination's and <Zn>'s.
      {merging, "bfcvt z0.h, p0/m, z1.s", ""},               {"movprfx z0.h, p0/m, z3.h", "bfcvt z0.h, p0/m, z1.s", other_size},
      {"movprfx z0.b, p0/m, z3.b", "lsl z0.b, p0/m, z0.b, z1.d", ""}, {"movprfx z0.h, p0/m, z3.h", "sadalp z0.h, p0/m, z1.b", ""},
      {"movprfx z0.d, p0/m, z3.d", "fcvt z0.s, p0/m, z1.d", ""}, {merging, "fcvt z0.s, p0/m, z1.d", other_size},
      {"movprfx z0.d, p0/m, z3.d", "scvtf z0.h, p0/m, z1.d", ""}, {"movprfx z0.d, p0/m, z3.d", "fcvtzs z0.s, p0/m, z1.d", ""},
  };
  for (const auto& [prefix, next, refusal] : cases) {
    const std::string source = ".text\n" + prefix + "\n" + next + "\n";
    if (refusal.empty()) {
      EXPECT_NO_THROW(as::assemble_word_program(*sme2().isa, source, "t.s")) << prefix << "; " << next;
      continue;
    }
    try {
      as::assemble_word_program(*sme2().isa, source, "t.s");
      ADD_FAILURE() << prefix << "; " << next << " assembled";
    } catch (const InputError& e) {
      EXPECT_EQ(e.message(), "instruction is unpredictable when following a " + refusal) << prefix << "; " << next;
      EXPECT_EQ(e.location().line, 3) << prefix << "; " << next;
    }
  }
}

// A refused pair ends there: the lines after it are judged on their own
// (llvm-mc-19 refuses only line 3 of this source), not against the MOVPRFX.
TEST(Sme2A64Encoding, ARefusedMovprfxPairDoesNotRefuseTheLinesAfterIt) {
  const std::string source =
      ".text\nmovprfx z0.h, p0/m, z3.h\nbfcvt z0.h, p0/m, z1.s\nmovprfx z0, z2\nadd z0.s, p0/m, z0.s, z1.s\nnop\n";
  const as::Object obj = as::assemble_word_program(*sme2().isa, source, "t.s", std::nullopt, true);
  ASSERT_TRUE(obj.refused.has_value());
  EXPECT_EQ(obj.refused->location().line, 3);
  EXPECT_EQ(obj.refused->count(), 1u) << obj.refused->what();
  // A line that does not assemble at all ends the pair too.
  const as::Object unknown = as::assemble_word_program(
      *sme2().isa, ".text\nmovprfx z4, z6\nnosuch z4.d, p0/m, z4.d\nmovprfx z4, z6\nadd z4.d, p0/m, z4.d, z1.d\n", "u.s",
      std::nullopt, true);
  ASSERT_TRUE(unknown.refused.has_value());
  EXPECT_EQ(unknown.refused->location().line, 3);
  EXPECT_EQ(unknown.refused->count(), 1u) << unknown.refused->what();
}

// The printer uses llvm-mc's preferred spellings: the MOV aliases, CMP, no
// zero shift or offset, and the LSL #12 and MUL VL parts only when present.
TEST(Sme2A64Encoding, PrintsThePreferredForm) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"orr x0, xzr, x1", "mov x0, x1"},       {"add x1, sp, #0", "mov x1, sp"},
      {"subs xzr, x0, #3", "cmp x0, #3"},      {"subs wzr, w0, w1", "cmp w0, w1"},
      {"movz x3, #5", "mov x3, #5"},           {"movz x3, #5, lsl #16", "mov x3, #327680"},
      {"ldr x0, [x1, #0]", "ldr x0, [x1]"},    {"ldr x0, [x1, x2, lsl #0]", "ldr x0, [x1, x2]"},
      {"ret x30", "ret"},                      {"ptrue p0.s, all", "ptrue p0.s"},
      {"cntw x0, all, mul #1", "cntw x0"},     {"ld1w {z0.s-z0.s}, p0/z, [x0, #0, mul vl]", "ld1w { z0.s }, p0/z, [x0]"},
      {"add x0, x1, #4096", "add x0, x1, #1, lsl #12"}, {"cmp w0, #0x3000", "cmp w0, #3, lsl #12"},
      {"ptrue p0.s, #1", "ptrue p0.s, vl1"},   {"add x0, x1, #-2", "sub x0, x1, #2"},
  };
  for (const auto& [in, want] : cases) {
    const auto a = sme2().isa->assemble(in);
    EXPECT_EQ(sme2().isa->print(*a.enc, a.word), want) << in;
  }
}

// ZERO's tile lists: the mask byte and listing text llvm-mc-19 and
// llvm-objdump-19 give (word 0xc00800MM).
TEST(Sme2A64Encoding, ZeroTileListsAsLlvm) {
  struct Row {
    const char* text;
    uint32_t mask;
    const char* listing;
  };
  for (const Row& r : std::initializer_list<Row>{
           {"zero {za}", 0xff, "zero {za}"},
           {"zero {za0.b}", 0xff, "zero {za}"},
           {"zero {za0.d, za2.d}", 0x05, "zero {za0.d, za2.d}"},
           {"zero {za0.s}", 0x11, "zero {za0.s}"},
           {"zero {za1.h}", 0xaa, "zero {za1.h}"},
           {"zero {za1.s,za3.s}", 0xaa, "zero {za1.h}"},
           {"zero {za0.s, za1.s}", 0x33, "zero {za0.s,za1.s}"},
           {"zero {za1.s,za2.s,za3.s}", 0xee, "zero {za1.s,za2.s,za3.s}"},
           {"zero {za0.d, za1.d, za2.d, za3.d, za4.d, za5.d, za6.d, za7.d}", 0xff, "zero {za}"},
           {"zero {za0.d, za1.d, za2.d, za3.d, za4.d, za6.d}", 0x5f, "zero {za0.d, za1.d, za2.d, za3.d, za4.d, za6.d}"},
           {"zero {za4.d, za5.d, za6.d, za7.d}", 0xf0, "zero {za4.d, za5.d, za6.d, za7.d}"},
           {"zero {}", 0x00, "zero {}"},
       }) {
    const auto a = sme2().isa->assemble(r.text);
    EXPECT_EQ(a.word.low64(), 0xc0080000u | r.mask) << r.text;
    EXPECT_EQ(sme2().isa->print(*a.enc, a.word), r.listing) << r.text;
  }
  for (const char* bad : {"zero {za0.h, za0.s}", "zero {za1.b}", "zero {za2.h}", "zero {za4.s}", "zero {za8.d}", "zero {za0.q}"})
    EXPECT_THROW(sme2().isa->assemble(bad), InputError) << bad;
}

// SVE's bitmask immediates (AND, ORR, EOR, DUPM): the word llvm-mc-19 gives
// and the text llvm-objdump-19 --no-print-imm-hex lists, which names the
// smallest element the immediate repeats; DUPM lists as MOV except where
// DUP (immediate) makes the value.
TEST(Sme2A64Encoding, SveBitmaskImmediatesAsLlvm) {
  struct Row {
    const char* text;
    uint32_t word;
    const char* listing;
  };
  for (const Row& r : std::initializer_list<Row>{
           {"and z1.s, z1.s, #0xff0", 0x0580e0e1, "and z1.s, z1.s, #0xff0"},
           {"and z1.d, z1.d, #0xff0", 0x0583e0e1, "and z1.d, z1.d, #0xff0"},
           {"and z1.d, z1.d, #0x00000ff000000ff0", 0x0580e0e1, "and z1.s, z1.s, #0xff0"},
           {"and z1.b, z1.b, #0x1", 0x05800601, "and z1.b, z1.b, #0x1"},
           {"and z1.s, z1.s, #0x10001", 0x05800401, "and z1.h, z1.h, #0x1"},
           {"and z1.s, z1.s, #-16", 0x0580e361, "and z1.s, z1.s, #0xfffffff0"},
           {"and z31.b, z31.b, #0x7f", 0x058006df, "and z31.b, z31.b, #0x7f"},
           {"orr z0.d, z0.d, #0x8000000000000000", 0x05020800, "orr z0.d, z0.d, #0x8000000000000000"},
           {"eor z5.h, z5.h, #-2", 0x05407dc5, "eor z5.h, z5.h, #0xfffe"},
           {"dupm z4.s, #0xff", 0x05c000e4, "mov z4.s, #255"},
           {"mov z4.s, #0xff", 0x05c000e4, "mov z4.s, #255"},
           {"dupm z6.d, #0xfffffffffffffff0", 0x05c3e766, "dupm z6.d, #0xfffffffffffffff0"},
           {"dupm z7.b, #0x3", 0x05c00627, "dupm z7.b, #0x3"},
           {"dupm z0.b, #0x81", 0x05c00e20, "dupm z0.b, #0x81"},
           // BIC, ORN and EON (immediate): the complement, listed as AND, ORR and EOR.
           {"bic z1.s, z1.s, #0xff", 0x0580c2e1, "and z1.s, z1.s, #0xffffff00"},
           {"orn z2.h, z2.h, #0xf", 0x05006562, "orr z2.h, z2.h, #0xfff0"},
           {"eon z3.d, z3.d, #0xfffffffffffffff0", 0x05420063, "eor z3.d, z3.d, #0xf"},
           {"dupm z0.h, #0xf00f", 0x05c024e0, "mov z0.h, #-4081"},
           {"dupm z0.s, #0xfff00000", 0x05c06160, "mov z0.s, #0xfff00000"},
           {"dupm z0.d, #0xffff", 0x05c201e0, "mov z0.d, #65535"},
           {"dupm z0.d, #0xffffffffffff8001", 0x05c38e20, "mov z0.d, #-32767"},
           {"dupm z31.d, #0xfdffffffffffffff", 0x05c237df, "mov z31.d, #0xfdffffffffffffff"},
       }) {
    const auto a = sme2().isa->assemble(r.text);
    EXPECT_EQ(a.word.low64(), r.word) << r.text;
    EXPECT_EQ(sme2().isa->print(*a.enc, a.word), r.listing) << r.text;
  }
  // No bitmask holds these (llvm-mc-19: "expected compatible register or logical immediate").
  for (const char* bad : {"and z0.s, z0.s, #0", "and z0.b, z0.b, #0xff", "dupm z0.h, #0x1234", "and z0.s, z1.s, #1"}) {
    try {
      sme2().isa->assemble(bad);
      ADD_FAILURE() << bad << " assembled";
    } catch (const InputError& e) {
      if (std::string(bad) != "and z0.s, z1.s, #1")
        EXPECT_NE(std::string(e.what()).find("expected compatible register or logical immediate"), std::string::npos) << e.what();
    }
  }
}

// A register list's element type must be a table of spellings: a page that
// makes it another kind of operand is refused when the specs load, at its
// encoding.
TEST(Sme2A64Encoding, AListElementTypeThatIsNoTableIsASpecError) {
  const mlisa::test::TempDir dir;
  for (const auto& f : std::filesystem::directory_iterator(std::string(MLISA_SOURCE_DIR) + "/isa/sme2")) {
    std::string text = mlisa::test::slurp(f.path());
    if (f.path().filename() == "ld1w_z_p_bi.isa") {
      const std::string table = "operand <T> table sz '0'=S '1'=D";
      ASSERT_NE(text.find(table), std::string::npos);
      text.replace(text.find(table), table.size(), "operand <T> imm sz");
    }
    dir.write("sme2/" + f.path().filename().string(), text);
  }
  try {
    targets::sme2::load(dir.path.string());
    FAIL() << "loaded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("ld1w_z_p_bi.isa:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("the element type <T> of a register list must be a table operand"),
              std::string::npos)
        << e.what();
  }
}

TEST(Sme2A64Encoding, Refusals) {
  for (const char* bad : {"ptrue p7.s, #32", "ptrue p7.s, #-1", "ld1w z0.s-z1.s, p0/z, [x0]", "add x0, x1, #0x1001000",
                          "add x0, x1, x2, lsl #-1", "add x0, x1, #1, lsl #1", "add x0, x1, #-4097",
                          "add x0, x1, w2, uxtb #5", "add x0, x1, x2, uxtb", "add x0, x1, w2, uxtx"})
    EXPECT_THROW(sme2().isa->assemble(bad), InputError) << bad;
  for (const char* bad : {
           "ldr za[w11, 0], [x0]",              // Wv is W12-W15 for the array vector load
           "ldr za[w16, 0], [x0]",              //
           "ldr za[w12, 16], [x0, #16, mul vl]",  // offset 0-15
           "ldr za[w12, 1], [x0, #2, mul vl]",  // the two offsets are one field
           "ldr za[w12, 1], [x0]",              //
           "ldr x0, [x1, #257]",                // unsigned offset a multiple of 8, else LDUR's -256..255
           "ldr x0, [x1, #32768]",              // and below 8 * 4096
           "ldrb w0, [x1, #4096]",              // LDRB: 0..4095
           "ldrsw w0, [x1]",                    // LDRSW writes an X register
           "strh w0, [x1, x2, lsl #2]",         // the scale is the access size
           "ldrb w0, [x1, x2, lsl #1]",         //
           "and x0, x1, #0",                    // no bitmask immediate is 0 or all ones
           "orr w0, w1, #0xffffffff",           //
           "eor x0, x1, #0x12345",              // not a rotated run of ones
           "and w0, w1, #0x100000000",          // beyond 32 bits
           "ubfx w0, w1, #4, #29",              // requested extract overflows register
           "ubfiz x0, x1, #60, #5",             // requested insert overflows register
           "lsl w0, w1, #32",                   // 0..31
           "ror x0, x1, #64",                   // 0..63
           "sxtw w0, w1",                       // SXTW writes an X register
           "mrs x0, tpidr_el1",                 // not a register of EL0 here
           "cnth w0",                           // the count is written to an X register
           "addvl x0, x1, #32",                 // -32..31
           "mov z0.s, p8/m, za0h.s[w12, 0]",    // Pg is P0-P7
           "mov z0.s, p0/m, za4h.s[w12, 0]",    // za0.s-za3.s
           "mov z0.s, p0/m, za0h.s[w12, 4]",    // offset 0-3
           "mov z0.q, p0/m, za0h.q[w12, 1]",    // offset 0 only
           "mov za0h.s[w11, 0], p0/m, z1.s",    // W12-W15
           "ldp d0, d0, [x1]",                  // one register twice: UNPREDICTABLE
           "stp q0, q1, [x1, #8]",              // a multiple of 16
           "ldp d0, d1, [x1, #512]",            // -512..504
           "mov z0.b, #1, lsl #8",              // no shift for bytes
           "mov z0.s, #129",                    // -128..127 (or those times 256), or a bitmask (DUPM)
           "mov z0.d, w1",                      // a D element takes an X register
           "ldr x0, [x1, #256]!",               // pre-index: -256..255
           "ldr x1, [x1, #8]!",                 // writeback into the loaded register: UNPREDICTABLE
           "ldp x0, x0, [x1]",                  // LDP of one register twice: UNPREDICTABLE
           "ldp x0, x1, [x2, #4]",              // LDP: a multiple of 8
           "stp x0, x1, [x2, #512]",            // and -512..504
           "add x0, x1, #4097",                 // 4096 itself is #1, lsl #12 (llvm-mc)
           "movz w0, #1, lsl #32",              // W: shift 0 or 16
           "movz x0, #0x10000",                 //
           "orr w0, w1, w2, lsl #32",           // W: shift amount below 32
           "add x0, x1, x2, ror #1",            // no ROR for ADD
           "ld1w {z0.s}, p8/z, [x0]",           // Pg is P0-P7
           "ld1w {z0.s}, p0/z, [x0, #8, mul vl]",  // -8..7
           "ld1w {z0.s}, p0/z, [x0, x1, lsl #1]",  // the scale is the element size
           "ld1w {z0.s}, p0/z, [x0, xzr, lsl #2]", // Rm 31 is UNDEFINED
           "ld1w {z0.s, z1.s}, p0/z, [x0]",     // one register
           "rdsvl x0, #32",                     // -32..31
           "cntw x0, all, mul #17",             // 1..16
           "ptrue p16.s",                       //
           "mov x0, #0x10001",                  // not a shifted 16-bit immediate
       })
    EXPECT_THROW(sme2().isa->assemble(bad), InputError) << bad;
}

// The refusals of the new immediates say what llvm-mc-19 says.
// A post-index immediate that is a constant (LD1R's: the bytes one element
// takes, from the manual's encoding) is named as that value when another is
// written (llvm-mc-19 says only "invalid operand for instruction"); it once
// said "[2,3]" for the 16-bit one, reading its literal bit as a field.
TEST(Sme2A64Encoding, AConstantImmediateIsNamedWhenRefused) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"ld1r { v0.8b }, [x0], #2", "operand must be the immediate 1"},
      {"ld1r { v0.4h }, [x0], #4", "operand must be the immediate 2"},
      {"ld1r { v0.2s }, [x0], #1", "operand must be the immediate 4"},
      {"ld1r { v0.2d }, [x0], #4", "operand must be the immediate 8"},
  };
  for (const auto& [text, message] : cases) {
    try {
      sme2().isa->assemble(text);
      ADD_FAILURE() << text << " assembled";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << text << ": " << e.what();
    }
  }
}

TEST(Sme2A64Encoding, ImmediateRefusalsAsLlvmMc) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"and x0, x1, #0", "expected compatible register or logical immediate"},
      {"tst w0, #5", "expected compatible register or logical immediate"},
      {"ubfx w0, w1, #4, #29", "requested extract overflows register"},
      {"bfi x0, x1, #60, #5", "requested insert overflows register"},
      {"lsl w0, w1, #32", "immediate must be an integer in range [0, 31]."},
  };
  for (const auto& [text, message] : cases) {
    try {
      sme2().isa->assemble(text);
      ADD_FAILURE() << text << " assembled";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << text << ": " << e.what();
    }
  }
}

// --- semantics, worked by hand ----------------------------------------------

Machine machine(int svl = 512) { return Machine(*sme2().isa, svl); }
uint64_t x(Machine& m, int n) { return m.get(fmt::format("x{}", n)).low64(); }
void setx(Machine& m, int n, uint64_t v) { m.set(fmt::format("x{}", n), Bits(64, v)); }
uint64_t nzcv(Machine& m) { return m.get("nzcv").low64() >> 28; }

// SUBS is x + NOT(y) + 1 (AddWithCarry): N the sign of the result, Z zero,
// C set when no borrow (x >= y unsigned), V a signed overflow.
// Each case's flags after `<compare> r1, r2` and the result of `<op> r3, r1,
// r2` (W or X registers): `result` of the two values, in 32 bits for W.
struct FlagCase {
  uint64_t a, b;
  unsigned nzcv;
  bool w;
};
void expect_flag_cases(const char* compare, const char* op, std::span<const FlagCase> cases,
                       uint64_t (*result)(uint64_t, uint64_t)) {
  for (const FlagCase& c : cases) {
    Machine m = machine();
    setx(m, 1, c.a);
    setx(m, 2, c.b);
    const char* r = c.w ? "w" : "x";
    m.execute(fmt::format("{} {}1, {}2", compare, r, r));
    EXPECT_EQ(nzcv(m), c.nzcv) << compare << " " << std::hex << c.a << ", " << c.b;
    m.execute(fmt::format("{} {}3, {}1, {}2", op, r, r, r));
    const uint64_t want = c.w ? static_cast<uint32_t>(result(c.a, c.b)) : result(c.a, c.b);
    EXPECT_EQ(x(m, 3), want);
  }
}

TEST(Sme2A64Semantics, SubsAndCmpFlags) {
  const FlagCase cases[] = {
      {5, 3, 0b0010, false},                                       // 2: C (no borrow)
      {3, 5, 0b1000, false},                                       // -2: N, borrow
      {7, 7, 0b0110, false},                                       // 0: Z C
      {0x8000000000000000, 1, 0b0011, false},                      // INT64_MIN - 1: overflow, no borrow
      {0x7fffffffffffffff, 0xffffffffffffffff, 0b1001, false},     // MAX - (-1): N V, borrow
      {0, 0, 0b0110, true},                                        //
      {0x80000000, 1, 0b0011, true},                               // W: INT32_MIN - 1
      {0x1'00000001, 2, 0b1000, true},                             // W ignores the high half: 1 - 2
  };
  expect_flag_cases("cmp", "subs", cases, [](uint64_t a, uint64_t b) { return a - b; });
  Machine m = machine();
  setx(m, 1, 0);
  m.execute("cmp x1, #1, lsl #12");  // 0 - 4096
  EXPECT_EQ(nzcv(m), 0b1000u);
  m.execute("cmp x1, #0");
  EXPECT_EQ(nzcv(m), 0b0110u);
}

// ADDS and CMN: the sum's flags, worked by hand (C: a carry out of the top
// bit; V: two operands of one sign giving the other).
TEST(Sme2A64Semantics, AddsAndCmnFlags) {
  const FlagCase cases[] = {
      {2, 3, 0b0000, false},                                   // 5
      {0xffffffffffffffff, 1, 0b0110, false},                  // 0: Z C
      {0x7fffffffffffffff, 1, 0b1001, false},                  // INT64_MAX + 1: N V
      {0x8000000000000000, 0x8000000000000000, 0b0111, false},  // INT64_MIN * 2: Z C V
      {0xffffffff, 1, 0b0110, true},                           // W: 0, Z C
      {0x7fffffff, 0x7fffffff, 0b1001, true},                  // W: N V
      {0x1'00000005, 0xfffffffe, 0b0010, true},                // W ignores the high half: 5 + (-2), C
  };
  expect_flag_cases("cmn", "adds", cases, [](uint64_t a, uint64_t b) { return a + b; });
  Machine m = machine();
  setx(m, 1, 0xffffff01);
  setx(m, 2, 0x1ff);
  m.execute("cmn w1, w2, uxtb");  // 0xffffff01 + 0xff: 0 with a carry
  EXPECT_EQ(nzcv(m), 0b0110u);
  m.execute("adds x3, x1, #1, lsl #12");
  EXPECT_EQ(x(m, 3), 0x100000f01u);
  EXPECT_EQ(nzcv(m), 0b0000u);
  m.execute("cmp x1, #-255");  // CMN x1, #255: 0xffffff01 + 0xff
  EXPECT_EQ(nzcv(m), 0b0000u);
  m.execute("cmp w1, #-255");  // the same in 32 bits: 0 with a carry
  EXPECT_EQ(nzcv(m), 0b0110u);
}

TEST(Sme2A64Semantics, MovesAddsAndShifts) {
  Machine m = machine();
  m.execute("movz x1, #0x1234, lsl #16");
  m.execute("movk x1, #0xabcd");
  m.execute("movk x1, #0xffff, lsl #48");
  EXPECT_EQ(x(m, 1), 0xffff00001234abcdu);
  m.execute("mov w2, w1");  // a W write zero-extends
  EXPECT_EQ(x(m, 2), 0x1234abcdu);
  m.set("sp", Bits(64, 0x1000));
  m.execute("sub sp, sp, #16");
  m.execute("mov x3, sp");
  EXPECT_EQ(x(m, 3), 0xff0u);
  m.execute("add x4, xzr, x3, lsl #4");  // register 31 is XZR here
  EXPECT_EQ(x(m, 4), 0xff00u);
  setx(m, 5, 0x8000000000000000);
  m.execute("sub x6, xzr, x5, asr #63");  // 0 - (-1)
  EXPECT_EQ(x(m, 6), 1u);
  m.execute("orr x7, x4, x5, lsr #60");
  EXPECT_EQ(x(m, 7), 0xff08u);
  m.execute("add w8, w5, #1");  // the high half of x5 is not read
  EXPECT_EQ(x(m, 8), 1u);
  EXPECT_EQ(m.get("pc").low64(), 4u * m.instructions);
}

// FMOV (scalar, immediate): VFPExpandImm of imm8 in the register's format,
// the rest of the vector zeroed (worked by hand: 1.0f is 0x3f800000, -2.5 is
// 0xc004000000000000); listings print eight decimals, as llvm-objdump-19.
TEST(Sme2A64Semantics, FloatingPointImmediates) {
  Machine m = machine();
  m.execute("fmov d3, #-2.5");
  m.execute("fmov s0, #1.0");
  EXPECT_EQ(m.get("z3").low64(), 0xc004000000000000u);
  EXPECT_EQ(m.get("z0").low64(), 0x3f800000u);
  EXPECT_TRUE(m.get("z0").slice(32, 480).is_zero());
  const auto& isa = *sme2().isa;
  const auto a = isa.assemble("fmov d4, #-0.1875");
  EXPECT_EQ(isa.print(*a.enc, a.word), "fmov d4, #-0.18750000");
  EXPECT_THROW(isa.assemble("fmov s0, #0.1"), InputError);  // no imm8 gives 0.1
  // FDUP (FMOV's vector form) in every element: -0.125 is 0xb000 in half precision, -2.5 is
  // 0xc0200000 in single.
  m.execute("fmov z0.h, #-0.125");
  m.execute("fdup z2.s, #-2.5");
  std::string halves = "0x";
  for (int i = 0; i < 32; ++i) halves += "b000";  // 512 bits
  EXPECT_EQ(m.get("z0").to_hex(), halves);
  EXPECT_EQ(m.get("z2").slice(0, 64).low64(), 0xc0200000c0200000u);
  EXPECT_EQ(m.get("z2").slice(448, 64).low64(), 0xc0200000c0200000u);
  // FCPY (FMOV, merging): only the active elements; -2.25 is 0xc002000000000000.
  m.execute("ptrue p1.d, vl1");
  m.execute("fmov z2.d, p1/m, #-2.25");
  EXPECT_EQ(m.get("z2").slice(0, 64).low64(), 0xc002000000000000u);
  EXPECT_EQ(m.get("z2").slice(64, 64).low64(), 0xc0200000c0200000u);
}

// MADD, MSUB and their aliases keep the low bits of the product (worked by
// hand: (2^64 - 1)^2 = 1 modulo 2^64); BR and BLR branch to a register, BLR
// writing the return address after reading its target (BLR X30).
TEST(Sme2A64Semantics, MultiplyAddAndRegisterBranches) {
  Machine m = machine();
  setx(m, 1, 0xffffffffffffffff);
  setx(m, 2, 0xffffffffffffffff);
  setx(m, 3, 5);
  m.execute("madd x0, x1, x2, x3");
  EXPECT_EQ(x(m, 0), 6u);
  setx(m, 4, 0x123456789abcdef0);
  setx(m, 5, 0x10);
  m.execute("mul x6, x4, x5");
  EXPECT_EQ(x(m, 6), 0x23456789abcdef00u);
  m.execute("mul w7, w1, w5");  // 0xffffffff * 16 in 32 bits, zero-extended
  EXPECT_EQ(x(m, 7), 0xfffffff0u);
  setx(m, 8, 7);
  setx(m, 9, 6);
  setx(m, 10, 100);
  m.execute("msub w11, w8, w9, w10");
  EXPECT_EQ(x(m, 11), 58u);
  m.execute("mneg x12, x8, x9");
  EXPECT_EQ(x(m, 12), 0xffffffffffffffd6u);  // -42
  setx(m, 13, 0x4000);
  const uint64_t pc = m.get("pc").low64();
  m.execute("blr x13");
  EXPECT_EQ(m.get("pc").low64(), 0x4000u);
  EXPECT_EQ(x(m, 30), pc + 4);
  setx(m, 14, 0x6000);
  m.execute("br x14");
  EXPECT_EQ(m.get("pc").low64(), 0x6000u);
  setx(m, 30, 0x8000);
  m.execute("blr x30");
  EXPECT_EQ(m.get("pc").low64(), 0x8000u);
  EXPECT_EQ(x(m, 30), 0x6004u);  // the address after BLR, at 0x6000
}

// TBZ and TBNZ test one bit: bit 3 of 0b1000 is one, bit 35 of an X
// register is above the W half.
TEST(Sme2A64Semantics, TestBitAndBranch) {
  Machine m = machine();
  setx(m, 1, 0x800000008);  // bits 3 and 35
  const uint64_t pc = m.get("pc").low64();
  m.execute("tbz x1, #3, #-8");  // bit 3 is one: no branch
  EXPECT_EQ(m.get("pc").low64(), pc + 4);
  m.execute("tbnz w1, #3, #0x40");
  EXPECT_EQ(m.get("pc").low64(), pc + 4 + 0x40);
  m.execute("tbnz x1, #35, #-4");
  EXPECT_EQ(m.get("pc").low64(), pc + 0x40);
  m.execute("tbz x1, #34, #8");
  EXPECT_EQ(m.get("pc").low64(), pc + 0x48);
}

// CSEL, CSINC, CSINV and CSNEG choose by the condition; CSET and CSETM are
// CSINC and CSINV of the zero register under the inverted condition (worked
// by hand from CMP's flags).
TEST(Sme2A64Semantics, ConditionalSelectAndSet) {
  Machine m = machine();
  setx(m, 1, 5);
  setx(m, 2, 9);
  m.execute("cmp x1, x2");  // 5 - 9: N, borrow (LO, LT, NE)
  m.execute("csel x3, x1, x2, lo");
  EXPECT_EQ(x(m, 3), 5u);
  m.execute("csel x4, x1, x2, ge");
  EXPECT_EQ(x(m, 4), 9u);
  m.execute("csinc w5, w1, w2, eq");  // not equal: w2 + 1
  EXPECT_EQ(x(m, 5), 10u);
  m.execute("cset w6, lt");
  EXPECT_EQ(x(m, 6), 1u);
  m.execute("cset x7, hs");
  EXPECT_EQ(x(m, 7), 0u);
  setx(m, 8, 0xffffffff);
  m.execute("csinc w9, w1, w8, gt");  // 0xffffffff + 1 in 32 bits
  EXPECT_EQ(x(m, 9), 0u);
  m.execute("csinv x10, x1, x2, eq");  // not equal: NOT 9
  EXPECT_EQ(x(m, 10), 0xfffffffffffffff6u);
  m.execute("csneg x11, x1, x2, vs");  // no overflow: -9
  EXPECT_EQ(x(m, 11), 0xfffffffffffffff7u);
  m.execute("csneg w12, w1, w2, mi");  // negative: w1
  EXPECT_EQ(x(m, 12), 5u);
  m.execute("csetm x13, ne");
  EXPECT_EQ(x(m, 13), 0xffffffffffffffffu);
  m.execute("csetm w14, eq");
  EXPECT_EQ(x(m, 14), 0u);
  m.execute("cinc x15, x1, ne");  // CSINC x15, x1, x1, eq: not equal, so x1 + 1
  EXPECT_EQ(x(m, 15), 6u);
  m.execute("cneg x16, x2, lt");  // less than: -9
  EXPECT_EQ(x(m, 16), 0xfffffffffffffff7u);
}

// The logical instructions on shifted registers, worked by hand; ANDS and
// TST set N and Z by the result and clear C and V.
TEST(Sme2A64Semantics, LogicalShiftedRegister) {
  Machine m = machine();
  setx(m, 1, 0xff00ff00ff00ff00);
  setx(m, 2, 0x0ff00ff00ff00ff0);
  m.execute("and x3, x1, x2");
  EXPECT_EQ(x(m, 3), 0x0f000f000f000f00u);
  m.execute("eor x4, x1, x2, lsr #4");  // x2 >> 4 = 0x00ff00ff00ff00ff
  EXPECT_EQ(x(m, 4), 0xffffffffffffffffu);
  m.execute("bic x5, x1, x2");
  EXPECT_EQ(x(m, 5), 0xf000f000f000f000u);
  m.execute("orn w6, wzr, w2");  // NOT of the low word
  EXPECT_EQ(x(m, 6), 0xf00ff00fu);
  m.execute("mvn x7, x1, ror #8");  // x1 rotated right by 8 is 0x00ff00ff00ff00ff
  EXPECT_EQ(x(m, 7), 0xff00ff00ff00ff00u);
  m.execute("eon w8, w1, w2");  // 0xff00ff00 EOR NOT 0x0ff00ff0
  EXPECT_EQ(x(m, 8), 0x0f0f0f0fu);
  m.execute("cmp x1, x1");  // Z C set, then cleared or kept by the logical flags
  m.execute("ands x9, x1, x2");
  EXPECT_EQ(x(m, 9), 0x0f000f000f000f00u);
  EXPECT_EQ(nzcv(m), 0b0000u);
  m.execute("tst x1, x1");  // negative
  EXPECT_EQ(nzcv(m), 0b1000u);
  m.execute("tst w1, w2, lsl #4");  // 0xff00ff00 AND 0xff00ff00
  EXPECT_EQ(nzcv(m), 0b1000u);
  m.execute("bics xzr, x1, x1");  // zero
  EXPECT_EQ(nzcv(m), 0b0100u);
}

// The extended-register forms: the low byte, halfword or word of the second
// register, zero- or sign-extended (ExtendReg), then shifted left by 0 to 4;
// register 31 is SP in the first operand, XZR in the second.
// Worked by hand from DecodeBitMasks and the operations of AND, ANDS, ORR,
// MOVN, UBFM, SBFM, BFM, EXTR, SMULH and UMULH.
TEST(Sme2A64Semantics, LogicalImmediatesBitfieldsAndMultiplyHigh) {
  Machine m = machine();
  setx(m, 1, 0x123456789abcdef0);
  m.execute("and x2, x1, #0xff00ff00ff00ff00");
  EXPECT_EQ(x(m, 2), 0x120056009a00de00u);
  m.execute("orr w3, w1, #0x0000ffff");  // the W form zeroes the upper half
  EXPECT_EQ(x(m, 3), 0x9abcffffu);
  m.execute("eor x4, x1, #0x5555555555555555");
  EXPECT_EQ(x(m, 4), 0x4761032dcfe98ba5u);
  m.execute("ands w5, w1, #0x80000000");  // bit 31 of 0x9abcdef0 is set: N
  EXPECT_EQ(x(m, 5), 0x80000000u);
  EXPECT_EQ(nzcv(m), 0b1000u);
  m.execute("tst x1, #0x1");  // bit 0 clear: Z
  EXPECT_EQ(nzcv(m), 0b0100u);
  m.execute("orr sp, xzr, #0xfff0");
  EXPECT_EQ(m.get("sp").low64(), 0xfff0u);
  m.execute("mov x6, #-0x10000");  // MOVN x6, #0xffff
  EXPECT_EQ(x(m, 6), 0xffffffffffff0000u);
  m.execute("mov w7, #-65537");  // MOVN w7, #1, lsl #16
  EXPECT_EQ(x(m, 7), 0xfffeffffu);
  m.execute("mov x8, #0xffffffffffff");  // MOVN x8, #0xffff, lsl #48
  EXPECT_EQ(x(m, 8), 0x0000ffffffffffffu);
  m.execute("lsl x9, x1, #4");
  EXPECT_EQ(x(m, 9), 0x23456789abcdef00u);
  m.execute("lsr w10, w1, #4");
  EXPECT_EQ(x(m, 10), 0x09abcdefu);
  m.execute("asr x11, x4, #60");  // 0x4... is positive
  EXPECT_EQ(x(m, 11), 0x4u);
  m.execute("asr w12, w1, #28");  // 0x9abcdef0 is negative as a word
  EXPECT_EQ(x(m, 12), 0xfffffff9u);
  m.execute("ubfx x13, x1, #8, #12");  // bits 19..8 of ...bcdef0: 0xcde
  EXPECT_EQ(x(m, 13), 0xcdeu);
  m.execute("sbfx x14, x1, #4, #8");  // 0xef, sign-extended
  EXPECT_EQ(x(m, 14), 0xffffffffffffffefu);
  m.execute("ubfiz w15, w1, #24, #8");  // the low byte 0xf0 moved to bits 31..24
  EXPECT_EQ(x(m, 15), 0xf0000000u);
  m.execute("sbfiz x16, x1, #4, #8");  // 0xf0 at bits 11..4, sign above
  EXPECT_EQ(x(m, 16), 0xffffffffffffff00u);
  setx(m, 17, 0xffffffffffffffff);
  m.execute("bfi x17, x1, #16, #8");  // 0xf0 into bits 23..16
  EXPECT_EQ(x(m, 17), 0xfffffffffff0ffffu);
  m.execute("bfxil x17, x1, #60, #4");  // 0x1 into bits 3..0
  EXPECT_EQ(x(m, 17), 0xfffffffffff0fff1u);
  m.execute("bfc w17, #4, #8");  // bits 11..4 cleared; a W write zeroes the upper half
  EXPECT_EQ(x(m, 17), 0xfff0f001u);
  m.execute("sxtb x18, w1");
  EXPECT_EQ(x(m, 18), 0xfffffffffffffff0u);
  m.execute("sxtw x19, w1");
  EXPECT_EQ(x(m, 19), 0xffffffff9abcdef0u);
  m.execute("uxth w20, w1");
  EXPECT_EQ(x(m, 20), 0xdef0u);
  m.execute("ror x21, x1, #8");
  EXPECT_EQ(x(m, 21), 0xf0123456789abcdeu);
  setx(m, 2, 0xaaaaaaaabbbbbbbb);
  m.execute("extr x22, x1, x2, #32");  // the low half of x1 over the high half of x2
  EXPECT_EQ(x(m, 22), 0x9abcdef0aaaaaaaau);
  setx(m, 3, 0xffffffffffffffff);
  setx(m, 4, 0x2);
  m.execute("smulh x23, x3, x4");  // -1 * 2 = -2: the high half is all ones
  EXPECT_EQ(x(m, 23), 0xffffffffffffffffu);
  m.execute("umulh x24, x3, x4");  // (2^64 - 1) * 2 = 2^65 - 2: high half 1
  EXPECT_EQ(x(m, 24), 0x1u);
  m.execute("umulh x25, x3, x3");  // (2^64 - 1)^2 = 2^128 - 2^65 + 1: high half 2^64 - 2
  EXPECT_EQ(x(m, 25), 0xfffffffffffffffeu);
  m.execute("smulh x26, x1, x1");  // 0x123456789abcdef0^2 >> 64 = 0x14b66dc33f6acdc
  EXPECT_EQ(x(m, 26), 0x14b66dc33f6acdcu);
}

TEST(Sme2A64Semantics, ExtendedRegisterOperands) {
  Machine m = machine();
  setx(m, 1, 5);
  setx(m, 2, 0xfffffffffffffffd);  // w2 = -3
  m.execute("add x9, x1, w2, sxtw #2");  // 5 + (-3 << 2)
  EXPECT_EQ(x(m, 9), 0xfffffffffffffff9u);
  m.execute("add x10, x1, w2, uxtw");  // 5 + 0xfffffffd
  EXPECT_EQ(x(m, 10), 0x100000002u);
  m.execute("add x11, x1, w2, uxtb #4");  // 5 + (0xfd << 4)
  EXPECT_EQ(x(m, 11), 0xfd5u);
  m.execute("add w12, w1, w2, sxth");  // 5 + (-3): 32 bits, the W write zero-extends
  EXPECT_EQ(x(m, 12), 2u);
  m.set("sp", Bits(64, 0x1000));
  m.execute("sub sp, sp, x1, lsl #4");  // 0x1000 - 0x50
  EXPECT_EQ(m.get("sp").low64(), 0xfb0u);
  setx(m, 3, 3);
  m.execute("subs x13, x1, w3, uxtb #1");  // 5 - 6 = -1: N, borrow (C clear)
  EXPECT_EQ(x(m, 13), 0xffffffffffffffffu);
  EXPECT_EQ(nzcv(m), 0b1000u);
  m.execute("cmp sp, x3");  // 0xfb0 - 3: C set, nothing else
  EXPECT_EQ(nzcv(m), 0b0010u);
}

// A mapped region the loads and stores reach; SP inside it.
Machine with_memory(int svl = 512) {
  Machine m = machine(svl);
  m.memory.map("data", 0x10000, 0x1000);
  m.set("sp", Bits(64, 0x10800));
  return m;
}

TEST(Sme2A64Semantics, LoadsAndStoresWithWriteback) {
  Machine m = with_memory();
  setx(m, 0, 0x1122334455667788);
  setx(m, 1, 0x10010);
  m.execute("str x0, [x1, #8]");
  uint64_t v = 0;
  ASSERT_TRUE(m.memory.read(0x10018, 8, v));
  EXPECT_EQ(v, 0x1122334455667788u);  // little-endian
  m.execute("ldr w2, [x1, #8]");
  EXPECT_EQ(x(m, 2), 0x55667788u);
  m.execute("ldr w3, [x1, #12]");
  EXPECT_EQ(x(m, 3), 0x11223344u);
  m.execute("str x0, [x1, #-16]!");  // pre-index: x1 -= 16 before the store
  EXPECT_EQ(x(m, 1), 0x10000u);
  m.execute("ldr x4, [x1], #24");  // post-index: load at 0x10000, then x1 += 24
  EXPECT_EQ(x(m, 4), 0x1122334455667788u);
  EXPECT_EQ(x(m, 1), 0x10018u);
  setx(m, 5, 3);
  setx(m, 6, 0x10000);
  m.execute("ldr x7, [x6, x5, lsl #3]");  // 0x10018
  EXPECT_EQ(x(m, 7), 0x1122334455667788u);
  setx(m, 5, 0xfffffffffffffffe);  // w5 = -2 as SXTW, scaled by 4
  m.execute("ldr w8, [x1, w5, sxtw #2]");  // 0x10018 - 8 = 0x10010: zero
  EXPECT_EQ(x(m, 8), 0u);
  m.execute("stp x0, x5, [sp, #-16]!");
  EXPECT_EQ(m.get("sp").low64(), 0x107f0u);
  m.execute("ldp x9, x10, [sp], #16");
  EXPECT_EQ(x(m, 9), 0x1122334455667788u);
  EXPECT_EQ(x(m, 10), 0xfffffffffffffffeu);
  EXPECT_EQ(m.get("sp").low64(), 0x10800u);
  m.execute("stp w0, w5, [x6]");
  ASSERT_TRUE(m.memory.read(0x10000, 8, v));
  EXPECT_EQ(v, 0xfffffffe55667788u);
}

TEST(Sme2A64Semantics, DataAbortAndSpAlignment) {
  Machine m = with_memory();
  setx(m, 1, 0x20000);
  try {
    m.execute("ldr x0, [x1]");
    ADD_FAILURE() << "no fault";
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "DataAbort (Translation)");
  }
  setx(m, 1, 0x10ffc);  // the last 4 bytes: an 8-byte access runs out of the region
  EXPECT_THROW(m.execute("str x0, [x1]"), Fault);
  m.set("sp", Bits(64, 0x10808));
  try {
    m.execute("ldr x0, [sp]");
    ADD_FAILURE() << "no fault";
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "SPAlignmentFault");
  }
}

// WHILELT: element e is true while Xn + e < Xm (signed, in the register's
// width) and every element after the first false one is false; N the first
// element, Z none true, C not the last.
TEST(Sme2A64Semantics, WhilePatterns) {
  struct Case {
    int svl;
    const char* insn;
    uint64_t n, m;
    uint64_t want;  // the predicate's low 64 bits
    unsigned nzcv;
  } cases[] = {
      {128, "whilelt p0.s, x1, x2", 5, 7, 0x0011, 0b1010},          // two of four: C, the last is false
      {128, "whilelt p0.s, x1, x2", 0, 4, 0x1111, 0b1000},          // all: C clear
      {128, "whilelt p0.s, x1, x2", 4, 4, 0x0000, 0b0110},          // none
      {128, "whilelt p0.b, x1, x2", 0, 3, 0x0007, 0b1010},          //
      {128, "whilelt p0.h, x1, x2", 0xfffffffffffffffe, 1, 0x0015, 0b1010},  // -2, -1, 0 < 1
      {256, "whilelt p0.d, x1, x2", 0, 100, 0x01010101, 0b1000},    // 4 doublewords
      // W registers: the comparison is 32-bit and signed; 0x7ffffffe + 1 is
      // the largest, +2 wraps negative, but the first false ends the run.
      {128, "whilelt p0.s, w1, w2", 0x7ffffffe, 0x7fffffff, 0x0001, 0b1010},
      {128, "whilelt p0.s, w1, w2", 0xfffffff0, 0, 0x1111, 0b1000},  // -16 < 0
      {512, "whilelt p0.s, x1, x2", 0, 10, 0x1111111111, 0b1010},    // 10 of 16: C set
      // WHILELO, WHILELS (unsigned) and WHILELE (signed, or equal), worked by hand:
      {128, "whilelt p0.s, x1, x2", 0xffffffffffffffff, 2, 0x0111, 0b1010},  // -1, 0, 1 < 2
      {128, "whilelo p0.s, x1, x2", 0xffffffffffffffff, 2, 0x0000, 0b0110},  // 2^64 - 1 is not lower
      {128, "whilelo p0.s, w1, w2", 0xfffffffe, 0xffffffff, 0x0001, 0b1010}, // then 0xffffffff is not
      {128, "whilels p0.s, x1, x2", 0, 2, 0x0111, 0b1010},                   // 0, 1, 2 <= 2
      {128, "whilels p0.b, x1, x2", 5, 5, 0x0001, 0b1010},                   // 5 <= 5, 6 is not
      {128, "whilele p0.s, x1, x2", 0xfffffffffffffffe, 0, 0x0111, 0b1010},  // -2, -1, 0 <= 0
  };
  for (const Case& c : cases) {
    Machine m = machine(c.svl);
    m.start_streaming();
    setx(m, 1, c.n);
    setx(m, 2, c.m);
    m.execute(c.insn);
    EXPECT_EQ(m.get("p0").slice(0, std::min<uint32_t>(64, c.svl / 8)).low64(), c.want) << c.insn << " " << c.n;
    EXPECT_EQ(nzcv(m), c.nzcv) << c.insn << " " << c.n;
  }
}

// PTRUE patterns: POW2 the largest power of two of elements, VLn n elements
// when there are that many (else none), MUL3/MUL4 the largest multiple, ALL.
TEST(Sme2A64Semantics, PtruePatternsAtSeveralVectorLengths) {
  struct Case {
    int svl;
    const char* insn;
    int count, esize;
  } cases[] = {
      {128, "ptrue p0.s", 4, 32},           {128, "ptrue p0.b, vl16", 16, 8},    {128, "ptrue p0.b, vl32", 0, 8},
      {128, "ptrue p0.h, mul3", 6, 16},     {128, "ptrue p0.b, pow2", 16, 8},    {128, "ptrue p0.d, vl1", 1, 64},
      {256, "ptrue p0.s, mul3", 6, 32},     {256, "ptrue p0.b, vl32", 32, 8},    {256, "ptrue p0.h, vl7", 7, 16},
      {512, "ptrue p0.s, pow2", 16, 32},    {512, "ptrue p0.b, mul3", 63, 8},    {512, "ptrue p0.s, vl8", 8, 32},
      {2048, "ptrue p0.b, vl256", 256, 8},  {2048, "ptrue p0.s, mul3", 63, 32},  {2048, "ptrue p0.d, #14", 0, 64},
      {2048, "ptrue p0.h, mul4", 128, 16},
  };
  for (const Case& c : cases) {
    Machine m = machine(c.svl);
    m.start_streaming();
    m.execute(c.insn);
    const Bits p = m.get("p0");
    Bits want = Bits::zeros(static_cast<uint32_t>(c.svl / 8));
    for (int e = 0; e < c.count; ++e) want.set_bit(static_cast<uint32_t>(e * c.esize / 8), true);
    EXPECT_EQ(p.to_hex(), want.to_hex()) << c.insn << " at SVL " << c.svl;
  }
}

TEST(Sme2A64Semantics, VectorLengthCounts) {
  for (int svl : {128, 512, 2048}) {
    Machine m = machine(svl);
    m.start_streaming();
    m.set("sp", Bits(64, 0x100000));
    m.execute("rdsvl x0, #1");
    m.execute("rdsvl x1, #-2");
    m.execute("cntw x2");
    m.execute("cntw x3, vl16, mul #3");
    m.execute("addsvl sp, sp, #-1");
    EXPECT_EQ(x(m, 0), static_cast<uint64_t>(svl / 8));
    EXPECT_EQ(x(m, 1), static_cast<uint64_t>(-2 * svl / 8));
    EXPECT_EQ(x(m, 2), static_cast<uint64_t>(svl / 32));
    EXPECT_EQ(x(m, 3), svl / 32 >= 16 ? 48u : 0u);
    EXPECT_EQ(m.get("sp").low64(), 0x100000u - static_cast<uint64_t>(svl / 8));
  }
}

TEST(Sme2A64Semantics, PredicatedVectorLoadsAndStores) {
  Machine m = with_memory(128);
  m.start_streaming();
  for (uint64_t i = 0; i < 32; ++i) ASSERT_TRUE(m.memory.write(0x10000 + 4 * i, 4, 0x100 + i));
  setx(m, 0, 0x10000);
  setx(m, 1, 3);
  m.execute("ptrue p0.s");
  m.execute("ld1w {z0.s}, p0/z, [x0, #1, mul vl]");  // words 4..7
  EXPECT_EQ(m.get("z0").to_hex(), "0x00000107000001060000010500000104");
  m.execute("ld1w {z1.s}, p0/z, [x0, x1, lsl #2]");  // words 3..6
  EXPECT_EQ(m.get("z1").to_hex(), "0x00000106000001050000010400000103");
  setx(m, 2, 0);
  setx(m, 3, 3);
  m.execute("whilelt p1.s, x2, x3");  // three of four: the inactive element loads as zero
  m.execute("ld1w {z2.s}, p1/z, [x0]");
  EXPECT_EQ(m.get("z2").to_hex(), "0x00000000000001020000010100000100");
  m.execute("st1w {z1.s}, p1, [x0, #2, mul vl]");  // words 8..10; word 11 is not written
  EXPECT_EQ(m.memory.regions()[0].bytes[8 * 4], 0x03);
  uint64_t w = 0;
  ASSERT_TRUE(m.memory.read(0x10000 + 4 * 10, 4, w));
  EXPECT_EQ(w, 0x105u);
  ASSERT_TRUE(m.memory.read(0x10000 + 4 * 11, 4, w));
  EXPECT_EQ(w, 0x10bu);
  for (uint64_t i = 0; i < 16; ++i) ASSERT_TRUE(m.memory.write(0x10000 + 2 * i, 2, (2 * i + 1) << 8 | (2 * i)));
  m.execute("ptrue p2.h, vl3");
  m.execute("ld1h {z3.h}, p2/z, [x0]");
  EXPECT_EQ(m.get("z3").to_hex(), "0x00000000000000000000050403020100");
  // Inactive elements are not accessed: no fault outside memory with an
  // all-false predicate, a data abort with an active one.
  setx(m, 4, 0x80000);
  m.execute("whilelt p3.s, x3, x2");  // 3 < 0: none
  m.execute("st1w {z1.s}, p3, [x4]");
  try {
    m.execute("st1w {z1.s}, p1, [x4]");
    ADD_FAILURE() << "no fault";
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "DataAbort (Translation)");
  }
}

// Bytes, halfwords and words widened on the way in (zero- or sign-extended)
// and narrowed on the way out (each element's low bytes); doublewords whole.
// Memory byte i is 0x80 + 0x11 * i (80 91 a2 b3 c4 d5 e6 f7 08 19 ...).
TEST(Sme2A64Semantics, WideningLoadsAndNarrowingStores) {
  Machine m = with_memory(128);
  m.start_streaming();
  for (uint64_t i = 0; i < 16; ++i) ASSERT_TRUE(m.memory.write(0x10000 + i, 1, (0x80 + 0x11 * i) & 0xff));
  setx(m, 0, 0x10000);
  setx(m, 1, 2);
  m.execute("ptrue p0.b");
  m.execute("ld1b {z0.s}, p0/z, [x0, x1]");  // bytes 2..5
  EXPECT_EQ(m.get("z0").to_hex(), "0x000000d5000000c4000000b3000000a2");
  m.execute("ld1sb {z1.s}, p0/z, [x0, x1]");
  EXPECT_EQ(m.get("z1").to_hex(), "0xffffffd5ffffffc4ffffffb3ffffffa2");
  m.execute("ld1b {z7.h}, p0/z, [x0]");
  EXPECT_EQ(m.get("z7").to_hex(), "0x00f700e600d500c400b300a200910080");
  m.execute("ld1sb {z2.h}, p0/z, [x0, #1, mul vl]");  // eight elements in: bytes 8..15, all positive
  EXPECT_EQ(m.get("z2").to_hex(), "0x007f006e005d004c003b002a00190008");
  m.execute("ld1sh {z3.d}, p0/z, [x0]");  // halfwords 0x9180 and 0xb3a2
  EXPECT_EQ(m.get("z3").to_hex(), "0xffffffffffffb3a2ffffffffffff9180");
  m.execute("ld1sw {z4.d}, p0/z, [x0, x1, lsl #2]");  // words 2 and 3
  EXPECT_EQ(m.get("z4").to_hex(), "0x000000007f6e5d4c000000003b2a1908");
  m.execute("ld1d {z5.d}, p0/z, [x0]");
  EXPECT_EQ(m.get("z5").to_hex(), "0x7f6e5d4c3b2a1908f7e6d5c4b3a29180");
  // ST1B of .S elements writes the low byte of each; ST1H of .D elements the low halfword.
  Bits z6 = Bits::zeros(128);
  for (uint32_t e = 0; e < 4; ++e) z6.set_slice(32 * e, Bits(32, 0x44332211u + 0x44444444u * e));
  m.set("z6", z6);
  setx(m, 2, 0x10100);
  m.execute("st1b {z6.s}, p0, [x2]");
  uint64_t v = 0;
  ASSERT_TRUE(m.memory.read(0x10100, 8, v));
  EXPECT_EQ(v, 0xdd995511u);  // 11 55 99 dd, then the untouched zeros
  m.execute("st1h {z5.d}, p0, [x2, #1, mul vl]");  // elements 2 and 3 of halfwords: 0x10104
  ASSERT_TRUE(m.memory.read(0x10104, 4, v));
  EXPECT_EQ(v, 0x19089180u);
  m.execute("st1d {z5.d}, p0, [x2, x1, lsl #3]");
  ASSERT_TRUE(m.memory.read(0x10110, 8, v));
  EXPECT_EQ(v, 0xf7e6d5c4b3a29180u);
}

// Predicate-as-counter at SVL 128 (four words a vector): the count sits
// above the size marker (bit 2 for words), bit 15 inverts, and "all" is the
// inverted count of none.
TEST(Sme2A64Semantics, PredicateAsCounter) {
  Machine m = with_memory(128);
  m.start_streaming();
  m.execute("ptrue pn8.s");
  EXPECT_EQ(m.get("p8").low64(), 0x8004u);
  setx(m, 0, 0);
  setx(m, 1, 5);
  m.execute("whilelo pn9.s, x0, x1, vlx2");  // 5 of 8 words
  EXPECT_EQ(m.get("p9").low64(), 0x2cu);     // 5 << 3 | 0b100
  EXPECT_EQ(nzcv(m), 0b1010u);               // first active, not the last
  setx(m, 3, 100);
  m.execute("whilelo pn11.s, x0, x3, vlx2");  // all 8
  EXPECT_EQ(m.get("p11").low64(), 0x8004u);
  EXPECT_EQ(nzcv(m), 0b1000u);
  setx(m, 4, 10);
  m.execute("whilelt pn12.s, x4, x1, vlx2");  // 10 < 5: none
  EXPECT_EQ(m.get("p12").low64(), 0u);
  EXPECT_EQ(nzcv(m), 0b0110u);
  m.execute("cntp x5, pn9.s, vlx2");
  EXPECT_EQ(x(m, 5), 5u);
  m.set("p10", Bits(16, 0x801c));  // inverted count 3: words 3.. active
  m.execute("cntp x6, pn10.s, vlx4");
  EXPECT_EQ(x(m, 6), 13u);  // 16 - 3
  m.execute("pext p1.s, pn9[1]");  // the second vector's words: only word 4 (its first) active
  EXPECT_EQ(m.get("p1").low64(), 0x0001u);
  m.execute("pext {p2.s, p3.s}, pn10[0]");  // parts 0 and 1 of the inverted count
  EXPECT_EQ(m.get("p2").low64(), 0x1000u);  // word 3
  EXPECT_EQ(m.get("p3").low64(), 0x1111u);
  // Two vectors loaded under the count of 5: words 0..4, the rest zero.
  for (uint64_t i = 0; i < 16; ++i) ASSERT_TRUE(m.memory.write(0x10000 + 4 * i, 4, 0x100 + i));
  setx(m, 2, 0x10000);
  m.execute("ld1w {z0.s-z1.s}, pn9/z, [x2]");
  EXPECT_EQ(m.get("z0").to_hex(), "0x00000103000001020000010100000100");
  EXPECT_EQ(m.get("z1").to_hex(), "0x00000000000000000000000000000104");
  m.execute("ld1w {z4.s, z12.s}, pn8/z, [x2, #2, mul vl]");  // strided (8 apart), all active: words 8..15
  EXPECT_EQ(m.get("z4").to_hex(), "0x0000010b0000010a0000010900000108");
  EXPECT_EQ(m.get("z12").to_hex(), "0x0000010f0000010e0000010d0000010c");
  setx(m, 7, 0x10100);
  setx(m, 1, 1);
  m.execute("st1w {z4.s-z7.s}, pn9, [x7, x1, lsl #2]");  // five words from word 1 on
  uint64_t v = 0;
  ASSERT_TRUE(m.memory.read(0x10104, 4, v));
  EXPECT_EQ(v, 0x108u);
  ASSERT_TRUE(m.memory.read(0x10114, 4, v));  // z5's word 0 (zero), the fifth
  EXPECT_EQ(v, 0u);
  ASSERT_TRUE(m.memory.write(0x10118, 4, 0x77));
  m.execute("st1w {z4.s-z7.s}, pn9, [x7, x1, lsl #2]");
  ASSERT_TRUE(m.memory.read(0x10118, 4, v));  // the sixth word: inactive, not written
  EXPECT_EQ(v, 0x77u);
}

// CMP<cc> with an immediate, MLA/MLS/MAD/MSB, FMAD/FNMSB, the bitmask
// immediates and the unpredicated bitwise forms, worked by hand at SVL 128
// (four words). z0.s = {5, -1, 0x80000000, 15}.
TEST(Sme2A64Semantics, CompareImmediateMultiplyAddAndBitwise) {
  Machine m = with_memory(128);
  m.start_streaming();
  Bits z0 = Bits::zeros(128);
  const uint32_t words[] = {5, 0xffffffff, 0x80000000, 15};
  for (uint32_t e = 0; e < 4; ++e) z0.set_slice(32 * e, Bits(32, words[e]));
  m.set("z0", z0);
  m.execute("ptrue p1.s");
  auto pred = [&](const char* p) { return m.get(p).slice(0, 16).low64(); };
  m.execute("cmpeq p2.s, p1/z, z0.s, #-1");  // element 1
  EXPECT_EQ(pred("p2"), 0x0010u);
  EXPECT_EQ(nzcv(m), 0b0010u);  // some active (not the first): N clear, Z clear, C set (the last is false)
  m.execute("cmpgt p2.s, p1/z, z0.s, #5");  // 15 only (signed: -1 and INT_MIN are not)
  EXPECT_EQ(pred("p2"), 0x1000u);
  m.execute("cmple p2.s, p1/z, z0.s, #5");  // 5, -1, INT_MIN
  EXPECT_EQ(pred("p2"), 0x0111u);
  m.execute("cmphi p2.s, p1/z, z0.s, #5");  // unsigned: 0xffffffff, 0x80000000, 15
  EXPECT_EQ(pred("p2"), 0x1110u);
  m.execute("cmplo p2.s, p1/z, z0.s, #127");  // 5 and 15
  EXPECT_EQ(pred("p2"), 0x1001u);
  m.execute("ptrue p3.d");
  m.execute("cmpne p2.s, p3/z, z0.s, #5");  // governed by .D: elements 0 and 2 are active
  EXPECT_EQ(pred("p2"), 0x0100u);
  // z1.s = {3, 3, 3, 3}, z2.s = {2, 2, 2, 2}: MLA z0 += z1 * z2 (wrapping).
  Bits threes = Bits::zeros(128), twos = Bits::zeros(128);
  for (uint32_t e = 0; e < 4; ++e) threes.set_slice(32 * e, Bits(32, 3)), twos.set_slice(32 * e, Bits(32, 2));
  m.set("z1", threes);
  m.set("z2", twos);
  m.set("z3", z0);
  m.execute("mla z3.s, p1/m, z1.s, z2.s");
  EXPECT_EQ(m.get("z3").to_hex(), "0x000000158000000600000005" "0000000b");
  m.set("z3", z0);
  m.execute("msb z3.s, p3/m, z1.s, z2.s");  // z3 = z2 - z3 * z1 in elements 0 and 2
  EXPECT_EQ(m.get("z3").to_hex(), "0x0000000f80000002ffffffff" "fffffff3");
  m.execute("and z4.d, z0.d, z1.d");
  EXPECT_EQ(m.get("z4").to_hex(), "0x00000003000000000000000300000001");
  m.execute("bic z4.d, z0.d, z1.d");
  EXPECT_EQ(m.get("z4").to_hex(), "0x0000000c80000000fffffffc00000004");
  m.execute("eor z4.s, z4.s, #0xff");
  EXPECT_EQ(m.get("z4").to_hex(), "0x000000f3800000ffffffff03000000fb");
  m.execute("dupm z5.h, #0x8001");
  EXPECT_EQ(m.get("z5").to_hex(), "0x80018001800180018001800180018001");
  // FMAD: z6 = z6 * z7 + z8 = 1.5 * 2.0 + 0.25 = 3.25; FNMSB: -0.25 + 1.5 * 2.0 = 2.75.
  m.set("z6", Bits(128, 0x3fc00000));
  m.set("z7", Bits(128, 0x40000000));
  m.set("z8", Bits(128, 0x3e800000));
  m.execute("fmad z6.s, p1/m, z7.s, z8.s");
  EXPECT_EQ(m.get("z6").low64(), 0x40500000u);
  m.set("z6", Bits(128, 0x3fc00000));
  m.execute("fnmsb z6.s, p1/m, z7.s, z8.s");
  EXPECT_EQ(m.get("z6").low64(), 0x40300000u);
}

// SVE2's saturating narrows and widening shifts, and SQINCW, worked by hand
// at SVL 128. UQXTNB of doublewords is unsigned (QEMU 7.2 reads it signed:
// docs/known-differences.md).
TEST(Sme2A64Semantics, SaturatingNarrowsAndWidens) {
  Machine m = with_memory(128);
  m.start_streaming();
  Bits z1 = Bits::zeros(128);
  z1.set_slice(0, Bits(64, 0xbfffc05e8281d023ull));  // >= 2^63: unsigned saturates to 0xffffffff
  z1.set_slice(64, Bits(64, 0x0000000012345678ull)); // fits
  m.set("z1", z1);
  m.set("z0", Bits::zeros(128));
  m.execute("uqxtnb z0.s, z1.d");
  EXPECT_EQ(m.get("z0").to_hex(), "0x0000000012345678" "00000000ffffffff");
  m.execute("sqxtunb z2.s, z1.d");  // signed: negative saturates to 0
  EXPECT_EQ(m.get("z2").to_hex(), "0x0000000012345678" "0000000000000000");
  m.execute("sqxtnb z3.s, z1.d");  // signed: INT32_MIN
  EXPECT_EQ(m.get("z3").to_hex(), "0x0000000012345678" "0000000080000000");
  m.set("z4", Bits(128, 0x1111111111111111ull));
  m.execute("sqxtnt z4.s, z1.d");  // the odd words; the even ones kept
  EXPECT_EQ(m.get("z4").to_hex(), "0x1234567800000000" "8000000011111111");
  // Halfwords 0x8001 (even) and 0x7fff (odd) of z5: SSHLLB widens the even one, USHLLT the odd.
  m.set("z5", Bits(128, 0x7fff8001u));
  m.execute("sshllb z6.s, z5.h, #3");
  EXPECT_EQ(m.get("z6").low64() & 0xffffffffu, 0xfffc0008u);  // -32767 * 8
  m.execute("ushllt z7.s, z5.h, #1");
  EXPECT_EQ(m.get("z7").low64() & 0xffffffffu, 0x0000fffeu);
  setx(m, 8, 0x7ffffffe);
  m.execute("sqincw x8, w8");  // 0x7ffffffe + 4 words saturates at INT32_MAX, sign-extended
  EXPECT_EQ(x(m, 8), 0x7fffffffu);
  setx(m, 9, 2);
  m.execute("uqdecd x9, all, mul #3");  // 2 - 2 * 3 saturates at 0
  EXPECT_EQ(x(m, 9), 0u);
}

// DUP (indexed), written MOV: element <imm> of Zn in every element; an
// index past the vector's elements gives zeros (SVL 128: four words).
TEST(Sme2A64Semantics, DupIndexedElement) {
  Machine m = with_memory(128);
  m.start_streaming();
  Bits z1 = Bits::zeros(128);
  for (uint32_t e = 0; e < 4; ++e) z1.set_slice(32 * e, Bits(32, 0x11111111u * (e + 1)));
  m.set("z1", z1);
  m.execute("mov z0.s, z1.s[2]");
  EXPECT_EQ(m.get("z0").to_hex(), "0x33333333333333333333333333333333");
  m.execute("mov z2.s, s1");  // index 0
  EXPECT_EQ(m.get("z2").to_hex(), "0x11111111111111111111111111111111");
  m.execute("mov z3.h, z1.h[7]");  // the high half of word 3
  EXPECT_EQ(m.get("z3").to_hex(), "0x44444444444444444444444444444444");
  m.execute("mov z4.q, q1");
  EXPECT_EQ(m.get("z4"), z1);
  m.set("z5", z1);
  m.execute("mov z5.s, z1.s[7]");  // past the four words: zeros
  EXPECT_TRUE(m.get("z5").is_zero());
}

// Fixed-point conversions (#<fbits> fraction bits) and SVE's ABS, NEG and
// MUL (immediate), which wrap. SVL 128; S and D registers are the low bits
// of Z registers.
TEST(Sme2A64Semantics, FixedPointConversionsAndIntegerVectorOps) {
  Machine m = with_memory(128);
  m.start_streaming();
  auto low = [&](const char* z, uint32_t bits) { return m.get(z).slice(0, bits).low64(); };
  setx(m, 1, 5);
  m.execute("scvtf s0, w1, #1");  // 5 / 2
  EXPECT_EQ(low("z0", 32), 0x40200000u);
  setx(m, 2, 0xffffffff);
  m.execute("scvtf s1, w2, #32");  // -1 / 2^32
  EXPECT_EQ(low("z1", 32), 0xaf800000u);
  EXPECT_EQ(m.get("fpsr").low64(), 0u);
  m.execute("ucvtf s2, w2, #32");  // (2^32 - 1) / 2^32 rounds to 1, inexact
  EXPECT_EQ(low("z2", 32), 0x3f800000u);
  EXPECT_EQ(m.get("fpsr").low64(), 0x10u);
  setx(m, 3, 1);
  m.execute("ucvtf d3, x3, #64");  // 2^-64
  EXPECT_EQ(low("z3", 64), 0x3bf0000000000000u);
  m.set("z4", Bits(128, 0x40300000));  // 2.75
  m.execute("fcvtzs w5, s4, #2");      // 11
  EXPECT_EQ(x(m, 5), 11u);
  m.set("fpsr", Bits(64, 0));
  m.execute("fcvtzs w6, s4, #31");  // 2.75 * 2^31 saturates
  EXPECT_EQ(x(m, 6), 0x7fffffffu);
  EXPECT_EQ(m.get("fpsr").low64(), 0x1u);  // IOC
  m.execute("fcvtzu x7, s4, #1");  // 5.5 towards zero
  EXPECT_EQ(x(m, 7), 5u);
  // Bytes 0x80, 0x7f, 0xff, 0x01, then zeros.
  m.set("z8", Bits(128, 0x01ff7f80));
  m.execute("ptrue p0.b");
  m.execute("neg z9.b, p0/m, z8.b");
  EXPECT_EQ(m.get("z9").low64(), 0xff018180u);  // -128 wraps to itself
  m.execute("abs z10.b, p0/m, z8.b");
  EXPECT_EQ(m.get("z10").low64(), 0x01017f80u);
  m.set("z11", Bits(128, 0x0403));
  m.execute("mul z11.b, z11.b, #-128");  // 3 * -128 = -384: 0x80; 4 * -128 = -512: 0x00
  EXPECT_EQ(m.get("z11").low64(), 0x0080u);
  m.set("z12", Bits(128, 0x0000000700000005));
  m.set("z13", Bits(128, 0xaaaaaaaaaaaaaaaa));
  m.execute("ptrue p1.s, vl1");
  m.execute("neg z13.s, p1/m, z12.s");  // only element 0: the rest keep z13's
  EXPECT_EQ(m.get("z13").low64(), 0xaaaaaaaafffffffbu);
}

// SVE floating point on Z registers, worked by hand at SVL 128 (four words).
TEST(Sme2A64Semantics, SveFloatingPointArithmetic) {
  Machine m = with_memory(128);
  m.start_streaming();
  auto f = [](float v) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    return u;
  };
  auto words = [&](std::initializer_list<float> v) {
    Bits b = Bits::zeros(128);
    uint32_t k = 0;
    for (float x : v) b.set_slice(32 * k++, Bits(32, f(x)));
    return b;
  };
  m.execute("ptrue p0.s");
  // FADDV adds as a tree: (1e8 + 1) + (-1e8 + 1) is 1e8 + -1e8 = 0, where a
  // running sum would end at 1.
  m.set("z1", words({1e8f, 1, -1e8f, 1}));
  m.execute("faddv s2, p0, z1.s");
  EXPECT_EQ(m.get("z2"), Bits::zeros(128));  // the scalar write zeroes the rest of Z2
  // FMLA, FMLS, FNMLA, FNMLS: 1 + 2*3, 1 - 2*3, -1 - 2*3, -1 + 2*3.
  m.set("z3", words({2, 2, 2, 2}));
  m.set("z4", words({3, 3, 3, 3}));
  const std::pair<const char*, float> mla[] = {{"fmla", 7}, {"fmls", -5}, {"fnmla", -7}, {"fnmls", 5}};
  for (const auto& [mn, want] : mla) {
    m.set("z5", words({1, 1, 1, 1}));
    m.execute(fmt::format("{} z5.s, p0/m, z3.s, z4.s", mn));
    EXPECT_EQ(m.get("z5").slice(0, 32).low64(), f(want)) << mn;
  }
  // FSUBR with an immediate: 1.0 - x; FMUL by 2.0; FMAX against 0.0.
  m.set("z6", words({0.25f, -3, 5, 0}));
  m.execute("fsubr z6.s, p0/m, z6.s, #1.0");
  EXPECT_EQ(m.get("z6"), words({0.75f, 4, -4, 1}));
  m.execute("fmul z6.s, p0/m, z6.s, #2.0");
  m.execute("fmax z6.s, p0/m, z6.s, #0.0");
  EXPECT_EQ(m.get("z6"), words({1.5f, 8, 0, 2}));
}

// SVE integer arithmetic at SVL 128, worked by hand: wrapping and
// saturating sums, division (by zero gives zero), dot products, SEL.
TEST(Sme2A64Semantics, SveIntegerArithmetic) {
  Machine m = with_memory(128);
  m.start_streaming();
  auto words = [](std::initializer_list<uint32_t> v) {
    Bits b = Bits::zeros(128);
    uint32_t k = 0;
    for (uint32_t x : v) b.set_slice(32 * k++, Bits(32, x));
    return b;
  };
  m.execute("ptrue p0.s");
  m.set("z1", words({0x7fffffff, 10, 0xfffffff6, 7}));  // MAX, 10, -10, 7
  m.set("z2", words({1, 0, 3, 0xfffffffe}));            // 1, 0, 3, -2
  m.execute("add z3.s, z1.s, z2.s");                     // wraps
  EXPECT_EQ(m.get("z3"), words({0x80000000u, 10, 0xfffffff9u, 5}));
  m.execute("sqadd z4.s, z1.s, z2.s");                   // saturates at MAX
  EXPECT_EQ(m.get("z4"), words({0x7fffffff, 10, 0xfffffff9u, 5}));
  m.set("z5", m.get("z1"));
  m.execute("sdiv z5.s, p0/m, z5.s, z2.s");  // MAX/1, 10/0 = 0, -10/3 = -3 (towards zero), 7/-2 = -3
  EXPECT_EQ(m.get("z5"), words({0x7fffffff, 0, 0xfffffffdu, 0xfffffffdu}));
  m.set("z6", m.get("z1"));
  m.execute("umax z6.s, p0/m, z6.s, z2.s");  // unsigned: -2 is the largest
  EXPECT_EQ(m.get("z6"), words({0x7fffffff, 10, 0xfffffff6u, 0xfffffffeu}));
  // SDOT: word 0 += 1*1 + 2*-1 + 3*1 + 4*-1 = -2; UDOT reads 0xff as 255.
  m.set("z7", words({0x04030201, 0xff, 0, 0}));
  m.set("z8", words({0xff01ff01, 0x02, 0, 0}));
  m.set("z9", words({100, 100, 0, 0}));
  m.execute("sdot z9.s, z7.b, z8.b");
  EXPECT_EQ(m.get("z9"), words({98, 98, 0, 0}));  // -1 * 2 = -2 in word 1
  m.set("z9", words({0, 0, 0, 0}));
  m.execute("udot z9.s, z7.b, z8.b");
  EXPECT_EQ(m.get("z9"), words({1 + 2 * 255 + 3 + 4 * 255, 510, 0, 0}));
  m.set("p1", Bits(16, 0x0101));  // words 0 and 2
  m.execute("sel z10.s, p1, z1.s, z2.s");
  EXPECT_EQ(m.get("z10"), words({0x7fffffff, 0, 0xfffffff6u, 0xfffffffeu}));
  m.execute("uaddv d11, p1, z1.s");  // 0x7fffffff + 0xfffffff6 as unsigned, in a doubleword
  EXPECT_EQ(m.get("z11").low64(), 0x7fffffffull + 0xfffffff6ull);
}

// LDR and STR of whole P and Z registers (a compiler's spills): at SVL 128 a
// predicate is 2 bytes and a vector 16, and #imm counts those.
TEST(Sme2A64Semantics, PredicateAndVectorSpills) {
  Machine m = with_memory(128);
  m.start_streaming();
  setx(m, 0, 0x10100);
  m.set("p3", Bits(16, 0xbeef));
  m.execute("str p3, [x0, #-2, mul vl]");  // 0x10100 - 4
  uint64_t v = 0;
  ASSERT_TRUE(m.memory.read(0x100fc, 2, v));
  EXPECT_EQ(v, 0xbeefu);
  m.execute("ldr p9, [x0, #-2, mul vl]");
  EXPECT_EQ(m.get("p9").low64(), 0xbeefu);
  Bits z = Bits::zeros(128);
  z.set_slice(0, Bits(64, 0x0123456789abcdefull));
  z.set_slice(64, Bits(64, 0xfedcba9876543210ull));
  m.set("z7", z);
  m.execute("str z7, [x0, #3, mul vl]");  // 0x10100 + 48
  ASSERT_TRUE(m.memory.read(0x10130 + 8, 8, v));
  EXPECT_EQ(v, 0xfedcba9876543210u);
  m.execute("ldr z20, [x0, #3, mul vl]");
  EXPECT_EQ(m.get("z20"), z);
}

// CNTP, INDEX from registers, and LD1RQ's replicated segment, by hand at SVL 256.
TEST(Sme2A64Semantics, CountIndexAndReplicatedLoad) {
  Machine m = with_memory(256);
  m.start_streaming();
  m.set("p0", Bits(32, 0x11111111));   // every word active
  m.set("p1", Bits(32, 0x01010101));   // words 0, 2, 4, 6
  m.execute("cntp x10, p0, p1.s");
  EXPECT_EQ(x(m, 10), 4u);
  m.execute("cntp x11, p1, p0.b");     // bytes active in both: 0, 8, 16 and 24
  EXPECT_EQ(x(m, 11), 4u);
  setx(m, 3, 0xfffffffffffffffe);      // -2
  setx(m, 4, 3);
  m.execute("index z1.d, x3, x4");     // -2, 1, 4, 7
  EXPECT_EQ(m.get("z1").slice(192, 64).low64(), 7u);
  EXPECT_EQ(m.get("z1").slice(0, 64).low64(), 0xfffffffffffffffeu);
  m.execute("index z2.b, #-16, #15");  // -16 + 15e wraps in a byte
  EXPECT_EQ(m.get("z2").slice(8 * 31, 8).low64(), static_cast<uint64_t>((-16 + 15 * 31) & 0xff));
  for (uint64_t i = 0; i < 16; ++i) ASSERT_TRUE(m.memory.write(0x10040 + i, 1, i + 1));
  setx(m, 0, 0x10050);
  m.set("p2", Bits(32, 0x0111));       // words 0..2 of the first segment
  m.execute("ld1rqw {z3.s}, p2/z, [x0, #-16]");
  const Bits z3 = m.get("z3");
  EXPECT_EQ(z3.slice(0, 32).low64(), 0x04030201u);   // 0x10040: bytes 1, 2, 3, 4
  EXPECT_EQ(z3.slice(64, 32).low64(), 0x0c0b0a09u);
  EXPECT_EQ(z3.slice(96, 32).low64(), 0u);  // word 3 inactive
  EXPECT_EQ(z3.slice(128, 128), z3.slice(0, 128));  // the segment replicated
}

TEST(Sme2A64Semantics, ArrayVectorLoadAndStore) {
  Machine m = with_memory(256);
  m.start_streaming();
  for (uint64_t i = 0; i < 256; ++i) ASSERT_TRUE(m.memory.write(0x10000 + i, 1, i));
  setx(m, 0, 0x10000);
  setx(m, 12, 30);  // vector (30 + 3) MOD 32 = 1, from 0x10000 + 3 * 32
  m.execute("ldr za[w12, 3], [x0, #3, mul vl]");
  const Bits v = m.get("za[1]");
  for (uint32_t e = 0; e < 32; ++e) EXPECT_EQ(v.slice(8 * e, 8).low64(), 96 + e);
  m.execute("str za[w12, 2], [x0, #2, mul vl]");  // vector 32 MOD 32 = 0 (zero) to 0x10040
  uint64_t b = 0;
  ASSERT_TRUE(m.memory.read(0x10000 + 64, 1, b));
  EXPECT_EQ(b, 0u);
  ASSERT_TRUE(m.memory.read(0x10000 + 63, 1, b));
  EXPECT_EQ(b, 63u);
}

// SVL 128: a .S tile has four rows of four words; ZA1H.S row r is array
// vector 4r + 1, and ZA1V.S slice c is element c of each of them.
TEST(Sme2A64Semantics, TileSliceLoadsAndStores) {
  Machine m = with_memory(128);
  m.start_streaming();
  for (uint64_t i = 0; i < 64; ++i) ASSERT_TRUE(m.memory.write(0x10000 + 4 * i, 4, 100 + i));
  setx(m, 0, 0x10000);
  setx(m, 1, 2);          // two elements in
  setx(m, 13, 6);         // slice (6 + 1) MOD 4 = 3
  m.set("p2", Bits(16, 0x1011));  // elements 0, 1 and 3
  m.set("za[13]", Bits(128, 0x5555));  // row 3 of za1h.s before the load: replaced whole
  m.execute("ld1w {za1h.s[w13, 1]}, p2/z, [x0, x1, lsl #2]");
  const Bits row = m.get("za[13]");
  const uint64_t want[4] = {102, 103, 0, 105};  // from 0x10008; element 2 inactive: zero
  for (uint32_t e = 0; e < 4; ++e) EXPECT_EQ(row.slice(32 * e, 32).low64(), want[e]) << e;
  // Vertical: slice (6 + 0) MOD 4 = 2 of ZA1V.S is element 2 of rows 0-3
  // (vectors 1, 5, 9, 13), stored to 0x10100.
  Bits row1 = Bits::zeros(128);
  row1.set_slice(64, Bits(32, 0xabcdef01));
  m.set("za[5]", row1);
  setx(m, 2, 0x10100);
  m.set("p3", Bits(16, 0x1111));
  m.execute("st1w {za1v.s[w13, 0]}, p3, [x2]");
  const uint64_t column[4] = {0, 0xabcdef01, 0, 0};  // row 3's element 2 was loaded as zero
  uint64_t v = 1;
  for (uint32_t r = 0; r < 4; ++r) {
    ASSERT_TRUE(m.memory.read(0x10100 + 4 * r, 4, v));
    EXPECT_EQ(v, column[r]) << r;
  }
  // An inactive element's memory is not written.
  ASSERT_TRUE(m.memory.write(0x10200, 4, 0x77));
  setx(m, 3, 0x10200);
  m.set("p4", Bits(16, 0x1110));  // element 0 inactive
  m.execute("st1w {za1h.s[w13, 1]}, p4, [x3]");  // row 3 again
  ASSERT_TRUE(m.memory.read(0x10200, 4, v));
  EXPECT_EQ(v, 0x77u);
  ASSERT_TRUE(m.memory.read(0x10204, 4, v));
  EXPECT_EQ(v, 103u);
  // Bytes: ZA0H.B slice 15 is array vector 15.
  setx(m, 12, 0);
  m.execute("ld1b {za0h.b[w12, 15]}, p0/z, [x0]");  // p0 is all false: zeros
  EXPECT_TRUE(m.get("za[15]").is_zero());
}

// LDR/STR ZA need ZA enabled but not Streaming mode; the SVE loads need
// Streaming mode (non-streaming SVE is not modelled: UNDEFINED).
TEST(Sme2A64Semantics, StreamingAndZaChecks) {
  Machine m = with_memory(128);
  setx(m, 0, 0x10000);
  try {
    m.execute("ldr za[w12, 0], [x0]");
    ADD_FAILURE() << "no trap";
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "SMEAccessTrap (InactiveZA)");
  }
  m.execute("smstart za");
  m.execute("ldr za[w12, 0], [x0]");
  m.execute("rdsvl x1, #1");  // legal outside Streaming mode
  EXPECT_EQ(x(m, 1), 16u);
  // SVE runs outside Streaming mode too, at the non-streaming length (512).
  m.execute("cntb x2");
  EXPECT_EQ(x(m, 2), 64u);
  m.execute("ptrue p0.s");
  m.execute("ld1w {z0.s}, p0/z, [x0]");
  try {
    m.execute("bfmlal za.s[w8, 0:1], z0.h, z0.h");
    ADD_FAILURE() << "no trap";
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "SMEAccessTrap (Streaming)");
  }
}

}  // namespace
}  // namespace mlisa::test
