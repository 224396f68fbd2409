# tests/sanitize.mk: every test under the sanitizers (issue 9). Included from the top-level
# Makefile, which defines BUILD, CLANG, CLANGXX, the library rules and the properties rules.
#
#   make sanitize    1. the doctest unit tests, the RapidCheck properties and the NumPy
#                       differential built by clang-19 with ASan + UBSan (no recovery: the first
#                       report fails the run); the C core also with clang's integer checks
#                       (unsigned wrap, implicit truncation or sign change: WP proves none
#                       happens, this checks the build);
#                    2. the same tests, built normally, once under valgrind memcheck;
#                    3. tests/threads/test_threads.cpp under ThreadSanitizer.
#                    Writes build/results/sanitize.txt, one line "<passed> <failed> <what>" per
#                    run, and the logs in build/sanitize/logs/. Fails on any report.
#   VALGRIND_RC='max_success=200'  RapidCheck parameters of the valgrind run (slow under valgrind).

# What these runs need beyond the base list (installed by `make deps`).
DEB_PACKAGES += valgrind libclang-rt-19-dev

SAN_BUILD := $(BUILD)/sanitize
SAN_LOGS := $(SAN_BUILD)/logs
SAN_RESULTS := $(BUILD)/results/sanitize.txt
SAN_COMMON := -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Werror -pedantic -Isrc
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all
# Only for src/: the test code hashes and generates with intended unsigned wrap-around.
SAN_CORE_FLAGS := $(SAN_FLAGS) -fsanitize=integer
TSAN_FLAGS := -fsanitize=thread
SAN_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
VALGRIND := valgrind --tool=memcheck --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
            --track-origins=yes --quiet
VALGRIND_RC ?= max_success=200

SAN_SRC := $(wildcard src/*.c)
SAN_HDRS := $(wildcard src/*.h src/*.hpp)
SAN_OBJS := $(patsubst src/%.c,$(SAN_BUILD)/asan/%.o,$(SAN_SRC))
TSAN_OBJS := $(patsubst src/%.c,$(SAN_BUILD)/tsan/%.o,$(SAN_SRC))

$(SAN_BUILD)/asan/%.o: src/%.c $(SAN_HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) -std=c11 $(SAN_COMMON) $(SAN_CORE_FLAGS) -c $< -o $@

$(SAN_BUILD)/tsan/%.o: src/%.c $(SAN_HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) -std=c11 $(SAN_COMMON) $(TSAN_FLAGS) -c $< -o $@

$(SAN_BUILD)/unit-tests: $(wildcard tests/*.cpp tests/*.hpp) $(SAN_OBJS) $(SAN_HDRS)
	$(CLANGXX) -std=c++20 $(SAN_COMMON) $(SAN_FLAGS) $(wildcard tests/*.cpp) $(SAN_OBJS) -o $@

$(SAN_BUILD)/properties: properties/properties.cpp properties/prop_support.hpp $(SAN_OBJS) $(SAN_HDRS)
	$(CLANGXX) -std=c++20 $(SAN_COMMON) $(SAN_FLAGS) properties/properties.cpp $(SAN_OBJS) -lrapidcheck -o $@

$(SAN_BUILD)/numpy_diff: properties/numpy_diff.cpp $(SAN_OBJS) $(SAN_HDRS)
	$(CLANGXX) -std=c++20 $(SAN_COMMON) $(SAN_FLAGS) properties/numpy_diff.cpp $(SAN_OBJS) -o $@

$(SAN_BUILD)/test-threads: tests/threads/test_threads.cpp $(TSAN_OBJS) $(SAN_HDRS)
	$(CLANGXX) -std=c++20 $(SAN_COMMON) $(TSAN_FLAGS) tests/threads/test_threads.cpp $(TSAN_OBJS) -o $@

SAN_RUN := bash tools/run-counted.sh $(SAN_RESULTS)

.PHONY: sanitize
sanitize: $(SAN_BUILD)/unit-tests $(SAN_BUILD)/properties $(SAN_BUILD)/numpy_diff \
          $(SAN_BUILD)/test-threads $(BUILD)/gcc/unit-tests $(PROP_BUILD)/properties $(PROP_BUILD)/numpy_diff
	@mkdir -p $(BUILD)/results $(SAN_LOGS); rm -f $(SAN_RESULTS)
	@status=0; \
	$(SAN_RUN) $(SAN_LOGS)/asan-unit.log "doctest cases under ASan+UBSan (clang)" \
	  env $(SAN_ENV) $(SAN_BUILD)/unit-tests || status=1; \
	$(SAN_RUN) $(SAN_LOGS)/asan-properties.log "RapidCheck properties under ASan+UBSan" \
	  env $(SAN_ENV) $(SAN_BUILD)/properties || status=1; \
	$(SAN_RUN) $(SAN_LOGS)/asan-numpy.log "NumPy differential cases under ASan+UBSan" \
	  env $(SAN_ENV) $(SAN_BUILD)/numpy_diff properties/numpy_cases.txt || status=1; \
	$(SAN_RUN) $(SAN_LOGS)/valgrind-unit.log "doctest cases under valgrind memcheck" \
	  $(VALGRIND) $(BUILD)/gcc/unit-tests || status=1; \
	$(SAN_RUN) $(SAN_LOGS)/valgrind-properties.log "RapidCheck properties under valgrind memcheck ($(VALGRIND_RC))" \
	  env RC_PARAMS="$(VALGRIND_RC)" $(VALGRIND) $(PROP_BUILD)/properties || status=1; \
	$(SAN_RUN) $(SAN_LOGS)/valgrind-numpy.log "NumPy differential cases under valgrind memcheck" \
	  $(VALGRIND) $(PROP_BUILD)/numpy_diff properties/numpy_cases.txt || status=1; \
	$(SAN_RUN) $(SAN_LOGS)/tsan-threads.log "threads test under ThreadSanitizer" \
	  env TSAN_OPTIONS=halt_on_error=1 $(SAN_BUILD)/test-threads || status=1; \
	exit $$status
