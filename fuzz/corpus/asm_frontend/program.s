# a small tcore program
        .text
        .global entry
entry:
        { s0: sadd s1, s2, 7; s1: simm.s32 s3, 0 }
loop:   { s0: ssub s1, s1, 1; v0: vadd v1, v2, s3; v1: vmul v4, v5, s3 }
        { vls: vld v6, [s4 + 256, st=1]; misc: (p2) br loop }
        {
          s0: simm.w s5, 0x12345678
          mxu: tmul l0c[s3], l0a[s2], rows=s7, acc=1
          dma: dma.ld l0b[s7], [s6], rows=s8, stride=s9
        }
        { s0: simm.s32 s0, 0 } .encoding s0.ysel=lo(imm0)
        { misc: halt }
