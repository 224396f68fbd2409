# tools/install.mk: packaging for users (issue 32). Included from the top-level Makefile, which
# defines BUILD, CC, CFLAGS, CPPFLAGS, HDRS, SRC_C and the static library's rule.
#
#   make install PREFIX=/usr/local [DESTDIR=...] [LIBDIR=...] [INCLUDEDIR=...]
#        libsonnx_broadcast.a (the static build, flags unchanged) and libsonnx_broadcast.so.X.Y.Z
#        (SONAME libsonnx_broadcast.so.X, -fPIC objects; a version script exports only the
#        functions declared in src/sonnx_broadcast.h), the headers (sonnx_broadcast.h,
#        sonnx_broadcast.hpp, sonnx_testing.hpp), the ACSL logic in include/sonnx_broadcast/acsl,
#        lib/pkgconfig/sonnx_broadcast.pc and lib/cmake/sonnx_broadcast/ (target sonnx::broadcast),
#        and share/sonnx_broadcast/why3/z3_lean.drv, the prover driver of the proofs (proofs/wp.sh),
#        which callers' proofs need too (examples/wp_consumer/run.sh).
#   make uninstall PREFIX=... [DESTDIR=...]   removes exactly those files (and the directories of
#        the package that are left empty).
#   make install-check    install into a scratch prefix (and a DESTDIR staging), check the files,
#        the exports (nm -D), the SONAME, pkg-config, then uninstall: build/results/install.txt.
#   make consumer-c       examples/c_consumer built through pkg-config from the scratch prefix,
#        linked shared and static, run: build/results/consumer_c.txt.
#   make consumer-cxx     examples/cxx_consumer built through CMake find_package from the scratch
#        prefix, run: build/results/consumer_cxx.txt.
#   make consumer-wp      examples/wp_consumer/expand_op.c proved by Frama-C/WP against the
#        installed header and ACSL alone: build/results/consumer_wp.txt.
#   make xtensor-oracle   examples/xtensor_oracle: the oracle of sonnx_testing.hpp against
#        xtensor's broadcasting: build/results/xtensor_oracle.txt.

DEB_PACKAGES += cmake pkg-config libxtensor-dev

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
DESTDIR ?=

# The version, read from the header (SONNX_VERSION_MAJOR / MINOR / PATCH).
SONNX_SOMAJOR := $(shell awk '$$2 == "SONNX_VERSION_MAJOR" {print $$3}' src/sonnx_broadcast.h)
SONNX_VERSION_STR := $(shell awk '$$2 ~ /^SONNX_VERSION_(MAJOR|MINOR|PATCH)$$/ {print $$3}' \
                       src/sonnx_broadcast.h | paste -sd.)
SO_NAME := libsonnx_broadcast.so.$(SONNX_SOMAJOR)
SO_FILE := libsonnx_broadcast.so.$(SONNX_VERSION_STR)

# ---- the shared library: the same sources and flags, plus -fPIC ----
PIC_DIR := $(BUILD)/shared
PIC_OBJS := $(patsubst src/%.c,$(PIC_DIR)/obj/%.o,$(SRC_C))

$(PIC_DIR)/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC $(CPPFLAGS) -c $< -o $@

# The public functions are the ones the public header declares (a line `<type> sonnx_name(`);
# everything else, the private sonnx_* helpers of src/sonnx_internal.h included, stays local. An
# anonymous version node: a named one would add its own symbol to `nm -D`.
$(PIC_DIR)/sonnx_broadcast.map: src/sonnx_broadcast.h tools/install.mk
	@mkdir -p $(dir $@)
	@{ echo "{"; echo "  global:"; \
	   grep -oE '^[a-z_]+( \*)? ?sonnx_[a-z0-9_]+\(' $< | sed -E 's/.*(sonnx_[a-z0-9_]+)\(/    \1;/' | sort -u; \
	   echo "  local: *;"; echo "};"; } > $@

$(PIC_DIR)/$(SO_FILE): $(PIC_OBJS) $(PIC_DIR)/sonnx_broadcast.map
	$(CC) -shared -Wl,-soname,$(SO_NAME) -Wl,--version-script=$(PIC_DIR)/sonnx_broadcast.map \
	  -Wl,--no-undefined -Wl,-z,relro -Wl,-z,now $(PIC_OBJS) -o $@

.PHONY: shared install uninstall install-check consumer-c consumer-cxx consumer-wp xtensor-oracle \
        scratch-install
shared: $(PIC_DIR)/$(SO_FILE)

