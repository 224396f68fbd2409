#!/usr/bin/env bash
# Installs the Debian packages given as arguments when they are missing, then
# makes why3 know the provers (WP sees no prover before `why3 config detect`).
set -euo pipefail
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep "install ok installed" > /dev/null || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" > /dev/null
fi
if ! grep -qs 'name = "Z3"' ~/.why3.conf || ! grep -qs 'name = "CVC4"' ~/.why3.conf; then
  why3 config detect > /dev/null
fi
echo "deps: ok ($(frama-c -version), why3 $(why3 --version 2>/dev/null | awk '{print $NF}'), $(z3 --version), $(cvc4 --version | head -1 | sed 's/This is //'))"
