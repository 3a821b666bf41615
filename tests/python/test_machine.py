# The mve and sme2 machines: registers, lanes, memory, programs, faults.
# Expected values are worked by hand from the Arm manuals (register aliasing,
# APSR bit positions, the instructions' arithmetic) or computed by Python.
import os

import pytest

import mlisa

SYS_EXIT = """
  movs r0, #0x18
  movw r1, #0x0026
  movt r1, #0x2
  bkpt 0xab
"""  # semihosting SYS_EXIT, ADP_Stopped_ApplicationExit: status 0


@pytest.fixture
def mve():
    return mlisa.MveMachine()


@pytest.fixture
def sme2():
    return mlisa.Sme2Machine(svl=512)


def test_machine_factory():
    assert isinstance(mlisa.machine("mve"), mlisa.MveMachine)
    assert mlisa.machine("sme2", svl=256).svl == 256
    assert isinstance(mlisa.machine("tcore", memory=4096), mlisa.TcoreMachine)


def test_registers_are_ints(mve):
    mve["r3"] = 0xDEADBEEF
    assert mve["r3"] == 0xDEADBEEF and mve.get("R3") == 0xDEADBEEF
    mve.set("r4", -1)  # two's complement
    assert mve["r4"] == 0xFFFFFFFF
    assert mve.width("q0") == 128 and mve.width("d0") == 64 and mve.width("vpr") == 32


def test_q_registers_alias_s_and_d(mve):
    # Q0 is D1:D0 and S3:S2:S1:S0 (Armv8-M, the FP extension register file).
    for i, v in enumerate([0x11111111, 0x22222222, 0x33333333, 0x44444444]):
        mve[f"s{i}"] = v
    assert mve["d0"] == 0x2222222211111111
    assert mve["q0"] == 0x44444444333333332222222211111111
    assert mve.lanes("q0", 32) == [0x11111111, 0x22222222, 0x33333333, 0x44444444]
    assert mve.lanes("q0", 8) == [0x11] * 4 + [0x22] * 4 + [0x33] * 4 + [0x44] * 4
    mve.set_lanes("q1", 16, [-1, 2, -3, 4, -5, 6, -7, 8])
    assert mve.lanes("q1", 16, signed=True) == [-1, 2, -3, 4, -5, 6, -7, 8]
    assert mve["s4"] == 0x0002FFFF


def test_execute_adds_sets_flags(mve):
    mve["r1"] = 0xFFFFFFFF
    mve["r2"] = 1
    mve.execute("adds r0, r1, r2")
    # 0xFFFFFFFF + 1 = 0 with a carry out: Z (bit 30) and C (bit 29).
    assert mve["r0"] == 0
    assert mve["apsr"] >> 28 == 0b0110
    assert mve.pc == 2 and mve.instructions == 1


def test_execute_vadd_lanes(mve):
    mve.set_lanes("q1", 32, [1, 2, 0xFFFFFFFF, 0x7FFFFFFF])
    mve.set_lanes("q2", 32, [10, 20, 1, 1])
    mve.execute("vadd.i32 q0, q1, q2")
    assert mve.lanes("q0", 32) == [11, 22, 0, 0x80000000]


def test_memory_bytes(mve):
    mve.write(0x20000010, b"\x01\x02\x03\x04")
    assert mve.read(0x20000010, 4) == b"\x01\x02\x03\x04"
    mve["r1"] = 0x20000010
    mve.execute("ldr r0, [r1]")
    assert mve["r0"] == 0x04030201  # little-endian
    assert ("DTCM" in [r[0] for r in mve.regions()]) or len(mve.regions()) == 2


def test_program_semihosting_output_and_exit(mve):
    mve.load_source("""
  .text
  .globl _start
_start:
  movs r0, #4            @ SYS_WRITE0
  movw r1, #:lower16:msg
  movt r1, #:upper16:msg
  bkpt 0xab
""" + SYS_EXIT + """
  .data
msg: .asciz "hello from mve\\n"
""")
    assert mve.exit_status is None
    assert mve.run() == 0
    assert mve.output == "hello from mve\n"
    assert mve.exit_status == 0
    assert mve.instructions == 8


def test_step(mve):
    mve.load_source("_start:\n movs r0, #5\n adds r0, r0, #3\n" + SYS_EXIT)
    mve.step()
    assert mve["r0"] == 5 and mve.pc == 2
    mve.step(1)
    assert mve["r0"] == 8
    mve.step(100)  # stops at the exit
    assert mve.exit_status == 0


def test_load_file(mve, tmp_path):
    src = tmp_path / "p.s"
    src.write_text("_start:\n movs r2, #7\n" + SYS_EXIT)
    mve.load(str(src))
    assert mve.run(100) == 0 and mve["r2"] == 7
    with pytest.raises(mlisa.InputError, match="cannot read"):
        mve.load(str(tmp_path / "missing.s"))


