# The Python module through CMake: pip install . configures build/pip with
# the layers and the module only (no tests, benchmarks or fuzzers), builds the
# target mlisa_python and installs the extension file it makes (docs/python.md).
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.path.join(ROOT, "build", "pip")
        jobs = os.environ.get("MLISA_JOBS", "2")
        subprocess.run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                        "-DMLISA_BUILD_PYTHON=ON", "-DMLISA_BUILD_TESTS=OFF", "-DMLISA_BUILD_BENCH=OFF",
                        f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", build, "-j", jobs, "--target", "mlisa_python"], check=True)
        built = [f for f in os.listdir(os.path.join(build, "python")) if f.startswith("mlisa.") and f.endswith(".so")]
        if not built:
            raise RuntimeError("cmake built no mlisa module (is pybind11-dev installed? scripts/bootstrap)")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(build, "python", built[0]), target)


setup(ext_modules=[Extension("mlisa", sources=[])], cmdclass={"build_ext": CMakeBuild})
