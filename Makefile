# Entry points for people and CI. Everything builds with CMake presets
# (CMakePresets.json) and at most two parallel jobs.
#
#   make run    build the release binary and run the verification campaign
#   make test   build the release binary and run every test suite
#   make bench  build and run the benchmarks
#   make asan   build and test with AddressSanitizer + UBSan
#   make clean  remove the build trees

JOBS    ?= 2
CMAKE   ?= cmake
CTEST   ?= ctest
REPORT  ?= build/report

.PHONY: all run test bench asan debug bootstrap configure-release build-release clean

all: build-release

# scripts/bootstrap checks dpkg first and returns at once when nothing is missing.
bootstrap:
	@scripts/bootstrap

configure-release: bootstrap
	$(CMAKE) --preset release

build-release: configure-release
	$(CMAKE) --build --preset release -j $(JOBS)

run: build-release
	build/release/mlisa verify --report $(REPORT)

test: build-release
	$(CTEST) --preset release -j $(JOBS)

bench: configure-release
	$(CMAKE) --build --preset release -j $(JOBS) --target mlisa_bench
	build/release/bench/mlisa_bench

asan: bootstrap
	$(CMAKE) --preset asan
	$(CMAKE) --build --preset asan -j $(JOBS)
	$(CTEST) --preset asan -j $(JOBS)

debug: bootstrap
	$(CMAKE) --preset debug
	$(CMAKE) --build --preset debug -j $(JOBS)

clean:
	rm -rf build/release build/debug build/asan $(REPORT)
