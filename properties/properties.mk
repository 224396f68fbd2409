# properties/properties.mk: RapidCheck properties and the NumPy differential test.
# Included from the top-level Makefile, which defines BUILD and the rule for
# build/libsonnx_broadcast.a (and sets SHELL to bash, which the recipes below use).
#
#   make properties          build and run properties/properties.cpp (every property, 1000 cases
#                            each; LONG=1: 20000) and properties/numpy_diff.cpp (replays
#                            properties/numpy_cases.txt); writes build/results/properties.txt and
#                            build/results/numpy.txt ("<passed> <failed> <what>"); fails on any
#                            failure. RC_PARAMS (RapidCheck's configuration, e.g. seed=...) passes
#                            through; the logs are build/results/properties.log and numpy.log.
#                          properties/xla_properties.cpp (the XLA / ONNX properties of issue 6,
#                          1000 cases each; LONG=1: 20000) writes build/results/xla_properties.txt.
#   make numpy-cases         regenerate properties/numpy_cases.txt with /usr/bin/python3 (numpy);
#                            not part of `make properties`: the generated file is checked in.

BUILD ?= build
PROP_BUILD := $(BUILD)/properties
PROP_LIB := $(BUILD)/libsonnx_broadcast.a
PROP_CXXFLAGS := -std=c++20 -O2 -Wall -Wextra -Werror -pedantic -Isrc
PROP_PYTHON := /usr/bin/python3

$(PROP_BUILD)/properties: properties/properties.cpp properties/prop_support.hpp src/sonnx_broadcast.h $(PROP_LIB)
	@mkdir -p $(dir $@)
	$(CXX) $(PROP_CXXFLAGS) properties/properties.cpp $(PROP_LIB) -lrapidcheck -o $@

# @req XLA-INDIM-TUPLE XLA-COMPOSE ONNX-EXPAND ONNX-UNIDIR: the XLA / ONNX properties (issue 6),
# their own binary and their own result file build/results/xla_properties.txt.
$(PROP_BUILD)/xla_properties: properties/xla_properties.cpp src/sonnx_broadcast.h $(PROP_LIB)
	@mkdir -p $(dir $@)
	$(CXX) $(PROP_CXXFLAGS) properties/xla_properties.cpp $(PROP_LIB) -lrapidcheck -o $@

$(PROP_BUILD)/numpy_diff: properties/numpy_diff.cpp src/sonnx_broadcast.h $(PROP_LIB)
	@mkdir -p $(dir $@)
	$(CXX) $(PROP_CXXFLAGS) properties/numpy_diff.cpp $(PROP_LIB) -o $@

# Runs a binary ($1) with its output teed to $2.log, then writes $2.txt as "<passed> <failed> $4"
# from its summary line `$3: <passed> passed, <failed> failed` (or .*: N cases, P passed, F failed).
# A non-zero exit without a recorded failure (a crash, no summary line) counts as one failure.
define prop_run
	status=0; \
	$1 2>&1 | tee $2.log; rc=$${PIPESTATUS[0]}; \
	line=$$(grep -E '^$3: .*[0-9]+ passed, [0-9]+ failed$$' $2.log | tail -n 1); \
	p=$$(printf '%s\n' "$$line" | sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed$$/\1/p'); \
	f=$$(printf '%s\n' "$$line" | sed -nE 's/.* ([0-9]+) passed, ([0-9]+) failed$$/\2/p'); \
	p=$${p:-0}; f=$${f:-0}; \
	if [ "$$rc" -ne 0 ] && [ "$$f" -eq 0 ]; then f=1; fi; \
	echo "$$p $$f $4" > $2.txt; \
	[ "$$rc" -eq 0 ] && [ "$$f" -eq 0 ]
endef

.PHONY: properties numpy-cases
properties: $(PROP_BUILD)/properties $(PROP_BUILD)/numpy_diff $(PROP_BUILD)/xla_properties
	@mkdir -p $(BUILD)/results
	@status=0; \
	( $(call prop_run,LONG="$(LONG)" $(PROP_BUILD)/properties,$(BUILD)/results/properties,properties,RapidCheck properties) ) || status=1; \
	( $(call prop_run,$(PROP_BUILD)/numpy_diff properties/numpy_cases.txt,$(BUILD)/results/numpy,numpy,NumPy differential cases) ) || status=1; \
	( $(call prop_run,LONG="$(LONG)" $(PROP_BUILD)/xla_properties,$(BUILD)/results/xla_properties,xla_properties,XLA and ONNX RapidCheck properties) ) || status=1; \
	cat $(BUILD)/results/properties.txt $(BUILD)/results/numpy.txt $(BUILD)/results/xla_properties.txt; \
	exit $$status

numpy-cases:
	$(PROP_PYTHON) properties/numpy_oracle.py properties/numpy_cases.txt

# ---- the fast data kernel against the spec and the proved reference kernel (issue 8) ----
#   make fast-copy-properties   builds and runs properties/fast_copy_properties.cpp (1000 cases per
#                               property, LONG=1: 20000; RC_PARAMS passes through); writes
#                               build/results/fast_copy.txt and fast_copy.log.
$(PROP_BUILD)/fast_copy_properties: properties/fast_copy_properties.cpp tests/element_bytes.hpp src/sonnx_internal.h src/sonnx_broadcast.h $(PROP_LIB)
	@mkdir -p $(dir $@)
	$(CXX) $(PROP_CXXFLAGS) properties/fast_copy_properties.cpp $(PROP_LIB) -lrapidcheck -o $@

.PHONY: fast-copy-properties
fast-copy-properties: $(PROP_BUILD)/fast_copy_properties
	@mkdir -p $(BUILD)/results
	@$(call prop_run,LONG="$(LONG)" $(PROP_BUILD)/fast_copy_properties,$(BUILD)/results/fast_copy,fast_copy,fast kernel properties (RapidCheck))
