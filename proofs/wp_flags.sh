# proofs/wp_flags.sh: the project's proof standard, in one place. Sourced (bash) by every WP
# run: proofs/wp.sh (make proofs), proofs/smoke.sh (the smoke tests) and tools/mutants/run.py
# (make mutants), so that the three cannot drift apart. Sets:
#   wp_standard       the flags every WP run carries: the preprocessing (the headers of
#                     ${wp_src:-src} and spec/acsl), -wp -wp-rte, and both -warn-unsigned-*
#                     so that a wrapping size_t is a failed goal (the developers' guide)
#   wp_timeout        WP_TIMEOUT (20 s unless set) times wp_limit_scale
#   wp_fct_timeouts   "function:seconds,..." from proofs/timeouts.txt, each with its reason
#                     there (a timeout raised for one function rather than for every goal),
#                     each times wp_limit_scale
#   wp_eager          "function,..." from proofs/eager.txt (each with its reason): the
#                     functions proved with z3-eager too (proofs/why3/config.sh says what it is)
# Input: wp_limit_scale (1 unless set). Prover limits are wall-clock time: cvc4 proves
# sonnx_broadcast's assert facts in 13 s alone and timed out at 20 s beside three busy loops
# on the two cores (14 s of CPU, 2026-11-28). The limits were set for one frama-c with two
# prover slots on the machine; a caller that runs k times as many provers at once (wp.sh's
# lanes, make mutants' jobs) sets wp_limit_scale=k, so that each prover keeps the CPU time
# it had. Scaling costs CPU only where every prover runs out of time.
# Run from the repository root.
wp_standard=(
  -cpp-extra-args="-I${wp_src:-src} -Ispec/acsl"
  -wp -wp-rte -warn-unsigned-overflow -warn-unsigned-downcast
)
wp_timeout=$(( ${WP_TIMEOUT:-20} * ${wp_limit_scale:-1} ))
wp_fct_timeouts=$(awk -v k="${wp_limit_scale:-1}" \
  '!/^#/ && NF >= 2 {printf "%s%s:%d", sep, $1, $2 * k; sep=","}' proofs/timeouts.txt)
wp_eager=$(awk '!/^#/ && NF >= 1 {print $1}' proofs/eager.txt | paste -sd, -)