def test_faults_carry_name_and_pc(mve):
    with pytest.raises(mlisa.Fault) as e:
        mve.execute("udf #0")
    assert e.value.name == "UsageFault (UNDEFINSTR)" and e.value.pc == 0
    assert isinstance(e.value, mlisa.Error)

    m = mlisa.MveMachine()
    # 0x02000000 is in none of the board's memories: a precise BusFault at the LDR (PC 4).
    m.load_source("_start:\n movs r1, #1\n lsls r1, r1, #25\n ldr r0, [r1]\n" + SYS_EXIT)
    with pytest.raises(mlisa.Fault) as e:
        m.run()
    assert e.value.name == "BusFault (PRECISERR)" and e.value.pc == 4


def test_fp_disabled_is_nocp():
    m = mlisa.MveMachine(fp_enabled=False)
    with pytest.raises(mlisa.Fault, match="NOCP") as e:
        m.execute("vadd.f32 s0, s1, s2")
    assert e.value.name == "UsageFault (NOCP)"


def test_step_limit(mve):
    mve.load_source("_start:\n b _start\n")
    with pytest.raises(mlisa.Fault) as e:
        mve.run(max_steps=50)
    assert e.value.name == "step limit" and mve.instructions == 50 and e.value.pc == 0


def test_reset(mve):
    mve["r0"] = 1
    mve.write(0x20000000, b"x")
    mve.reset()
    assert mve["r0"] == 0 and mve.read(0x20000000, 1) == b"\0"


def test_bad_arguments_raise(mve):
    with pytest.raises(ValueError, match="unknown mve register 'r16'"):
        mve["r16"]
    with pytest.raises(ValueError, match="unknown mve register 'q8'"):
        mve.set("q8", 0)
    with pytest.raises(ValueError, match="does not fit 32 bits"):
        mve["r0"] = 1 << 32
    with pytest.raises(ValueError, match="does not fit 32 bits"):
        mve["r0"] = -(1 << 31) - 1
    with pytest.raises(TypeError):
        mve["r0"] = "1"
    with pytest.raises(TypeError):
        mve["r0"] = 1.5
    with pytest.raises(ValueError, match="lane size 7"):
        mve.lanes("q0", 7)
    with pytest.raises(ValueError, match="not a whole number of 64-bit lanes"):
        mve.lanes("r0", 64)
    with pytest.raises(ValueError, match="16 lanes of 8 bits, got 3"):
        mve.set_lanes("q0", 8, [1, 2, 3])
    with pytest.raises(ValueError, match="q0 lane 1"):
        mve.set_lanes("q0", 32, [0, 1 << 32, 0, 0])
    with pytest.raises(ValueError, match="no memory at 0x2000000"):
        mve.read(0x02000000, 4)
    with pytest.raises(ValueError, match="no memory"):
        mve.write(0x2007FFFF, b"ab")  # crosses the end of DTCM
    with pytest.raises(TypeError):
        mve.read(-1, 4)
    with pytest.raises(mlisa.InputError):
        mve.execute("frob r0")


def test_sme2_registers(sme2):
    assert sme2.width("z0") == 512 and sme2.width("p0") == 64 and sme2.width("x0") == 64
    sme2["x0"] = 0x1122334455667788
    assert sme2["w0"] == 0x55667788
    sme2.set_lanes("z1", 32, list(range(16)))
    assert sme2.lanes("z1", 32) == list(range(16))
    assert sme2["z1"] == sum(i << (32 * i) for i in range(16))
    with pytest.raises(ValueError, match="unknown sme2 register 'x31'"):
        sme2["x31"]


def test_sme2_program(sme2):
    sme2.load_source("""
  .text
  .globl _start
_start:
  adr x1, msg
  mov x0, #1
  mov x2, #6
  mov x8, #64     // write(1, msg, 6)
  svc #0
  mov x0, #42
  mov x8, #93     // exit(42)
  svc #0
msg: .ascii "hello\\n"
""")
    assert sme2.pc == 0x400000
    sme2.step(2)
    assert sme2["x0"] == 1 and sme2.pc == 0x400008
    assert sme2.run() == 42
    assert sme2.output == "hello\n" and sme2.exit_status == 42 and sme2.instructions == 8


def test_sme2_fault(sme2):
    sme2.load_source("_start:\n mov x1, #16\n ldr x0, [x1]\n")
    with pytest.raises(mlisa.Fault) as e:
        sme2.run()
    assert e.value.name.startswith("DataAbort") and e.value.pc == 0x400004


@pytest.mark.parametrize("target", ["mve", "sme2"])
def test_ctrl_c_stops_a_long_run(target):
    # A signal that arrives during a run (here SIGALRM from a timer, handled
    # as Ctrl-C is) is seen between two chunks of the run: KeyboardInterrupt,
    # and the machine is still usable.
    import signal

    m = mlisa.machine(target)
    m.load_source("_start:\n b _start\n")
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            m.run(max_steps=10**12)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert m.instructions > 0
    m.step()
