# The gdb session of tests/cli/gdb_test.cpp on tests/targets/data/sme2_program.s
# under `mlisa run --target sme2 --svl 512 --gdb`.
set pagination off
set confirm off
# SMSTOP, three instructions before print_loop: still in Streaming mode.
break *((char *) print_loop - 12)
continue
print/x $svcr
print/x $x3
print $vg
print/x $z0.s.u
print/x $p1
set var $x9 = 0x12345678abcdef
print/x $x9
stepi
print/x $svcr
break *print_loop
continue
x/4wx $x22
print $vg
# Registers that are views of the machine's: cpsr the low 32 bits of NZCV,
# fpcr of FPCR, za the array vectors row after row.
set var $cpsr = 0x60000000
print/x $cpsr
set var $fpcr = 0x2000000
print/x $fpcr
set var $za[69] = 0x7f
print/x $za[69]
stepi
print/x $cpsr
print/x $fpcr
delete
continue
