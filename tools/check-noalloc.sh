#!/usr/bin/env bash
# @req LIB-NOALLOC: fails when an object of the core references a heap allocator.
set -euo pipefail
lib=$1
mkdir -p build/results
found=$(nm -u "$lib" | grep -E ' (malloc|calloc|realloc|free|aligned_alloc|posix_memalign|_Znwm|_Znam|_ZdlPv|_ZdaPv)$' || true)
if [ -n "$found" ]; then
  echo "noalloc: the core references an allocator:"; echo "$found"
  echo "0 1 no-allocation check (nm)" > build/results/noalloc.txt
  exit 1
fi
echo "noalloc: no allocator referenced by $lib ($(nm -u "$lib" | awk '{print $2}' | sort -u | tr '\n' ' '))"
echo "1 0 no-allocation check (nm)" > build/results/noalloc.txt
