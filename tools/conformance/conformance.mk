# tools/conformance/conformance.mk: ONNX's own conformance tests (issue 33, item 2). Included from
# the top-level Makefile, which defines BUILD, CXX, CXXFLAGS, CPPFLAGS, HDRS, the library's rule
# and DEB_PACKAGES (libonnx-testdata, python3-onnx: `make deps`).
#
#   make conformance   the ONNX backend node tests whose inputs broadcast (tools/conformance/tests.txt),
#                      from Debian's libonnx-testdata: tools/conformance/convert.py (/usr/bin/python3,
#                      python3-onnx) decodes each test into build/conformance/cases/ (dtypes, shapes,
#                      bytes, nodes; no computing), tools/conformance/runner.cpp evaluates every node
#                      through the library and compares with ONNX's expected outputs (bit-exact for
#                      integers and booleans, ONNX's rtol 1e-3 / atol 1e-7 for floating point). One
#                      line per test, `N passed, N failed` last; writes build/results/conformance.txt
#                      (one test per node test) and conformance.log; fails on any failure.
#                      CONF_DATA=<dir> reads another copy of onnx/backend/test/data/node.

CONF_DIR := $(BUILD)/conformance
CONF_PYTHON := /usr/bin/python3
# Where libonnx-testdata puts the node tests (dpkg -L libonnx-testdata), unless given.
CONF_DATA ?=

$(CONF_DIR)/runner: tools/conformance/runner.cpp $(wildcard tools/conformance/*.hpp) $(BUILD)/libsonnx_broadcast.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) -Itools/conformance tools/conformance/runner.cpp $(BUILD)/libsonnx_broadcast.a -o $@

# A converter that cannot run (packages missing) records one failure; a test it cannot decode
# is listed and fails in the runner, by name.
.PHONY: conformance
conformance: $(CONF_DIR)/runner
	@mkdir -p $(BUILD)/results
	@rm -rf $(CONF_DIR)/cases; \
	data="$(CONF_DATA)"; \
	[ -n "$$data" ] || data=$$(dpkg -L libonnx-testdata 2>/dev/null | grep -m1 '/data/node$$'); \
	version=$$(dpkg-query -W -f='$${Version}' libonnx-testdata 2>/dev/null || echo unknown); \
	what="ONNX backend node tests that broadcast (libonnx-testdata $$version)"; \
	if [ -z "$$data" ] || ! $(CONF_PYTHON) tools/conformance/convert.py tools/conformance/tests.txt "$$data" $(CONF_DIR)/cases \
	     || [ ! -s $(CONF_DIR)/cases/LIST ]; then \
	  [ -s $(CONF_DIR)/cases/LIST ] || { echo "conformance: no test decoded from '$$data' (make deps installs libonnx-testdata and python3-onnx)"; \
	    echo "0 1 $$what: not decoded" > $(BUILD)/results/conformance.txt; exit 1; }; \
	fi; \
	$(CONF_DIR)/runner $(CONF_DIR)/cases 2>&1 | tee $(BUILD)/results/conformance.log; rc=$${PIPESTATUS[0]}; \
	line=$$(tail -n 1 $(BUILD)/results/conformance.log); \
	p=$$(printf '%s\n' "$$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$$/\1/p'); \
	f=$$(printf '%s\n' "$$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$$/\2/p'); \
	p=$${p:-0}; f=$${f:-0}; \
	if [ "$$rc" -ne 0 ] && [ "$$f" -eq 0 ]; then f=1; fi; \
	echo "$$p $$f $$what" > $(BUILD)/results/conformance.txt; \
	[ "$$rc" -eq 0 ] && [ "$$f" -eq 0 ]
