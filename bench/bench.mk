# bench/bench.mk: `make bench` (issue 8), included from the top-level Makefile.
#
#   make bench            installs libbenchmark-dev, libxtensor-dev, libeigen3-dev when missing,
#                         builds bench/bench.cpp with BENCH_FLAGS (printed), checks every sonnx
#                         output against a naive reference, prints one table (median of
#                         BENCH_REPEATS interleaved repeats) and appends it, dated, with the
#                         machine description and the load, to bench/results.md.
#                         Then the size sweep (bench/sweep.cpp, issue 34): five cases from 64 B
#                         to 512 MiB on ordinary and huge pages, its tables appended too, and its
#                         curve drawn by gnuplot (bench/sweep.gp) into bench/sweep.svg. From 16 KiB
#                         it also times the ceiling: unchecked AVX2 and AVX-512 store loops for
#                         each case, and counts the cells that even they leave under 0.9 of memset.
#   make bench BENCH_CASE=rows   one case only (no results.md section is written, no sweep).
#   make bench-sweep      the sweep alone (appended to bench/results.md, bench/sweep.svg).
# Every column writes memory of one kind: the bench's buffers ask for 2 MiB transparent huge
# pages, as NumPy's arrays do by default; the table is followed by what the kernel granted.
# Not part of `make check`: timings on a shared machine are evidence, not a pass/fail gate.

BENCH_PACKAGES := libbenchmark-dev libxtensor-dev libeigen3-dev python3-numpy gnuplot-nox
BENCH_FLAGS := -std=c++20 -O2 -DNDEBUG -Wall -Wextra -Werror -pedantic -Isrc -isystem /usr/include/eigen3
BENCH_REPEATS ?= 9
BENCH_CASE ?=

.PHONY: bench bench-deps bench-sweep
bench-deps:
	@bash tools/install-deps.sh $(BENCH_PACKAGES)

# The library as benchmarked: the default build (it ships the fast kernel,
# src/sonnx_fast_copy.c), compiled apart so that the flags stay the ones printed.
BENCH_LIB_CFLAGS := $(CFLAGS)
BENCH_LIB_OBJS := $(patsubst src/%.c,$(BUILD)/bench/lib/%.o,$(SRC_C))

$(BUILD)/bench/lib/%.o: src/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BENCH_LIB_CFLAGS) $(CPPFLAGS) -c $< -o $@

$(BUILD)/bench/libsonnx_broadcast_fast.a: $(BENCH_LIB_OBJS)
	ar rcs $@ $^

$(BUILD)/bench/%: bench/%.cpp bench/harness.hpp $(BUILD)/bench/libsonnx_broadcast_fast.a $(HDRS) | bench-deps
	@mkdir -p $(dir $@)
	$(CXX) $(BENCH_FLAGS) $< $(BUILD)/bench/libsonnx_broadcast_fast.a -lbenchmark -lpthread -o $@

BENCH_ENV = BENCH_REPEATS=$(BENCH_REPEATS) CXX="$(CXX)" CC="$(CC)" LIB_CFLAGS="$(BENCH_LIB_CFLAGS)" \
  BENCH_FLAGS="$(BENCH_FLAGS)"
bench: bench-deps $(BUILD)/bench/bench $(BUILD)/bench/sweep
	@$(BENCH_ENV) bash bench/run.sh $(BUILD)/bench/bench $(BENCH_CASE)
	@if [ -z "$(BENCH_CASE)" ]; then $(BENCH_ENV) bash bench/run.sh --sweep $(BUILD)/bench/sweep; fi
bench-sweep: bench-deps $(BUILD)/bench/sweep
	@$(BENCH_ENV) bash bench/run.sh --sweep $(BUILD)/bench/sweep
