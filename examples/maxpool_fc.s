@ maxpool_fc.s: 2x2 max pooling of an int8 feature map, then an int8 fully connected layer.
@
@ Armv8.1-M with MVE (integer Helium: VLDRB/VSTRB widening and narrowing, VMAX, VMLADAVA, VMAXV; DLS/LE and DLSTP/LETP). The same source runs under QEMU's Cortex-M55,
@   arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib -Wl,-Ttext=0 \
@       examples/maxpool_fc.s -o maxpool_fc.elf
@   qemu-system-arm -M mps3-an547 -nographic -semihosting-config enable=on,target=native -kernel maxpool_fc.elf
@ and under `mlisa run --target mve examples/maxpool_fc.s`; both print the same
@ lines (docs/mve.md, "Examples"; `mlisa verify --target mve --suite examples`
@ compares them). Code and read-only data sit in ITCM from address 0, the
@ vector table first; results and the text buffer are in DTCM at fixed
@ addresses: pooled values 0x20001000, outputs 0x20001100, text 0x20002000.
@
@ The data: input[k] = k*37 mod 251 - 125 (k = (h*6 + w)*4 + c), W[j][i] =
@ (j*36 + i)*53 mod 241 - 120, bias[j] = 1000*j - 4321.
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

    @ ---- 2x2 max pooling, stride 2: a 6x6 map of 4 int8 channels (HWC) to
    @ 3x3x4. A pixel's four channels are widened to 32-bit lanes (VLDRB.S32),
    @ a window's four pixels folded with VMAX.S32 and the result narrowed back
    @ to bytes (VSTRB.32). The three windows of a row are a DLS/LE loop; r6
    @ counts the rows.
    movw r1, #:lower16:input
    movt r1, #:upper16:input
    movw r2, #0x1000
    movt r2, #0x2000            @ pooled[36] at 0x20001000
    movs r6, #3
pool_rows:
    movs r3, #3
    dls lr, r3
