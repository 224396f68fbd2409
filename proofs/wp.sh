#!/usr/bin/env bash
# Runs Frama-C/WP over the proven core, the one way proofs are run (make proofs,
# make check, CI). Writes build/proofs/{wp.log,wp.json} and, through
# tools/wp_summary.py, the per-function results committed in proofs/results.json.
# The flags are the project's proof standard (DEVELOPERS.md): keep both
# -warn-unsigned-* so that a wrapping size_t is a failed goal.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/proofs
mkdir -p "$out"
WP_TIMEOUT=${WP_TIMEOUT:-20}
WP_PAR=${WP_PAR:-$(nproc)}
common_flags=(
  -cpp-extra-args="-Isrc -Ispec/acsl"
  -wp -wp-rte -warn-unsigned-overflow -warn-unsigned-downcast
  -wp-prover z3,cvc4 -wp-timeout "$WP_TIMEOUT" -wp-par "$WP_PAR"
  -wp-cache update -wp-cache-dir "$out/cache"
)
flags=("${common_flags[@]}" -wp-report-json "$out/wp.json")
# A function listed as "<function> *" in open-goals.txt has its proof open as a
# whole: WP skips it (its goals would only burn prover time), and the summary
# reports it as open, never as proved.
skipped=$(awk '!/^#/ && $2 == "*" {print $1}' proofs/open-goals.txt | paste -sd, -)
if [ -n "$skipped" ]; then flags+=(-wp-skip-fct "$skipped"); fi
printf '%s\n' "frama-c ${flags[*]} src/*.c" > "$out/command.txt"
# The tool versions of this run, for the evidence report (tools/evidence.py).
{ echo "frama-c $(frama-c -version)"; why3 --version 2>&1; z3 --version; cvc4 --version | head -1; } > "$out/versions.txt" 2>&1 || true
rm -f "$out/wp.json" "$out/lemmas.json"
start=$(date +%s)
frama-c "${flags[@]}" src/*.c > "$out/wp.log" 2>&1 || { tail -30 "$out/wp.log"; exit 1; }
# The global ACSL lemmas (spec/acsl): with -wp-skip-fct WP generates no lemma goal, so
# they get their own run; wp_summary.py fails if one is unproved or this report is missing.
lemma_flags=("${common_flags[@]}" -wp-report-json "$out/lemmas.json" -wp-prop=@lemma)
printf '%s\n' "frama-c ${lemma_flags[*]} src/*.c" >> "$out/command.txt"
frama-c "${lemma_flags[@]}" src/*.c > "$out/lemmas.log" 2>&1 || { tail -30 "$out/lemmas.log"; exit 1; }
echo "$(( $(date +%s) - start ))" > "$out/wall-seconds.txt"
python3 tools/wp_summary.py "$out/wp.json" "$out/wp.log" proofs/open-goals.txt proofs/results.json "$out/lemmas.json"
