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
# Provers: z3, cvc4 and z3-lean (z3 with proofs/why3/z3_lean.drv); the private why3
# config and the reasons for z3-lean and z3-eager are in proofs/why3/config.sh.
why3_dir=$out
source proofs/why3/config.sh
# The run is split into shards (tools/wp_shards.py: why, and why the split changes no goal),
# WP_LANES of them at a time (one per core), each frama-c with -wp-par WP_PAR (2). Keep
# WP_PAR at 2 or more: with one slot WP tries the provers of a goal one after the other in
# -wp-prover's order, so a goal cvc4 proves in 0.1 s first waits for z3's timeout (numpy_dim
# alone: 46 s with -wp-par 1, 5.8 s with 2, 2026-11-28); with two, they race and the loser
# is killed.
WP_LANES=${WP_LANES:-$(nproc)}
WP_PAR=${WP_PAR:-2}
WP_SHARDS=${WP_SHARDS:-12}
# WP_LANES frama-c at once run WP_LANES times the provers the limits were set for, and the
# limits are wall-clock: so every limit (WP_TIMEOUT, proofs/timeouts.txt) is multiplied by
# WP_LANES (proofs/wp_flags.sh says why, with the measurement).
wp_limit_scale=$WP_LANES
# wp_standard, wp_timeout, wp_fct_timeouts, wp_eager: shared with smoke.sh and make mutants
source proofs/wp_flags.sh
common_flags=(
  "${wp_standard[@]}"
  -wp-timeout "$wp_timeout" -wp-par "$WP_PAR"
  -wp-cache update -wp-cache-dir "$out/cache"
)
# A function listed as "<function> *" in open-goals.txt has its proof open as a
# whole: WP skips it (its goals would only burn prover time), and the summary
# reports it as open, never as proved.
skipped=$(awk '!/^#/ && $2 == "*" {print $1}' proofs/open-goals.txt | paste -sd, -)
# The functions of proofs/eager.txt (each with its reason) are proved in a shard of their
# own that adds z3-eager: the same z3 and driver with smt.qi.eager_threshold=3, which
# defers the instances of the recursive definitions (count_from, tensors_dim,
# tensors_rank, ...) that feed on themselves, so that the one instance a goal needs
# comes first. A prover option changes which goals are found, never what a proof means.
eager=$wp_eager
# Per-function timeouts (proofs/timeouts.txt, each with its reason): raised for one
# function rather than for every goal.
timeout_flags=()
if [ -n "$wp_fct_timeouts" ]; then timeout_flags=(-wp-fct-timeout "$wp_fct_timeouts"); fi
# The tool versions of this run, for the evidence report (tools/evidence.py).
{ echo "frama-c $(frama-c -version)"; why3 --version 2>&1; z3 --version; cvc4 --version | head -1
  echo "z3-lean: z3 with proofs/why3/z3_lean.drv, sha256 $(sha256sum proofs/why3/z3_lean.drv | cut -c1-16)"; } > "$out/versions.txt" 2>&1 || true
rm -rf "$out/wp.json" "$out/lemmas.json" "$out/results.json" "$out/run-verdict.txt" "$out/shards" "$out/session"
mkdir -p "$out/shards"
start=$(date +%s)
# Every function with a body, from Frama-C itself (the same parse as the proofs).
frama-c "${wp_standard[@]:0:1}" -metrics -metrics-by-function src/*.c > "$out/shards/metrics.log" 2>&1 \
  || { tail -30 "$out/shards/metrics.log"; exit 1; }
sed -n 's|^ *Stats for function <.*/\([^/>]*\)>$|\1|p' "$out/shards/metrics.log" > "$out/shards/functions.txt"
not_planned=$(printf '%s\n%s\n' "$skipped" "$eager" | grep -v '^$' | paste -sd, - || true)
mapfile -t planned < <(python3 tools/wp_shards.py plan "$out/shards/functions.txt" proofs/results.json \
                       "$WP_SHARDS" "$not_planned")
