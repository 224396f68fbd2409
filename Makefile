# sonnx-broadcast: the one entry point (README.md).
#   make            build/libsonnx_broadcast.a from the C core
#   make check      deps + warnings-as-errors builds (gcc, clang) + proofs + tests + noalloc and
#                   stack + properties + ONNX conformance + sanitizers + fuzz + lint + trace + coverage
#   make proofs     Frama-C/WP over src/, fails on any unproved goal not in proofs/open-goals.txt
#                   and on fewer goals or proved goals than the committed proofs/results.json;
#                   then WP's smoke tests (proofs/smoke.sh), which fail on an inconsistent contract
#                   or dead code not justified in proofs/smoke-justifications.txt
#   make proofs-accept  the last `make proofs` run becomes proofs/results.json (review its diff)
#   make tests      doctest unit tests (gcc and clang builds; the threads test; doctest XML for trace)
#   make conformance  ONNX's backend node tests that broadcast, from libonnx-testdata (tools/conformance/)
#   make deps       install what is missing (Debian packages; needs root)
#   make install    PREFIX=... DESTDIR=...: libraries, headers, ACSL, pkg-config, CMake (tools/install.mk)

SHELL := /bin/bash
BUILD := build
SRC_C := $(wildcard src/*.c)
HDRS := $(wildcard src/*.h src/*.hpp spec/acsl/*.h)

CC := gcc
CXX := g++
CLANG := clang-19
CLANGXX := clang++-19
WARN := -Wall -Wextra -Werror -pedantic
# -falign-loops=32: the fill loops of src/sonnx_fast_copy.c ran 10% slower or faster with
# where the compiler happened to place them (make bench, columns case, 2026-11-25); 32 fixed
# that. 64 was tried for two lines a step in fill_unit_lines: in the bench's own build it won
# columns 16 KiB (0.58 -> 0.66 of memset) but lost 1-3 ns on every 64 B call and 1-3 ns on
# rows and columns 1 KiB; at 32 every small call is as fast as before the change or faster
# (build/bench/sweep at 32, 64, 64:16:32, 64:33:32, interleaved, Intel Xeon, 2026-12-07).
# -mmove-max=256 -mstore-max=256 (GCC 12 and later; probed, since clang has no such options):
# the kernel's 32-byte copies stay single 32-byte stores in its AVX2 clone, which GCC would
# split into 16-byte ones otherwise (src/sonnx_fast_copy.c, KERNEL_CLONES). Clang keeps them
# whole by itself.
WIDE_COPY_FLAGS := $(shell $(CC) -mmove-max=256 -mstore-max=256 -x c -c /dev/null -o /dev/null \
                     2>/dev/null && echo -mmove-max=256 -mstore-max=256)
CFLAGS := -std=c11 -O2 -falign-loops=32 $(WIDE_COPY_FLAGS) $(WARN)
CXXFLAGS := -std=c++20 -O2 $(WARN)
CPPFLAGS := -Isrc

# Debian packages the project needs. libonnx-testdata and python3-onnx: ONNX's conformance
# tests and their reader (make conformance).
DEB_PACKAGES := frama-c-base why3 z3 cvc4 doctest-dev librapidcheck-dev g++ clang-19 \
                llvm-19 gcovr lcov python3-numpy libonnx-testdata python3-onnx

.PHONY: all deps build-gcc build-clang proofs proofs-wp proofs-smoke proofs-accept tests noalloc check clean

all: $(BUILD)/libsonnx_broadcast.a

deps:
	@bash tools/install-deps.sh $(DEB_PACKAGES)

# ---- the library, built by gcc (default) and by clang, warnings as errors ----
$(BUILD)/gcc/%.o: src/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CPPFLAGS) -c $< -o $@

$(BUILD)/clang/%.o: src/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) $(filter-out $(WIDE_COPY_FLAGS),$(CFLAGS)) $(CPPFLAGS) -c $< -o $@

GCC_OBJS := $(patsubst src/%.c,$(BUILD)/gcc/%.o,$(SRC_C))
CLANG_OBJS := $(patsubst src/%.c,$(BUILD)/clang/%.o,$(SRC_C))

$(BUILD)/libsonnx_broadcast.a: $(GCC_OBJS)
	ar rcs $@ $^

$(BUILD)/clang/libsonnx_broadcast.a: $(CLANG_OBJS)
	ar rcs $@ $^

build-gcc: $(BUILD)/libsonnx_broadcast.a
build-clang: $(BUILD)/clang/libsonnx_broadcast.a

# ---- proofs ----
# The smoke tests run even when wp.sh fails, so that their stage line is always written.
# proofs-wp and proofs-smoke are its two halves (make check runs the second beside the tests).
proofs:
	@status=0; $(MAKE) --no-print-directory proofs-wp || status=1; \
	$(MAKE) --no-print-directory proofs-smoke || status=1; exit $$status
proofs-wp:
	@bash proofs/wp.sh
proofs-smoke:
	@bash proofs/smoke.sh

# The explicit step that updates the committed proofs/results.json from the last full
# `make proofs` run (build/proofs/results.json); it prints every function and lemma whose goal
# count shrank, grew, appeared or disappeared. Commit the diff with the reason.
# It also records each goal's winning prover (proofs/first-prover.txt), tried first by the next
# runs (tools/wp_first_prover.py says why that orders the provers and proves nothing).
proofs-accept:
	@python3 tools/wp_summary.py --accept $(BUILD)/proofs/results.json proofs/results.json
	@python3 tools/wp_first_prover.py record proofs/first-prover.txt $(BUILD)/proofs/wp.json $(BUILD)/proofs/wp.log $(BUILD)/proofs/lemmas.log

# ---- mutation analysis (issue 31 item 4): not a stage of make check (WP and the tests for each
# of proofs/mutants/catalogue.json's mutants take hours); MUTANTS=id,id runs some of them.
# mutants-accept copies the last full run to proofs/mutants/results.json, read by the report.
# MUTANT_JOBS mutants run side by side (each WP run gets the cores divided among them, at least 2 prover slots). A WP
# verdict is reused while the inputs that decide it are the same (tools/mutants/run.py).
MUTANT_JOBS ?= 2
.PHONY: mutants mutants-accept mutants-keep
MUTANT_FLAGS = --cc "$(CC)" --cflags "$(CFLAGS) $(CPPFLAGS)" --cxx "$(CXX)" \
  --cxxflags "$(CXXFLAGS) $(CPPFLAGS)" --propflags "$(PROP_CXXFLAGS)" --stream-tests "$(STREAM_TESTS)"
mutants:
	@python3 tools/mutants/run.py $(MUTANT_FLAGS) --jobs $(MUTANT_JOBS) --only "$(MUTANTS)"
mutants-accept:
	@python3 tools/mutants/run.py $(MUTANT_FLAGS) --accept
# The WP verdicts known so far (a run stopped half way included) into
# proofs/mutants/wp-verdicts.json, reused by the next make mutants while their inputs stay the same.
mutants-keep:
	@python3 tools/mutants/run.py $(MUTANT_FLAGS) --keep

# ---- doctest unit tests ----
TEST_SRC := $(wildcard tests/*.cpp)
# test helpers shared with the properties and the fuzzers (tests/element_bytes.hpp)
TEST_HDRS := $(wildcard tests/*.hpp)

$(BUILD)/gcc/unit-tests: $(TEST_SRC) $(BUILD)/libsonnx_broadcast.a $(HDRS) $(TEST_HDRS)
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TEST_SRC) $(BUILD)/libsonnx_broadcast.a -o $@

$(BUILD)/clang/unit-tests: $(TEST_SRC) $(BUILD)/clang/libsonnx_broadcast.a $(HDRS) $(TEST_HDRS)
	$(CLANGXX) $(CXXFLAGS) $(CPPFLAGS) $(TEST_SRC) $(BUILD)/clang/libsonnx_broadcast.a -o $@

# The threads test (tests/threads/, also run under TSan by `make sanitize`) built plainly.
$(BUILD)/gcc/threads-tests: tests/threads/test_threads.cpp $(BUILD)/libsonnx_broadcast.a $(HDRS)
	$(CXX) $(CXXFLAGS) -pthread $(CPPFLAGS) $< $(BUILD)/libsonnx_broadcast.a -o $@

# The streaming path of the fast kernel (issue 34): tests/stream/test_stream.cpp (the primitive
# outside WP against memcpy) and the kernel's own cases (tests/test_fast_copy.cpp), on
# src/sonnx_fast_copy.c compiled with every call streaming (tests/stream/stream_shim.c includes
# it with SONNX_STREAM_MIN_BYTES 1), linked with the library's other objects.
STREAM_OBJS := $(filter-out $(BUILD)/gcc/sonnx_fast_copy.o,$(GCC_OBJS))
STREAM_TESTS := tests/test_main.cpp tests/test_fast_copy.cpp tests/stream/test_stream.cpp
$(BUILD)/gcc/stream/stream_shim.o: tests/stream/stream_shim.c tests/stream/stream_shim.h src/sonnx_fast_copy.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CPPFLAGS) -c $< -o $@
$(BUILD)/gcc/stream-tests: $(STREAM_TESTS) $(BUILD)/gcc/stream/stream_shim.o $(STREAM_OBJS) $(HDRS) $(TEST_HDRS)
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) -Itests/stream $(STREAM_TESTS) $(BUILD)/gcc/stream/stream_shim.o $(STREAM_OBJS) -o $@

# The gcc runs also write doctest's XML report (build/results/doctest-*.xml): `make trace`
# counts a test case for its requirements only if that report shows it ran and passed.
tests: $(BUILD)/gcc/unit-tests $(BUILD)/clang/unit-tests $(BUILD)/gcc/threads-tests $(BUILD)/gcc/stream-tests
	@status=0; \
	bash tools/run-doctest.sh gcc $(BUILD)/gcc/unit-tests $(BUILD)/results/doctest-gcc.xml || status=1; \
	bash tools/run-doctest.sh clang $(BUILD)/clang/unit-tests || status=1; \
	bash tools/run-doctest.sh threads $(BUILD)/gcc/threads-tests $(BUILD)/results/doctest-threads.xml || status=1; \
	bash tools/run-doctest.sh stream $(BUILD)/gcc/stream-tests || status=1; \
	exit $$status

# @req LIB-NOALLOC: the core's objects reference no allocator (tests/test_noalloc.cpp
# checks the C++ layer at run time); gcc's call graph of the core, with the library's
# flags, has no recursion and a bounded frame everywhere (tools/check_stack.py).
STACK_DIR := $(BUILD)/stack
noalloc: $(BUILD)/libsonnx_broadcast.a
	@bash tools/check-noalloc.sh $(BUILD)/libsonnx_broadcast.a
	@rm -rf $(STACK_DIR) && mkdir -p $(STACK_DIR)/fast $(STACK_DIR)/reference
	@for f in $(SRC_C); do o=$$(basename $$f .c).o; \
	  $(CC) $(CFLAGS) $(CPPFLAGS) -fstack-usage -fcallgraph-info=su -c $$f -o $(STACK_DIR)/fast/$$o || exit 1; \
	  $(CC) $(CFLAGS) $(CPPFLAGS) -DSONNX_REFERENCE_KERNEL -fstack-usage -fcallgraph-info=su -c $$f \
	    -o $(STACK_DIR)/reference/$$o || exit 1; \
	done
	@python3 tools/check_stack.py $(STACK_DIR)/fast $(STACK_DIR)/reference

# ---- RapidCheck properties and the NumPy differential (properties/properties.mk) ----
include properties/properties.mk
include tools/evidence.mk

# ---- ONNX's backend node tests that broadcast, from libonnx-testdata (tools/conformance/) ----
include tools/conformance/conformance.mk

# ---- ASan/UBSan, valgrind and ThreadSanitizer runs of the tests (tests/sanitize.mk) ----
include tests/sanitize.mk

# ---- libFuzzer targets, checked against a naive reference (tests/fuzz/fuzz.mk) ----
include tests/fuzz/fuzz.mk

# ---- static analysis: clang-tidy, cppcheck + MISRA C 2012, gcc -fanalyzer (tools/lint.mk) ----
include tools/lint.mk

# ---- `make bench`: speed against memset, memcpy, NumPy, xtensor, Eigen (bench/bench.mk) ----
include bench/bench.mk

# ---- packaging for users: make install / uninstall, the consumer stages (tools/install.mk) ----
include tools/install.mk

# ---- everything; the last line is the summary CI reads ----
# Every stage is mandatory. STAGES names the result file each writes (build/results/<stage>.txt):
# tools/check_summary.py fails on one missing, and on a result file not listed here. A new stage
# adds its line to the recipe below and its word here.
STAGES := proofs smoke doctest-gcc doctest-clang doctest-threads doctest-stream noalloc stack properties numpy \
          xla_properties fast_copy conformance sanitize fuzz lint install consumer_c consumer_cxx consumer_wp \
          xtensor_oracle trace coverage
# WP's run (proofs-wp) is shards of frama-c, one per core at a time (proofs/wp.sh): one frama-c
# process left about 40% of the two cores idle (vmstat in the CI run of 74cf1f6), its Qed being
# single-threaded. The stages whose verdicts do not depend on time run beside it, at the lowest
# priority (nice 19: they take the cycles WP leaves; WP's provers, whose limits are wall-clock,
# keep theirs). The cores are busy to the end, so a shorter make check needs less work, not
# more overlap. In the fresh-clone CI of 237fdc3 (3095 s), WP took 2194 s of wall time and 3671 of
# the run's 6014 CPU seconds, and the smoke tests 1451 (proofs/ci-time.md: where, and the next cuts).
# Beside WP:
#   - the smoke tests (proofs/smoke.sh; their verdicts are bounded by prover steps, not time;
#     their own why3 config and cache, see smoke.sh);
#   - beside-wp: the tests, sanitizers, properties, NumPy, conformance, lint, install and
#     consumers, coverage, and the fuzz builds.
# After WP: the stages that read WP's results or have time limits themselves: the fuzz round
# (5 s per target: its execution counts mean more on a quiet machine), consumer-wp (a WP run
# with prover timeouts) and trace (it reads WP's results). Each background job's log is
# printed when it ends, before the summary; each stage still writes its own result file.
# Each stage's wall and CPU seconds go to build/stage-times.txt (tools/stage_time.py), printed
# as a table before the summary: the data for the next cut.
TIMED := python3 tools/stage_time.py
BESIDE_WP := tests noalloc properties fast-copy-properties conformance sanitize fuzz-build lint \
             install-check consumer-c consumer-cxx xtensor-oracle coverage
.PHONY: beside-wp
beside-wp:
	@status=0; \
	for stage in $(BESIDE_WP); do $(TIMED) $$stage -- $(MAKE) --no-print-directory $$stage || status=1; done; \
	exit $$status

check:
	@rm -rf $(BUILD)/results $(BUILD)/smoke-stage.rc $(BUILD)/beside-wp.rc $(BUILD)/stage-times.txt
	@status=0; \
	$(TIMED) deps -- $(MAKE) --no-print-directory deps || status=1; \
	$(TIMED) build -- $(MAKE) --no-print-directory build-gcc build-clang || status=1; \
	mkdir -p $(BUILD); \
	{ nice -n 19 $(TIMED) smoke -- $(MAKE) --no-print-directory proofs-smoke > $(BUILD)/smoke-stage.log 2>&1; \
	  echo $$? > $(BUILD)/smoke-stage.rc; } & smoke_pid=$$!; \
	{ nice -n 19 $(MAKE) --no-print-directory beside-wp > $(BUILD)/beside-wp.log 2>&1; \
	  echo $$? > $(BUILD)/beside-wp.rc; } & beside_pid=$$!; \
	$(TIMED) proofs-wp -- $(MAKE) --no-print-directory proofs-wp || status=1; \
	wait $$beside_pid; cat $(BUILD)/beside-wp.log; \
	[ "$$(cat $(BUILD)/beside-wp.rc 2>/dev/null)" = 0 ] || status=1; \
	$(TIMED) fuzz-check -- $(MAKE) --no-print-directory fuzz-check || status=1; \
	$(TIMED) consumer-wp -- $(MAKE) --no-print-directory consumer-wp || status=1; \
	$(TIMED) trace -- $(MAKE) --no-print-directory trace || status=1; \
	wait $$smoke_pid; cat $(BUILD)/smoke-stage.log; \
	[ "$$(cat $(BUILD)/smoke-stage.rc 2>/dev/null)" = 0 ] || status=1; \
	$(TIMED) --table; \
	python3 tools/check_summary.py --stages "$(STAGES)" $$status

clean:
	rm -rf $(BUILD)

# The value of a variable as make expands it (tools/evidence/report.py, run by hand).
print-%:
	@echo '$($*)'
