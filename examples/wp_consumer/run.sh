#!/usr/bin/env bash
# `make consumer-wp` (tools/install.mk): proves examples/wp_consumer/expand_op.c with Frama-C/WP
# against the installed header and ACSL logic alone (the scratch prefix $1, through pkg-config's
# includedir and acsldir; no file of src/ or spec/), with the project's proof flags (-wp-rte,
# both -warn-unsigned-*; provers z3, cvc4 and z3-lean, 20 s per goal). Writes build/results/consumer_wp.txt:
# the goals of runtime_expand and its two helpers proved and not proved (the library's own ghost
# lemma functions, which the header carries, are proved by `make proofs`, not here).
set -uo pipefail
prefix=$1 out=$2
mkdir -p "$out" build/results
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
inc=$(pkg-config --variable=includedir sonnx_broadcast) acsl=$(pkg-config --variable=acsldir sonnx_broadcast)
# The provers of the library's own proofs (proofs/wp.sh): z3, cvc4, and z3 with the installed lean
# driver, on which z3 does not loop in the goals that carry a count across a write. A private
# why3 configuration adds it; ~/.why3.conf is untouched.
driver=$(pkg-config --variable=why3driver sonnx_broadcast)
sed "s#@WHY3_DATADIR@#$(why3 --print-datadir)#g" "$driver" > "$out/z3_lean.drv"
cp ~/.why3.conf "$out/why3.conf"
z3_path=$(command -v z3)
cat >> "$out/why3.conf" <<EOC

[prover]
alternative = "lean"
command = "$z3_path -smt2 -T:%t sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st %f"
command_steps = "$z3_path -smt2 sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st rlimit=%S %f"
driver = "$PWD/$out/z3_lean.drv"
editor = ""
in_place = false
interactive = false
name = "Z3"
shortcut = "z3-lean"
version = "$(z3 --version | awk '{print $3}')"
EOC
export WHY3CONFIG="$PWD/$out/why3.conf"
echo "consumer-wp: frama-c -cpp-extra-args=\"-I$inc -I$acsl\" -wp -wp-rte -warn-unsigned-overflow -warn-unsigned-downcast expand_op.c"
frama-c -cpp-extra-args="-I$inc -I$acsl" \
  -wp -wp-rte -warn-unsigned-overflow -warn-unsigned-downcast \
  -wp-prover z3,cvc4,z3-lean -wp-timeout 20 -wp-par "${WP_PAR:-2}" -wp-fct runtime_expand,expand_keeping,count_keeping \
  examples/wp_consumer/expand_op.c > "$out/wp.log" 2>&1
status=$?
# The files Frama-C's preprocessing reads (__FRAMAC__ set, as Frama-C sets it): the prefix's
# header and ACSL files, nothing from the source tree.
gcc -M -D__FRAMAC__ -I"$inc" -I"$acsl" examples/wp_consumer/expand_op.c > "$out/deps.txt" || status=1
if grep -qE '(^| )(\./)?(src|spec)/' "$out/deps.txt" || ! grep -q "$acsl/shape_logic.h" "$out/deps.txt"; then
  echo "consumer-wp: the header or ACSL files did not come from the prefix"; status=1
fi
grep -E '^\[wp\] \[(Failed|Timeout|Unknown)' "$out/wp.log"
line=$(grep -E '^\[wp\] Proved goals: +[0-9]+ / [0-9]+' "$out/wp.log")
echo "consumer-wp: ${line#\[wp\] }"
p=$(echo "$line" | awk '{print $4}') t=$(echo "$line" | awk '{print $6}')
p=${p:-0} t=${t:-1}
f=$((t - p))
if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
echo "$p $f consumer-wp: WP goals of a caller proved against the installed header and ACSL alone" > build/results/consumer_wp.txt
[ "$f" -eq 0 ]
