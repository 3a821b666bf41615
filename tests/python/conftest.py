# The module comes from the build tree (ctest and `make test` set PYTHONPATH
# to build/release/python) or from an installed package (pip install .).
import os
import shutil
import subprocess

import pytest

import mlisa  # noqa: F401  (a missing module fails every test at collection)


def pytest_report_header(config):
    return f"mlisa module: {mlisa.__file__}"


@pytest.fixture(scope="session")
def llvm_mc():
    """Encodes one instruction per line with llvm-mc-19; returns bytes per line."""
    exe = shutil.which("llvm-mc-19")
    if exe is None:
        pytest.skip("llvm-mc-19 not installed (scripts/bootstrap installs it)")

    def encode(triple, mattr, lines):
        out = subprocess.run([exe, f"-triple={triple}", f"-mattr={mattr}", "-show-encoding"],
                             input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
        result = []
        for line in out.splitlines():
            if "encoding: [" in line:
                inner = line.split("encoding: [", 1)[1].split("]", 1)[0]
                result.append(bytes(int(b, 16) for b in inner.split(",")))
        assert len(result) == len(lines), out
        return result

    return encode


@pytest.fixture(scope="session")
def source_dir():
    return os.environ.get("MLISA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
