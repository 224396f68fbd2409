#!/usr/bin/env bash
# Runs Frama-C/WP over the proven core, the one way proofs are run (make proofs,
# make check, CI). Writes build/proofs/{wp.log,wp.json} and, through
# tools/wp_summary.py, this run's per-function results build/proofs/results.json,
# which it compares with the committed proofs/results.json: fewer goals or fewer
# proved goals in any function or lemma fail (`make proofs-accept` updates them).
# The flags are the project's proof standard (its developers' guide), in proofs/wp_flags.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/proofs
mkdir -p "$out"
WP_TIMEOUT=${WP_TIMEOUT:-20}
WP_PAR=${WP_PAR:-$(nproc)}
# Provers: z3, cvc4 and z3-lean (z3 with proofs/why3/z3_lean.drv); the private why3
# config and the reasons for z3-lean and z3-eager are in proofs/why3/config.sh.
why3_dir=$out
source proofs/why3/config.sh
source proofs/wp_flags.sh   # wp_standard, wp_fct_timeouts, wp_eager: shared with smoke.sh, make mutants
common_flags=(
  "${wp_standard[@]}"
  -wp-timeout "$WP_TIMEOUT" -wp-par "$WP_PAR"
  -wp-cache update -wp-cache-dir "$out/cache"
)
flags=("${common_flags[@]}" -wp-prover z3,cvc4,z3-lean -wp-report-json "$out/wp.json")
# A function listed as "<function> *" in open-goals.txt has its proof open as a
# whole: WP skips it (its goals would only burn prover time), and the summary
# reports it as open, never as proved.
skipped=$(awk '!/^#/ && $2 == "*" {print $1}' proofs/open-goals.txt | paste -sd, -)
# The functions of proofs/eager.txt (each with its reason) are proved in a second run
# that adds z3-eager: the same z3 and driver with smt.qi.eager_threshold=3, which
# defers the instances of the recursive definitions (count_from, tensors_dim,
# tensors_rank, ...) that feed on themselves, so that the one instance a goal needs
# comes first. A prover option changes which goals are found, never what a proof means.
eager=$wp_eager
skip_main=$(printf '%s\n%s\n' "$skipped" "$eager" | grep -v '^$' | paste -sd, - || true)
if [ -n "$skip_main" ]; then flags+=(-wp-skip-fct "$skip_main"); fi
# Per-function timeouts (proofs/timeouts.txt, each with its reason): raised for one
# function rather than for every goal.
fct_timeouts=$wp_fct_timeouts
if [ -n "$fct_timeouts" ]; then flags+=(-wp-fct-timeout "$fct_timeouts"); fi
printf '%s\n' "frama-c ${flags[*]} src/*.c" > "$out/command.txt"
# The tool versions of this run, for the evidence report (tools/evidence.py).
{ echo "frama-c $(frama-c -version)"; why3 --version 2>&1; z3 --version; cvc4 --version | head -1
  echo "z3-lean: z3 with proofs/why3/z3_lean.drv, sha256 $(sha256sum proofs/why3/z3_lean.drv | cut -c1-16)"; } > "$out/versions.txt" 2>&1 || true
rm -f "$out/wp.json" "$out/wp-eager.json" "$out/lemmas.json" "$out/results.json" "$out/run-verdict.txt"
start=$(date +%s)
frama-c "${flags[@]}" src/*.c > "$out/wp.log" 2>&1 || { tail -30 "$out/wp.log"; exit 1; }
if [ -n "$eager" ]; then
  eager_flags=("${common_flags[@]}" -wp-prover z3,cvc4,z3-lean,z3-eager -wp-fct "$eager"
               -wp-report-json "$out/wp-eager.json")
  if [ -n "$fct_timeouts" ]; then eager_flags+=(-wp-fct-timeout "$fct_timeouts"); fi
  printf '%s\n' "frama-c ${eager_flags[*]} src/*.c" >> "$out/command.txt"
  frama-c "${eager_flags[@]}" src/*.c > "$out/wp-eager.log" 2>&1 || { tail -30 "$out/wp-eager.log"; exit 1; }
  # One report and one log for the summary: the second run's functions join the first's.
  python3 - "$out/wp.json" "$out/wp-eager.json" <<'PY'
import json, sys
main, extra = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
fns = main.setdefault("wp:functions", {})
for fn, props in extra.get("wp:functions", {}).items():
    if fn in fns:
        sys.exit(f"FAIL: {fn} was proved in both WP runs")
    fns[fn] = props
json.dump(main, open(sys.argv[1], "w", encoding="utf-8"), indent=1)
PY
  cat "$out/wp-eager.log" >> "$out/wp.log"
fi
# The global ACSL lemmas (spec/acsl): with -wp-skip-fct WP generates no lemma goal, so
# they get their own run; wp_summary.py fails if one is unproved or this report is missing.
lemma_flags=("${common_flags[@]}" -wp-prover z3,cvc4,z3-lean -wp-report-json "$out/lemmas.json" -wp-prop=@lemma)
printf '%s\n' "frama-c ${lemma_flags[*]} src/*.c" >> "$out/command.txt"
frama-c "${lemma_flags[@]}" src/*.c > "$out/lemmas.log" 2>&1 || { tail -30 "$out/lemmas.log"; exit 1; }
echo "$(( $(date +%s) - start ))" > "$out/wall-seconds.txt"
python3 tools/wp_summary.py "$out/wp.json" "$out/wp.log" proofs/open-goals.txt "$out/results.json" "$out/lemmas.json" \
  --baseline proofs/results.json