pool_window:
    vldrb.s32 q1, [r1, #4]      @ (2y, 2x+1)
    vldrb.s32 q2, [r1, #24]     @ (2y+1, 2x)
    vldrb.s32 q3, [r1, #28]     @ (2y+1, 2x+1)
    vldrb.s32 q0, [r1], #8      @ (2y, 2x), and on to the next window
    vmax.s32 q0, q0, q1
    vmax.s32 q2, q2, q3
    vmax.s32 q0, q0, q2
    vstrb.32 q0, [r2], #4
    le lr, pool_window
    adds r1, r1, #24            @ past the odd input row
    subs r6, r6, #1
    bne pool_rows

    @ ---- fully connected: out[j] = bias[j] + sum_i W[j][i] * pooled[i], 36
    @ int8 inputs, 10 int32 outputs. Each dot product is a tail-predicated
    @ loop over the 36 bytes (DLSTP.8/LETP: 16, 16, then 4 active lanes) of
    @ VMLADAVA.S8 into r0, which starts from the bias.
    movw r5, #:lower16:weights
    movt r5, #:upper16:weights
    movw r6, #:lower16:bias
    movt r6, #:upper16:bias
    movw r7, #0x1100
    movt r7, #0x2000            @ out[10] at 0x20001100
    movs r4, #10
fc_neuron:
    ldr r0, [r6]
    adds r6, r6, #4
    movw r1, #0x1000
    movt r1, #0x2000
    mov r2, r5                  @ this neuron's weight row
    movs r3, #36
    dlstp.8 lr, r3
fc_dot:
    vldrb.u8 q0, [r1], #16
    vldrb.u8 q1, [r2], #16
    vmladava.s8 r0, q0, q1
    letp lr, fc_dot
    str r0, [r7]
    adds r7, r7, #4
    adds r5, r5, #36
    subs r4, r4, #1
    bne fc_neuron

    @ ---- the largest output: VMAXV.S32 over the 10 words from INT32_MIN,
    @ tail-predicated (4, 4, then 2 lanes).
    movw r1, #0x1100
    movt r1, #0x2000
    movs r0, #0
    movt r0, #0x8000
    movs r3, #10
    dlstp.32 lr, r3
fc_max:
    vldrw.u32 q0, [r1], #16
    vmaxv.s32 r0, q0
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
input:                          @ 6x6x4 int8, HWC
    .byte -125, -88, -51, -14, 23, 60, 97, -117, -80, -43, -6, 31
    .byte 68, 105, -109, -72, -35, 2, 39, 76, 113, -101, -64, -27
    .byte 10, 47, 84, 121, -93, -56, -19, 18, 55, 92, -122, -85
    .byte -48, -11, 26, 63, 100, -114, -77, -40, -3, 34, 71, 108
    .byte -106, -69, -32, 5, 42, 79, 116, -98, -61, -24, 13, 50
    .byte 87, 124, -90, -53, -16, 21, 58, 95, -119, -82, -45, -8
    .byte 29, 66, 103, -111, -74, -37, 0, 37, 74, 111, -103, -66
    .byte -29, 8, 45, 82, 119, -95, -58, -21, 16, 53, 90, -124
    .byte -87, -50, -13, 24, 61, 98, -116, -79, -42, -5, 32, 69
    .byte 106, -108, -71, -34, 3, 40, 77, 114, -100, -63, -26, 11
    .byte 48, 85, 122, -92, -55, -18, 19, 56, 93, -121, -84, -47
    .byte -10, 27, 64, 101, -113, -76, -39, -2, 35, 72, 109, -105
    .align 2
weights:                        @ 10x36 int8, W[j][i]
    .byte -120, -67, -14, 39, 92, -96, -43, 10, 63, 116, -72, -19
    .byte 34, 87, -101, -48, 5, 58, 111, -77, -24, 29, 82, -106
    .byte -53, 0, 53, 106, -82, -29, 24, 77, -111, -58, -5, 48
    .byte 101, -87, -34, 19, 72, -116, -63, -10, 43, 96, -92, -39
    .byte 14, 67, 120, -68, -15, 38, 91, -97, -44, 9, 62, 115
    .byte -73, -20, 33, 86, -102, -49, 4, 57, 110, -78, -25, 28
    .byte 81, -107, -54, -1, 52, 105, -83, -30, 23, 76, -112, -59
    .byte -6, 47, 100, -88, -35, 18, 71, -117, -64, -11, 42, 95
    .byte -93, -40, 13, 66, 119, -69, -16, 37, 90, -98, -45, 8
    .byte 61, 114, -74, -21, 32, 85, -103, -50, 3, 56, 109, -79
    .byte -26, 27, 80, -108, -55, -2, 51, 104, -84, -31, 22, 75
    .byte -113, -60, -7, 46, 99, -89, -36, 17, 70, -118, -65, -12
    .byte 41, 94, -94, -41, 12, 65, 118, -70, -17, 36, 89, -99
    .byte -46, 7, 60, 113, -75, -22, 31, 84, -104, -51, 2, 55
    .byte 108, -80, -27, 26, 79, -109, -56, -3, 50, 103, -85, -32
    .byte 21, 74, -114, -61, -8, 45, 98, -90, -37, 16, 69, -119
    .byte -66, -13, 40, 93, -95, -42, 11, 64, 117, -71, -18, 35
    .byte 88, -100, -47, 6, 59, 112, -76, -23, 30, 83, -105, -52
    .byte 1, 54, 107, -81, -28, 25, 78, -110, -57, -4, 49, 102
    .byte -86, -33, 20, 73, -115, -62, -9, 44, 97, -91, -38, 15
    .byte 68, -120, -67, -14, 39, 92, -96, -43, 10, 63, 116, -72
    .byte -19, 34, 87, -101, -48, 5, 58, 111, -77, -24, 29, 82
    .byte -106, -53, 0, 53, 106, -82, -29, 24, 77, -111, -58, -5
    .byte 48, 101, -87, -34, 19, 72, -116, -63, -10, 43, 96, -92
    .byte -39, 14, 67, 120, -68, -15, 38, 91, -97, -44, 9, 62
    .byte 115, -73, -20, 33, 86, -102, -49, 4, 57, 110, -78, -25
    .byte 28, 81, -107, -54, -1, 52, 105, -83, -30, 23, 76, -112
    .byte -59, -6, 47, 100, -88, -35, 18, 71, -117, -64, -11, 42
    .byte 95, -93, -40, 13, 66, 119, -69, -16, 37, 90, -98, -45
    .byte 8, 61, 114, -74, -21, 32, 85, -103, -50, 3, 56, 109
    .align 2
bias:                           @ 10 int32
    .word -4321, -3321, -2321, -1321, -321
    .word 679, 1679, 2679, 3679, 4679
