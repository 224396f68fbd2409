# proofs/wp_flags.sh: the project's proof standard, in one place. Sourced (bash) by every WP
# run: proofs/wp.sh (make proofs), proofs/smoke.sh (the smoke tests) and tools/mutants/run.py
# (make mutants), so that the three cannot drift apart. Sets:
#   wp_standard       the flags every WP run carries: the preprocessing (the headers of
#                     ${wp_src:-src} and spec/acsl), -wp -wp-rte, and both -warn-unsigned-*
#                     so that a wrapping size_t is a failed goal (the developers' guide)
#   wp_fct_timeouts   "function:seconds,..." from proofs/timeouts.txt, each with its reason
#                     there: a timeout raised for one function rather than for every goal
#   wp_eager          "function,..." from proofs/eager.txt (each with its reason): the
#                     functions proved with z3-eager too (proofs/why3/config.sh says what it is)
# Run from the repository root.
wp_standard=(
  -cpp-extra-args="-I${wp_src:-src} -Ispec/acsl"
  -wp -wp-rte -warn-unsigned-overflow -warn-unsigned-downcast
)
wp_fct_timeouts=$(awk '!/^#/ && NF >= 2 {printf "%s%s:%s", sep, $1, $2; sep=","}' proofs/timeouts.txt)
wp_eager=$(awk '!/^#/ && NF >= 1 {print $1}' proofs/eager.txt | paste -sd, -)