# What `make install` writes, relative to the prefix directories (uninstall removes these).
INST_HEADERS := $(notdir $(wildcard src/sonnx_broadcast.h src/sonnx_broadcast.hpp src/sonnx_testing.hpp))
INST_ACSL := $(notdir $(wildcard spec/acsl/*.h))
PKG_SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
  -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@DATADIR@|$(DATADIR)|g' -e 's|@VERSION@|$(SONNX_VERSION_STR)|g' \
  -e 's|@SOMAJOR@|$(SONNX_SOMAJOR)|g'

install: $(BUILD)/libsonnx_broadcast.a $(PIC_DIR)/$(SO_FILE)
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/sonnx_broadcast \
	  $(DESTDIR)$(INCLUDEDIR)/sonnx_broadcast/acsl $(DESTDIR)$(DATADIR)/sonnx_broadcast/why3
	install -m 644 $(BUILD)/libsonnx_broadcast.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(PIC_DIR)/$(SO_FILE) $(DESTDIR)$(LIBDIR)/
	ln -sf $(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SO_NAME)
	ln -sf $(SO_NAME) $(DESTDIR)$(LIBDIR)/libsonnx_broadcast.so
	install -m 644 $(addprefix src/,$(INST_HEADERS)) $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(addprefix spec/acsl/,$(INST_ACSL)) $(DESTDIR)$(INCLUDEDIR)/sonnx_broadcast/acsl/
	install -m 644 proofs/why3/z3_lean.drv $(DESTDIR)$(DATADIR)/sonnx_broadcast/why3/
	$(PKG_SUBST) tools/pkg/sonnx_broadcast.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/sonnx_broadcast.pc
	$(PKG_SUBST) tools/pkg/sonnx_broadcastConfig.cmake.in \
	  > $(DESTDIR)$(LIBDIR)/cmake/sonnx_broadcast/sonnx_broadcastConfig.cmake
	$(PKG_SUBST) tools/pkg/sonnx_broadcastConfigVersion.cmake.in \
	  > $(DESTDIR)$(LIBDIR)/cmake/sonnx_broadcast/sonnx_broadcastConfigVersion.cmake

uninstall:
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,libsonnx_broadcast.a $(SO_FILE) $(SO_NAME) libsonnx_broadcast.so \
	  pkgconfig/sonnx_broadcast.pc cmake/sonnx_broadcast/sonnx_broadcastConfig.cmake \
	  cmake/sonnx_broadcast/sonnx_broadcastConfigVersion.cmake)
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(INST_HEADERS)) \
	  $(addprefix $(DESTDIR)$(INCLUDEDIR)/sonnx_broadcast/acsl/,$(INST_ACSL))
	rm -f $(DESTDIR)$(DATADIR)/sonnx_broadcast/why3/z3_lean.drv
	-rmdir $(DESTDIR)$(INCLUDEDIR)/sonnx_broadcast/acsl $(DESTDIR)$(INCLUDEDIR)/sonnx_broadcast \
	  $(DESTDIR)$(LIBDIR)/cmake/sonnx_broadcast $(DESTDIR)$(DATADIR)/sonnx_broadcast/why3 \
	  $(DESTDIR)$(DATADIR)/sonnx_broadcast 2>/dev/null
	-rmdir $(DESTDIR)$(LIBDIR)/cmake $(DESTDIR)$(LIBDIR)/pkgconfig 2>/dev/null

# ---- the stages of `make check`: everything from a scratch prefix, never from src/ ----
PKG_DIR := $(BUILD)/pkg
SCRATCH := $(CURDIR)/$(PKG_DIR)/prefix

scratch-install: $(BUILD)/libsonnx_broadcast.a $(PIC_DIR)/$(SO_FILE)
	@rm -rf $(SCRATCH)
	@$(MAKE) --no-print-directory -s install PREFIX=$(SCRATCH) DESTDIR= LIBDIR=$(SCRATCH)/lib \
	  INCLUDEDIR=$(SCRATCH)/include DATADIR=$(SCRATCH)/share > /dev/null

install-check: $(BUILD)/libsonnx_broadcast.a $(PIC_DIR)/$(SO_FILE)
	@bash tools/install_check.sh "$(PKG_DIR)" "$(SO_FILE)" "$(SO_NAME)" "$(SONNX_VERSION_STR)"

consumer-c: scratch-install
	@bash examples/c_consumer/run.sh "$(SCRATCH)" "$(PKG_DIR)/c_consumer"

consumer-cxx: scratch-install
	@bash examples/cxx_consumer/run.sh "$(SCRATCH)" "$(PKG_DIR)/cxx_consumer"

consumer-wp: scratch-install
	@bash examples/wp_consumer/run.sh "$(SCRATCH)" "$(PKG_DIR)/wp_consumer"

xtensor-oracle: scratch-install
	@bash examples/xtensor_oracle/run.sh "$(SCRATCH)" "$(PKG_DIR)/xtensor_oracle"
