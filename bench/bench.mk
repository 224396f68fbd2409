# bench/bench.mk: `make bench` (issue 8), included from the top-level Makefile.
#
#   make bench            installs libbenchmark-dev, libxtensor-dev, libeigen3-dev when missing,
#                         builds bench/bench.cpp with BENCH_FLAGS (printed), checks every sonnx
#                         output against a naive reference, prints one table (median of
#                         BENCH_REPEATS interleaved repeats) and appends it, dated, with the
#                         machine description and the load, to bench/results.md.
#   make bench BENCH_CASE=rows   one case only (no results.md section is written).
# Not part of `make check`: timings on a shared machine are evidence, not a pass/fail gate.

BENCH_PACKAGES := libbenchmark-dev libxtensor-dev libeigen3-dev python3-numpy
BENCH_FLAGS := -std=c++20 -O2 -DNDEBUG -Wall -Wextra -Werror -pedantic -Isrc -isystem /usr/include/eigen3
BENCH_REPEATS ?= 9
BENCH_CASE ?=

.PHONY: bench bench-deps
bench-deps:
	@bash tools/install-deps.sh $(BENCH_PACKAGES)

$(BUILD)/bench/bench: bench/bench.cpp $(BUILD)/libsonnx_broadcast.a $(HDRS) | bench-deps
	@mkdir -p $(dir $@)
	$(CXX) $(BENCH_FLAGS) bench/bench.cpp $(BUILD)/libsonnx_broadcast.a -lbenchmark -lpthread -o $@

bench: bench-deps $(BUILD)/bench/bench
	@BENCH_REPEATS=$(BENCH_REPEATS) CXX="$(CXX)" CC="$(CC)" LIB_CFLAGS="$(CFLAGS)" \
	  BENCH_FLAGS="$(BENCH_FLAGS)" bash bench/run.sh $(BUILD)/bench/bench $(BENCH_CASE)
