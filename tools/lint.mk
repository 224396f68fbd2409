# tools/lint.mk: static analysis of the core (issue 9). Included from the top-level Makefile.
#
#   make lint    clang-tidy-19 (bugprone-*, cert-*, misc-*) on src/*.c and the C++ header,
#                cppcheck with the MISRA C 2012 addon on src/*.c, gcc -fanalyzer on src/*.c
#                (tools/lint.sh). Fails on any finding not listed, rule by rule and line by line,
#                in spec/misra-deviations.md. Writes build/results/lint.txt; findings in
#                build/lint/findings.txt. About a minute.

DEB_PACKAGES += cppcheck clang-tidy-19

.PHONY: lint
lint:
	@bash tools/lint.sh
