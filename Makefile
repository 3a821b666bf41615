# Entry points for people and CI. Everything builds with CMake presets
# (CMakePresets.json) and at most two parallel jobs.
#
#   make run    build the release binary and run the verification campaign
#   make test   build the release binary and run every test suite (ctest: the
#               gtest suites, pytest over the Python module, the cluster tests)
#   make python build the Python module into build/release/python
#               (PYTHONPATH=build/release/python python3 -c 'import mlisa')
#   make docs   rewrite the generated instruction references, docs/reference (mlisa spec doc)
#   make bench  build and run the benchmarks (ENGINE=compiled|interp: the engine mlisa runs them with)
#   make asan   build and test with AddressSanitizer + UBSan
#   make fuzz   build the libFuzzer targets with clang and run each for FUZZ_SECONDS
#   make clean  remove the build trees

JOBS    ?= 2
CMAKE   ?= cmake
CTEST   ?= ctest
REPORT  ?= build/report
FUZZ_SECONDS ?= 30
ENGINE  ?=
FUZZERS ?= spec_parser_fuzz asm_frontend_fuzz asm_decoder_fuzz word_asm_fuzz word_decoder_fuzz

.PHONY: all run test python docs bench asan debug fuzz bootstrap configure-release build-release clean

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

python: configure-release
	$(CMAKE) --build --preset release -j $(JOBS) --target mlisa_python
	@echo "python: PYTHONPATH=build/release/python python3 -c 'import mlisa'  (or: pip install --no-build-isolation .)"

docs: configure-release
	$(CMAKE) --build --preset release -j $(JOBS) --target docs

bench: configure-release
	$(CMAKE) --build --preset release -j $(JOBS) --target mlisa_bench
	MLISA_BENCH_ENGINE=$(ENGINE) build/release/bench/mlisa_bench

asan: bootstrap
	$(CMAKE) --preset asan
	$(CMAKE) --build --preset asan -j $(JOBS)
	$(CTEST) --preset asan -j $(JOBS)

debug: bootstrap
	$(CMAKE) --preset debug
	$(CMAKE) --build --preset debug -j $(JOBS)

# Each fuzzer starts from its committed seed corpus (fuzz/corpus/<name minus _fuzz>)
# and grows a scratch corpus under build/fuzz; a crash, leak or hang fails the run.
fuzz: bootstrap
	CXX=clang++-19 $(CMAKE) -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  -DMLISA_BUILD_FUZZ=ON -DMLISA_BUILD_TESTS=OFF -DMLISA_BUILD_BENCH=OFF
	$(CMAKE) --build build/fuzz -j $(JOBS) --target $(FUZZERS)
	@for f in $(FUZZERS); do \
	  seeds=fuzz/corpus/$${f%_fuzz}; mkdir -p build/fuzz/corpus/$$f; \
	  echo "fuzz: $$f for $(FUZZ_SECONDS) s"; \
	  if build/fuzz/fuzz/$$f -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 \
	      $$( [ -f fuzz/$${f%_fuzz}.dict ] && echo -dict=fuzz/$${f%_fuzz}.dict ) \
	      -artifact_prefix=build/fuzz/ -print_final_stats=1 \
	      build/fuzz/corpus/$$f $$seeds > build/fuzz/$$f.log 2>&1; then \
	    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' build/fuzz/$$f.log; \
	  else \
	    tail -n 40 build/fuzz/$$f.log; echo "fuzz: $$f FAILED (see build/fuzz/$$f.log)"; exit 1; \
	  fi; \
	done

clean:
	rm -rf build/release build/debug build/asan build/fuzz $(REPORT)
