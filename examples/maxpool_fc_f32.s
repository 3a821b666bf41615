@ maxpool_fc_f32.s: 2x2 max pooling of an f32 feature map (VMAXNM), then an f32 fully connected layer.
@
@ Armv8.1-M with MVE (floating-point Helium: VLDRW/VSTRW, VMAXNM, VMUL and VADD by scalar, VMAXNMV; DLS/LE and DLSTP/LETP). The same source runs under QEMU's Cortex-M55,
@   arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib -Wl,-Ttext=0 \
@       examples/maxpool_fc_f32.s -o maxpool_fc_f32.elf
@   qemu-system-arm -M mps3-an547 -nographic -semihosting-config enable=on,target=native -kernel maxpool_fc_f32.elf
@ and under `mlisa run --target mve examples/maxpool_fc_f32.s`; both print the same
@ lines (docs/mve.md, "Examples"; `mlisa verify --target mve --suite examples`
@ compares them). Code and read-only data sit in ITCM from address 0, the
@ vector table first; results and the text buffer are in DTCM at fixed
@ addresses: pooled values 0x20001000, outputs 0x20001100, text 0x20002000.
@
@ The data: input[k] = ((k*37 mod 101) - 50)/8 (k = (h*6 + w)*4 + c) except
@ input[17], a quiet NaN; W[i][j] = (((i*10 + j)*29 mod 97) - 48)/16;
@ bias[j] = (j - 5)/2. All exact in f32.
    .syntax unified
    .thumb
    .text
    .global _start

vectors:
    .word 0x20080000            @ initial SP: the top of DTCM
    .word _start + 1            @ reset
    .word fault + 1             @ NMI
    .word fault + 1             @ HardFault
    .word fault + 1             @ MemManage
    .word fault + 1             @ BusFault
    .word fault + 1             @ UsageFault

    .thumb_func
fault:                          @ any fault: SYS_EXIT with RunTimeErrorUnknown
    movs r0, #0x18
    movw r1, #0x0024
    movt r1, #0x0002
    bkpt 0xab

    .thumb_func
_start:
    @ CPACR (0xE000ED88): CP10 and CP11 full access before any FP or MVE
    @ instruction, then the barriers that make it take effect.
    movw r0, #0xed88
    movt r0, #0xe000
    movs r1, #0
    movt r1, #0x00f0
    str r1, [r0]
    dsb
    isb

    @ ---- 2x2 max pooling, stride 2: a 6x6 map of 4 f32 channels (HWC) to
    @ 3x3x4, with VMAXNM.F32 (a quiet NaN loses to a number). The three
    @ windows of a row are a DLS/LE loop; r6 counts the rows.
    movw r1, #:lower16:input
    movt r1, #:upper16:input
    movw r2, #0x1000
    movt r2, #0x2000            @ pooled[36] at 0x20001000
    movs r6, #3
pool_rows:
    movs r3, #3
    dls lr, r3
