// Pairs of tcore bundles, in the listing syntax (docs/assembler.md): the two
// lines of a pair encode to different bytes but print the same canonical
// text, so only exact export (.encoding) tells them apart. Read by
// tests/targets/tcore_export_test.cpp; a blank line separates pairs.

// 1. A constant zero or a lane holding zero, zero-extended (simm.s32).
{ s0: simm.s32 s0, 0 }
{ s0: simm.s32 s0, 0 } .encoding s0.ysel=lo(imm0)

// 2. The same with sign extension, in the other scalar slot and another lane.
{ s1: sadd s4, s5, 0 }
{ s1: sadd s4, s5, 0 } .encoding s1.ysel=sext(imm3)

// 3. A positive immediate zero- or sign-extended.
{ s0: sadd s1, s2, 5 }
{ s0: sadd s1, s2, 5 } .encoding s0.ysel=sext(imm0)

// 4. A lane no instruction reads still holds a value.
{ s0: sadd s1, s2, s3 }
{ s0: sadd s1, s2, s3 } .encoding imm2=0x55

// 5. Two read paths holding the same scalar register.
{ v0: vadd v1, v2, s3; v1: vmul v4, v5, s3 }
{ v0: vadd v1, v2, s3; v1: vmul v4, v5, s3 } .encoding v1.ysel=vs1, vs1=3

// 6. An unread scalar-read field holds a register number.
{ v0: vadd v1, v2, v3 }
{ v0: vadd v1, v2, v3 } .encoding vs2=17

// 7. An unselected port still holds a vector register number.
{ v1: vadd v1, v2, 9 }
{ v1: vadd v1, v2, 9 } .encoding port.v1.y=30

// 8. A lane other than the canonical one.
{ vls: vst v7, [s1 + 64] }
{ vls: vst v7, [s1 + 64] } .encoding vls.osel=lo(imm5), imm5=64

// 9. One mnemonic, two forms: vld with a zero offset or without an offset.
{ vls: vld v1, [s2] }
{ vls: vld v1, [s2] } .encoding vls.opcode=0x2

// 10. An unread register field of the form (simm.s32 does not read sy).
{ s0: simm.s32 s1, 7 }
{ s0: simm.s32 s1, 7 } .encoding s0.sy=9
