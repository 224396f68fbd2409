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
#                      the verdict of tools/fuzz_verdict.py (executions, statuses and outcomes
#                      read from the log and checked against tests/fuzz/outcomes.txt).
#   make fuzz-campaign every target for FUZZ_RUNS executions (10^7), verdicts likewise;
#                      make fuzz-campaign-accept keeps its record in tests/fuzz/campaign.txt.
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

# The short round of `make check`: every target for $(1) seconds, one after the other, each
# run and judged by tests/fuzz/run_target.sh; one verdict line per target in
# build/results/fuzz.txt.
define fuzz_run
	@mkdir -p $(BUILD)/results; rm -f $(BUILD)/results/fuzz.txt
	@status=0; \
	for t in $(FUZZ_TARGETS); do \
	  line=$$(bash tests/fuzz/run_target.sh $(FUZZ_BUILD) $$t $(FUZZ_BUILD)/logs -max_total_time=$(1) 1) \
	    || status=1; \
	  echo "$$line" | grep -qE '^[01] [01] fuzz ' || { line="0 1 fuzz $$t: no verdict"; status=1; }; \
	  echo "$$line" >> $(BUILD)/results/fuzz.txt; echo "$$line"; \
	done; \
	exit $$status
endef

.PHONY: fuzz fuzz-check fuzz-build fuzz-corpus fuzz-campaign fuzz-campaign-accept
.SECONDARY: $(FUZZ_OBJS)
fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	$(call fuzz_run,$(FUZZ_S))

fuzz-check: $(FUZZ_BINS)
	$(call fuzz_run,5)

fuzz-corpus:
	python3 tests/fuzz/make_corpus.py

# The campaign (issue 31 item 5): every target for FUZZ_RUNS executions (default 10^7), as
# many targets at once as there are cores, each verdict checked as in the short round with
# --min-execs FUZZ_RUNS. Not a stage of `make check`: the run of 2026-11-27 took 3.5 core-hours
# (tests/fuzz/campaign.txt; broadcast_in_dim 4855 s and broadcast 3944 s at ~2000-2500 inputs/s
# under ASan+UBSan, every other target under 35 min); its lines go to build/fuzz-campaign/results.txt,
# and its last line is "N passed, N failed".
FUZZ_RUNS ?= 10000000
FUZZ_CAMPAIGN := $(BUILD)/fuzz-campaign
fuzz-campaign: $(FUZZ_BINS)
	@mkdir -p $(FUZZ_CAMPAIGN); rm -f $(FUZZ_CAMPAIGN)/results.txt $(FUZZ_CAMPAIGN)/*.verdict
	@printf '%s\n' $(FUZZ_TARGETS) | xargs -P $$(nproc) -I{} sh -c \
	  'bash tests/fuzz/run_target.sh $(FUZZ_BUILD) {} $(FUZZ_CAMPAIGN) -runs=$(FUZZ_RUNS) $(FUZZ_RUNS) > $(FUZZ_CAMPAIGN)/{}.verdict; cat $(FUZZ_CAMPAIGN)/{}.verdict'
	@for t in $(FUZZ_TARGETS); do \
	  grep -E '^[01] [01] fuzz ' $(FUZZ_CAMPAIGN)/$$t.verdict >> $(FUZZ_CAMPAIGN)/results.txt \
	    || echo "0 1 fuzz $$t: no verdict" >> $(FUZZ_CAMPAIGN)/results.txt; \
	done; \
	{ echo "# commit: $$(git rev-parse --short HEAD)$$(git status --porcelain --untracked-files=no | grep -q . && echo ' (uncommitted changes)')"; \
	  echo "# date: $$(date -u '+%Y-%m-%d %H:%M UTC')"; echo "# runs: $(FUZZ_RUNS)"; \
	  echo "# machine: $$(nproc) cores, $$(uname -m), clang $$(clang-19 -dumpversion)"; \
	  cat $(FUZZ_CAMPAIGN)/*.verdict | grep -E '^[01] [01] fuzz '; } > $(FUZZ_CAMPAIGN)/campaign.txt
	@awk '{p += $$1; f += $$2} END {printf "%d passed, %d failed\n", p, f; exit f > 0}' $(FUZZ_CAMPAIGN)/results.txt

# The record the evidence report reads (its section 9.2): the last campaign's verdicts, with the
# commit, date, run count and machine. Commit the diff.
fuzz-campaign-accept:
	cp $(FUZZ_CAMPAIGN)/campaign.txt tests/fuzz/campaign.txt