pool_window:
    vldrw.u32 q1, [r1, #16]     @ (2y, 2x+1)
    vldrw.u32 q2, [r1, #96]     @ (2y+1, 2x)
    vldrw.u32 q3, [r1, #112]    @ (2y+1, 2x+1)
    vldrw.u32 q0, [r1], #32     @ (2y, 2x), and on to the next window
    vmaxnm.f32 q0, q0, q1
    vmaxnm.f32 q2, q2, q3
    vmaxnm.f32 q0, q0, q2
    vstrw.32 q0, [r2], #16
    le lr, pool_window
    adds r1, r1, #96            @ past the odd input row
    subs r6, r6, #1
    bne pool_rows

    @ ---- fully connected: out[j] = bias[j] + sum_i pooled[i] * W[i][j], 36
    @ inputs, 10 outputs, the weights stored input-major (W[i][0..9]). Four
    @ neurons at a time in the lanes of q0: a tail-predicated loop over the 10
    @ neurons (DLSTP.32/LETP: 4, 4, then 2 lanes), and inside it a counted
    @ loop over the inputs: q0 += W[i][j..j+3] * pooled[i] (VMUL by a scalar,
    @ then VADD; each rounded). Tail predication masks every vector
    @ instruction of the last iteration, the inner loop's too.
    movw r5, #:lower16:weights
    movt r5, #:upper16:weights
    movw r6, #:lower16:bias
    movt r6, #:upper16:bias
    movw r7, #0x1100
    movt r7, #0x2000            @ out[10] at 0x20001100
    movs r3, #10
    dlstp.32 lr, r3
fc_block:
    vldrw.u32 q0, [r6], #16     @ the biases of the block
    movw r1, #0x1000
    movt r1, #0x2000
    mov r2, r5
    movs r4, #36
fc_input:
    ldr r3, [r1]
    adds r1, r1, #4
    vldrw.u32 q1, [r2], #40     @ W[i][j..j+3]; the next input's row
    vmul.f32 q1, q1, r3
    vadd.f32 q0, q0, q1
    subs r4, r4, #1
    bne fc_input
    vstrw.32 q0, [r7], #16
    adds r5, r5, #16
    letp lr, fc_block

    @ ---- the largest output: VMAXNMV.F32 over the 10 words from -infinity,
    @ tail-predicated (4, 4, then 2 lanes).
    movw r1, #0x1100
    movt r1, #0x2000
    movs r0, #0
    movt r0, #0xff80
    movs r3, #10
    dlstp.32 lr, r3
fc_max:
    vldrw.u32 q0, [r1], #16
    vmaxnmv.f32 r0, q0
    letp lr, fc_max
    mov r8, r0

    @ ---- print the 9 words of the pooled map, the 10 outputs and the maximum;
    @ then SYS_EXIT (ADP_Stopped_ApplicationExit).
    movw r5, #0x1000
    movt r5, #0x2000
    movs r6, #9
print_pooled:
    ldr r0, [r5]
    adds r5, r5, #4
    bl print_hex
    subs r6, r6, #1
    bne print_pooled
    movw r5, #0x1100
    movt r5, #0x2000
    movs r6, #10
print_outputs:
    ldr r0, [r5]
    adds r5, r5, #4
    bl print_hex
    subs r6, r6, #1
    bne print_outputs
    mov r0, r8
    bl print_hex
    movs r0, #0x18              @ SYS_EXIT
    movw r1, #0x0026
    movt r1, #0x0002            @ ADP_Stopped_ApplicationExit
    bkpt 0xab

@ print_hex: R0 as eight hex digits and a newline, through SYS_WRITE0. Only
@ additions, subtractions and compares: a digit counts how many times its
@ place value (the table hex_places) can be subtracted. Clobbers r0-r4;
@ returns with BX LR (it is called outside the loops, which own LR).
    .thumb_func
print_hex:
    movw r1, #0x2000
    movt r1, #0x2000            @ the text buffer, 0x20002000
    movw r4, #:lower16:hex_places
    movt r4, #:upper16:hex_places
next_digit:
    ldr r2, [r4]
    adds r4, r4, #4
    cmp r2, #0
    beq digits_done
    movs r3, #48                @ '0'
count:
    cmp r0, r2
    blo counted                 @ unsigned: what is left is below the place
    subs r0, r0, r2
    adds r3, r3, #1
    b count
counted:
    cmp r3, #58
    blo decimal_digit
    adds r3, r3, #39            @ 10 -> 'a'
decimal_digit:
    str r3, [r1]                @ the digit and three NULs (an unaligned word store)
    adds r1, r1, #1
    b next_digit
digits_done:
    movs r3, #10
    str r3, [r1]                @ the newline and the terminator
    movs r0, #4                 @ SYS_WRITE0
    movw r1, #0x2000
    movt r1, #0x2000
    bkpt 0xab
    bx lr

    .align 2
hex_places:
    .word 0x10000000, 0x01000000, 0x00100000, 0x00010000
    .word 0x00001000, 0x00000100, 0x00000010, 0x00000001, 0

    .align 2
input:                          @ 6x6x4 f32, HWC
    .word 0xc0c80000, 0xbfd00000, 0x40400000, 0xc0a00000, 0xbec00000, 0x40880000
    .word 0xc0700000, 0x3f600000, 0x40b00000, 0xc0200000, 0x40080000, 0xc0bc0000
    .word 0xbfa00000, 0x40580000, 0xc0940000, 0x00000000, 0x40940000, 0x7fc00000
    .word 0x3fa00000, 0x40bc0000, 0xc0080000, 0x40200000, 0xc0b00000, 0xbf600000
    .word 0x40700000, 0xc0880000, 0x3ec00000, 0x40a00000, 0xc0400000, 0x3fd00000
    .word 0x40c80000, 0xbfe00000, 0x40380000, 0xc0a40000, 0xbf000000, 0x40840000
    .word 0xc0780000, 0x3f400000, 0x40ac0000, 0xc0280000, 0x40000000, 0xc0c00000
    .word 0xbfb00000, 0x40500000, 0xc0980000, 0xbe000000, 0x40900000, 0xc0600000
    .word 0x3f900000, 0x40b80000, 0xc0100000, 0x40180000, 0xc0b40000, 0xbf800000
    .word 0x40680000, 0xc08c0000, 0x3e800000, 0x409c0000, 0xc0480000, 0x3fc00000
    .word 0x40c40000, 0xbff00000, 0x40300000, 0xc0a80000, 0xbf200000, 0x40800000
    .word 0xc0800000, 0x3f200000, 0x40a80000, 0xc0300000, 0x3ff00000, 0xc0c40000
    .word 0xbfc00000, 0x40480000, 0xc09c0000, 0xbe800000, 0x408c0000, 0xc0680000
    .word 0x3f800000, 0x40b40000, 0xc0180000, 0x40100000, 0xc0b80000, 0xbf900000
    .word 0x40600000, 0xc0900000, 0x3e000000, 0x40980000, 0xc0500000, 0x3fb00000
    .word 0x40c00000, 0xc0000000, 0x40280000, 0xc0ac0000, 0xbf400000, 0x40780000
    .word 0xc0840000, 0x3f000000, 0x40a40000, 0xc0380000, 0x3fe00000, 0xc0c80000
    .word 0xbfd00000, 0x40400000, 0xc0a00000, 0xbec00000, 0x40880000, 0xc0700000
    .word 0x3f600000, 0x40b00000, 0xc0200000, 0x40080000, 0xc0bc0000, 0xbfa00000
    .word 0x40580000, 0xc0940000, 0x00000000, 0x40940000, 0xc0580000, 0x3fa00000
    .word 0x40bc0000, 0xc0080000, 0x40200000, 0xc0b00000, 0xbf600000, 0x40700000
    .word 0xc0880000, 0x3ec00000, 0x40a00000, 0xc0400000, 0x3fd00000, 0x40c80000
    .word 0xbfe00000, 0x40380000, 0xc0a40000, 0xbf000000, 0x40840000, 0xc0780000
    .word 0x3f400000, 0x40ac0000, 0xc0280000, 0x40000000, 0xc0c00000, 0xbfb00000
    .align 2
weights:                        @ 36x10 f32, W[i][j]
    .word 0xc0400000, 0xbf980000, 0x3f200000, 0x401c0000, 0xbfe80000
    .word 0x00000000, 0x3fe80000, 0xc01c0000, 0xbf200000, 0x3f980000
    .word 0x40400000, 0xbfa00000, 0x3f100000, 0x40180000, 0xbff00000
    .word 0xbd800000, 0x3fe00000, 0xc0200000, 0xbf300000, 0x3f900000
    .word 0x403c0000, 0xbfa80000, 0x3f000000, 0x40140000, 0xbff80000
    .word 0xbe000000, 0x3fd80000, 0xc0240000, 0xbf400000, 0x3f880000
    .word 0x40380000, 0xbfb00000, 0x3ee00000, 0x40100000, 0xc0000000
    .word 0xbe400000, 0x3fd00000, 0xc0280000, 0xbf500000, 0x3f800000
    .word 0x40340000, 0xbfb80000, 0x3ec00000, 0x400c0000, 0xc0040000
    .word 0xbe800000, 0x3fc80000, 0xc02c0000, 0xbf600000, 0x3f700000
    .word 0x40300000, 0xbfc00000, 0x3ea00000, 0x40080000, 0xc0080000
    .word 0xbea00000, 0x3fc00000, 0xc0300000, 0xbf700000, 0x3f600000
    .word 0x402c0000, 0xbfc80000, 0x3e800000, 0x40040000, 0xc00c0000
    .word 0xbec00000, 0x3fb80000, 0xc0340000, 0xbf800000, 0x3f500000
    .word 0x40280000, 0xbfd00000, 0x3e400000, 0x40000000, 0xc0100000
    .word 0xbee00000, 0x3fb00000, 0xc0380000, 0xbf880000, 0x3f400000
    .word 0x40240000, 0xbfd80000, 0x3e000000, 0x3ff80000, 0xc0140000
    .word 0xbf000000, 0x3fa80000, 0xc03c0000, 0xbf900000, 0x3f300000
    .word 0x40200000, 0xbfe00000, 0x3d800000, 0x3ff00000, 0xc0180000
    .word 0xbf100000, 0x3fa00000, 0xc0400000, 0xbf980000, 0x3f200000
    .word 0x401c0000, 0xbfe80000, 0x00000000, 0x3fe80000, 0xc01c0000
    .word 0xbf200000, 0x3f980000, 0x40400000, 0xbfa00000, 0x3f100000
    .word 0x40180000, 0xbff00000, 0xbd800000, 0x3fe00000, 0xc0200000
    .word 0xbf300000, 0x3f900000, 0x403c0000, 0xbfa80000, 0x3f000000
    .word 0x40140000, 0xbff80000, 0xbe000000, 0x3fd80000, 0xc0240000
    .word 0xbf400000, 0x3f880000, 0x40380000, 0xbfb00000, 0x3ee00000
    .word 0x40100000, 0xc0000000, 0xbe400000, 0x3fd00000, 0xc0280000
    .word 0xbf500000, 0x3f800000, 0x40340000, 0xbfb80000, 0x3ec00000
    .word 0x400c0000, 0xc0040000, 0xbe800000, 0x3fc80000, 0xc02c0000
    .word 0xbf600000, 0x3f700000, 0x40300000, 0xbfc00000, 0x3ea00000
    .word 0x40080000, 0xc0080000, 0xbea00000, 0x3fc00000, 0xc0300000
    .word 0xbf700000, 0x3f600000, 0x402c0000, 0xbfc80000, 0x3e800000
    .word 0x40040000, 0xc00c0000, 0xbec00000, 0x3fb80000, 0xc0340000
    .word 0xbf800000, 0x3f500000, 0x40280000, 0xbfd00000, 0x3e400000
    .word 0x40000000, 0xc0100000, 0xbee00000, 0x3fb00000, 0xc0380000
    .word 0xbf880000, 0x3f400000, 0x40240000, 0xbfd80000, 0x3e000000
    .word 0x3ff80000, 0xc0140000, 0xbf000000, 0x3fa80000, 0xc03c0000
    .word 0xbf900000, 0x3f300000, 0x40200000, 0xbfe00000, 0x3d800000
    .word 0x3ff00000, 0xc0180000, 0xbf100000, 0x3fa00000, 0xc0400000
    .word 0xbf980000, 0x3f200000, 0x401c0000, 0xbfe80000, 0x00000000
    .word 0x3fe80000, 0xc01c0000, 0xbf200000, 0x3f980000, 0x40400000
    .word 0xbfa00000, 0x3f100000, 0x40180000, 0xbff00000, 0xbd800000
    .word 0x3fe00000, 0xc0200000, 0xbf300000, 0x3f900000, 0x403c0000
    .word 0xbfa80000, 0x3f000000, 0x40140000, 0xbff80000, 0xbe000000
    .word 0x3fd80000, 0xc0240000, 0xbf400000, 0x3f880000, 0x40380000
    .word 0xbfb00000, 0x3ee00000, 0x40100000, 0xc0000000, 0xbe400000
    .word 0x3fd00000, 0xc0280000, 0xbf500000, 0x3f800000, 0x40340000
    .word 0xbfb80000, 0x3ec00000, 0x400c0000, 0xc0040000, 0xbe800000
    .word 0x3fc80000, 0xc02c0000, 0xbf600000, 0x3f700000, 0x40300000
    .word 0xbfc00000, 0x3ea00000, 0x40080000, 0xc0080000, 0xbea00000
    .word 0x3fc00000, 0xc0300000, 0xbf700000, 0x3f600000, 0x402c0000
    .word 0xbfc80000, 0x3e800000, 0x40040000, 0xc00c0000, 0xbec00000
    .word 0x3fb80000, 0xc0340000, 0xbf800000, 0x3f500000, 0x40280000
    .word 0xbfd00000, 0x3e400000, 0x40000000, 0xc0100000, 0xbee00000
    .word 0x3fb00000, 0xc0380000, 0xbf880000, 0x3f400000, 0x40240000
    .word 0xbfd80000, 0x3e000000, 0x3ff80000, 0xc0140000, 0xbf000000
    .word 0x3fa80000, 0xc03c0000, 0xbf900000, 0x3f300000, 0x40200000
    .word 0xbfe00000, 0x3d800000, 0x3ff00000, 0xc0180000, 0xbf100000
    .word 0x3fa00000, 0xc0400000, 0xbf980000, 0x3f200000, 0x401c0000
    .word 0xbfe80000, 0x00000000, 0x3fe80000, 0xc01c0000, 0xbf200000
    .word 0x3f980000, 0x40400000, 0xbfa00000, 0x3f100000, 0x40180000
    .word 0xbff00000, 0xbd800000, 0x3fe00000, 0xc0200000, 0xbf300000
    .word 0x3f900000, 0x403c0000, 0xbfa80000, 0x3f000000, 0x40140000
    .word 0xbff80000, 0xbe000000, 0x3fd80000, 0xc0240000, 0xbf400000
    .word 0x3f880000, 0x40380000, 0xbfb00000, 0x3ee00000, 0x40100000
    .word 0xc0000000, 0xbe400000, 0x3fd00000, 0xc0280000, 0xbf500000
    .word 0x3f800000, 0x40340000, 0xbfb80000, 0x3ec00000, 0x400c0000
    .word 0xc0040000, 0xbe800000, 0x3fc80000, 0xc02c0000, 0xbf600000
    .word 0x3f700000, 0x40300000, 0xbfc00000, 0x3ea00000, 0x40080000
    .word 0xc0080000, 0xbea00000, 0x3fc00000, 0xc0300000, 0xbf700000
    .word 0x3f600000, 0x402c0000, 0xbfc80000, 0x3e800000, 0x40040000
    .word 0xc00c0000, 0xbec00000, 0x3fb80000, 0xc0340000, 0xbf800000
    .align 2
bias:                           @ 10 f32
    .word 0xc0200000, 0xc0000000, 0xbfc00000, 0xbf800000, 0xbf000000
    .word 0x00000000, 0x3f000000, 0x3f800000, 0x3fc00000, 0x40000000
