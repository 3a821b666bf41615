# The gdb session of tests/cli/gdb_test.cpp, run against `mlisa run --gdb`
# and against QEMU's gdbstub on gdb_mve.elf: both transcripts must be equal.
set pagination off
set confirm off
break *mac
continue
print $pc
print $vpr
print/x $q0.u32
print/x $q1.u32
stepi
print $pc
print $r0
stepi
print/x $q2.u32
print/x $d4
print $s9
print $vpr
print/x $xpsr & 0xf8000000
set var $r5 = 0x12345678
print/x $r5
watch *(int *) 0x20000100
continue
print $r0
x/4wx 0x20000110
delete
continue
