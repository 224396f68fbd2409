# Sourced by proofs/wp.sh and proofs/smoke.sh with $why3_dir set: writes the private why3
# config "$why3_dir/why3.conf" and exports WHY3CONFIG; ~/.why3.conf is untouched.
# Provers: z3 and cvc4 as `why3 config detect` found them (tools/install-deps.sh),
# plus z3-lean: the same z3 with a driver (proofs/why3/z3_lean.drv) that leaves out
# two transitivity lemmas of WP's memory theory, on which z3 loops in the goals that
# carry frames across writes; and z3-eager: z3 with smt.qi.eager_threshold=3, used by
# wp.sh's second run for the functions of proofs/eager.txt only (each with its reason).
why3_datadir=$(why3 --print-datadir)
sed "s#@WHY3_DATADIR@#$why3_datadir#g" proofs/why3/z3_lean.drv > "$why3_dir/z3_lean.drv"
cp ~/.why3.conf "$why3_dir/why3.conf"
z3_path=$(command -v z3)
cat >> "$why3_dir/why3.conf" <<EOF

[prover]
alternative = "lean"
command = "$z3_path -smt2 -T:%t sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st %f"
command_steps = "$z3_path -smt2 sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st rlimit=%S %f"
driver = "$PWD/$why3_dir/z3_lean.drv"
editor = ""
in_place = false
interactive = false
name = "Z3"
shortcut = "z3-lean"
version = "$(z3 --version | awk '{print $3}')"

[prover]
alternative = "eager"
command = "$z3_path -smt2 -T:%t sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 smt.qi.eager_threshold=3 -st %f"
command_steps = "$z3_path -smt2 sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 smt.qi.eager_threshold=3 -st rlimit=%S %f"
driver = "$why3_datadir/drivers/z3_471.drv"
editor = ""
in_place = false
interactive = false
name = "Z3"
shortcut = "z3-eager"
version = "$(z3 --version | awk '{print $3}')"
EOF
export WHY3CONFIG="$PWD/$why3_dir/why3.conf"
