# tests/fuzz/fuzz.mk: libFuzzer targets of every public C function (issue 9). Included from
# the top-level Makefile, which defines BUILD, CLANG and CLANGXX.
#
#   make fuzz          builds every target (clang-19, -fsanitize=fuzzer,address,undefined, the
#                      library instrumented too) and runs each for FUZZ_S seconds (default 60)
#                      from the committed seeds (tests/fuzz/corpus/<target>/) plus what earlier
#                      runs found (build/fuzz/corpus/<target>/). Each target checks its results
#                      against the naive reference of tests/fuzz/fuzz_support.hpp
#                      (view_reference.hpp, xla_reference.hpp beside it); a mismatch
#                      aborts and is saved as build/fuzz/artifacts/<target>-crash-*.
#                      Writes build/results/fuzz.txt, one line per target:
#                      "1 0 fuzz <target>: <executions> executions in <s> s, 0 crashes".
#   make fuzz-check    the short round of `make check` (FUZZ_S=5).
#   make fuzz-corpus   regenerates the seeds from the spec examples (tests/fuzz/make_corpus.py).
#
# A new target: tests/fuzz/fuzz_<name>.cpp, <name> in FUZZ_TARGETS, its seeds in make_corpus.py.

DEB_PACKAGES += libclang-rt-19-dev

FUZZ_S ?= 60
FUZZ_TARGETS := broadcast_shape broadcast_shape_numpy shape_count broadcast_to broadcast \
                broadcast_strides source_offset format_error index_map \
                broadcast_in_dim xla_binary_shape unidirectional_check expand_shape broadcast_iter
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_FLAGS := -g -O1 -fno-omit-frame-pointer -fno-sanitize-recover=all -Wall -Wextra -Werror -Isrc
FUZZ_CORE_SAN := -fsanitize=fuzzer-no-link,address,undefined,integer
FUZZ_SAN := -fsanitize=fuzzer,address,undefined
FUZZ_OBJS := $(patsubst src/%.c,$(FUZZ_BUILD)/obj/%.o,$(wildcard src/*.c))
FUZZ_BINS := $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_TARGETS))
FUZZ_HDRS := $(wildcard tests/fuzz/*.hpp tests/*.hpp src/*.h)

$(FUZZ_BUILD)/obj/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(dir $@)
	$(CLANG) -std=c11 $(FUZZ_FLAGS) -pedantic $(FUZZ_CORE_SAN) -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.cpp $(FUZZ_OBJS) $(FUZZ_HDRS)
	$(CLANGXX) -std=c++20 $(FUZZ_FLAGS) $(FUZZ_SAN) $< $(FUZZ_OBJS) -o $@

# Runs every target for $(1) seconds; one result line per target in build/results/fuzz.txt.
define fuzz_run
	@mkdir -p $(BUILD)/results $(FUZZ_BUILD)/logs $(FUZZ_BUILD)/artifacts; rm -f $(BUILD)/results/fuzz.txt
	@status=0; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	  log=$(FUZZ_BUILD)/logs/$$t.log; \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(1) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$t- $(FUZZ_BUILD)/corpus/$$t tests/fuzz/corpus/$$t \
	    > $$log 2>&1; rc=$$?; \
	  execs=$$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' $$log | tail -n 1); \
	  secs=$$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' $$log | tail -n 1); \
	  st=$$(sed -nE 's/^statuses: (.*)/; statuses: \1/p' $$log | tail -n 1); \
	  if [ $$rc -eq 0 ] && [ -n "$$execs" ]; then \
	    echo "1 0 fuzz $$t: $$execs executions in $(1) s ($$secs/s), 0 crashes, 0 mismatches$$st" >> $(BUILD)/results/fuzz.txt; \
	  else \
	    status=1; \
	    echo "0 1 fuzz $$t: FAILED (exit $$rc) after $${execs:-?} executions, see $$log" >> $(BUILD)/results/fuzz.txt; \
	    grep -E 'MISMATCH|ERROR: (Address|Leak|libFuzzer)|runtime error|Test unit written' $$log | head -n 5; \
	  fi; \
	  tail -n 1 $(BUILD)/results/fuzz.txt; \
	done; \
	exit $$status
endef

.PHONY: fuzz fuzz-check fuzz-build fuzz-corpus
.SECONDARY: $(FUZZ_OBJS)
fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	$(call fuzz_run,$(FUZZ_S))

fuzz-check: $(FUZZ_BINS)
	$(call fuzz_run,5)

fuzz-corpus:
	python3 tests/fuzz/make_corpus.py