[ "${#planned[@]}" -gt 0 ] || { echo "FAIL: no WP shard planned (tools/wp_shards.py)"; exit 1; }
# The prover that proved each goal in the last accepted run is tried first, alone
# (proofs/first-prover.txt, tools/wp_first_prover.py: why, and why the record orders the
# provers and proves nothing); a goal it does not name is raced. WP_FIRST_PROVER=0 races all.
if [ "${WP_FIRST_PROVER:-1}" != 0 ] && [ -f proofs/first-prover.txt ]; then
  python3 tools/wp_first_prover.py scripts proofs/first-prover.txt "$out/session" z3,cvc4,z3-lean,z3-eager
  first=" -wp-session $out/session -wp-prover script,"
else
  first=" -wp-prover "
fi
# Each shard: its name, then its selection flags; the report of shard <name> is <name>.json.
shard_names=(); shard_select=()
i=0
for fns in "${planned[@]}"; do
  i=$((i + 1)); shard_names+=("s$i"); shard_select+=("-wp-fct $fns${first}z3,cvc4,z3-lean")
done
# The catch-all: every function neither planned nor excluded (none when functions.txt is
# complete; it guards the proofs against a function the list missed).
all_listed=$(printf '%s\n' "${planned[@]}" "$not_planned" | grep -v '^$' | paste -sd, -)
shard_names+=(rest); shard_select+=("-wp-skip-fct $all_listed${first}z3,cvc4,z3-lean")
# The global ACSL lemmas (spec/acsl): with -wp-fct or -wp-skip-fct WP generates no lemma
# goal, so they get their own shard, reported apart (lemmas.json); wp_summary.py fails if
# one is unproved or that report is missing.
shard_names+=(lemmas); shard_select+=("-wp-prop=@lemma${first}z3,cvc4,z3-lean")
if [ -n "$eager" ]; then
  shard_names+=(eager); shard_select+=("-wp-fct $eager${first}z3,cvc4,z3-lean,z3-eager")
fi
shard_cmd() {  # sets cmd: the argv of shard $1 with selection flags $2 (no spaces inside a flag's argument)
  # shellcheck disable=SC2206
  cmd=(frama-c "${common_flags[@]}" "${timeout_flags[@]}" $2 -wp-report-json "$out/shards/$1.json" src/*.c)
}
run_shard() {  # $1 name, $2 selection flags
  local cmd
  shard_cmd "$1" "$2"
  # "<shard> <wall s> <cpu s> rc=<status>": the CPU of frama-c and the provers it waited for,
  # the measure that decides CI time on two cores (tools/stage_time.py, as make check's stages)
  rm -f "$out/shards/$1.time"
  python3 tools/stage_time.py --out "$out/shards/$1.time" "$1" -- "${cmd[@]}" > "$out/shards/$1.log" 2>&1
}
# The argv of each shard, one line per shard, written before the run (its time is the run's
# start for the evidence report's staleness check).
for k in "${!shard_names[@]}"; do
  shard_cmd "${shard_names[$k]}" "${shard_select[$k]}"; printf '%q ' "${cmd[@]}"; echo
done > "$out/command.txt"
for k in "${!shard_names[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$WP_LANES" ]; do wait -n || true; done
  run_shard "${shard_names[$k]}" "${shard_select[$k]}" &
done
wait
# One report and one log for the summary, in shard order; a failed or missing shard fails.
: > "$out/wp.log"
reports=()
for name in "${shard_names[@]}"; do
  if ! grep -q ' rc=0$' "$out/shards/$name.time" 2>/dev/null; then
    tail -30 "$out/shards/$name.log"; echo "FAIL: WP shard $name: $(cat "$out/shards/$name.time" 2>/dev/null)"; exit 1
  fi
  if [ "$name" = lemmas ]; then
    cp "$out/shards/lemmas.log" "$out/lemmas.log"; cp "$out/shards/lemmas.json" "$out/lemmas.json"; continue
  fi
  cat "$out/shards/$name.log" >> "$out/wp.log"
  [ -f "$out/shards/$name.json" ] || echo '{"wp:functions": {}}' > "$out/shards/$name.json"
  reports+=("$out/shards/$name.json")
done
cat "$out/shards/"*.time > "$out/shards/times.txt"
python3 tools/wp_shards.py merge "$out/wp.json" "${reports[@]}"
echo "$(( $(date +%s) - start ))" > "$out/wall-seconds.txt"
python3 tools/wp_summary.py "$out/wp.json" "$out/wp.log" proofs/open-goals.txt "$out/results.json" "$out/lemmas.json" \
  --baseline proofs/results.json
