/* Arithmetic facts the provers do not find alone (nonlinear steps).
 *
 * They are lemma *functions* (ghost C functions whose contract is the fact),
 * not ACSL `lemma`s: a global quantified lemma over `*` is handed to every
 * goal and sends the provers instantiating it (seen here: eight goals of the
 * shape checker timed out once it was global). A lemma function is proved
 * once and brought in only where a ghost call names it. */
#ifndef SONNX_ARITH_LEMMAS_H
#define SONNX_ARITH_LEMMAS_H
/*@ ghost
  /@ requires b <= a;
     assigns \nothing;
     ensures b * c <= a * c;
  @/
  static void lemma_mul_le_mono(size_t a, size_t b, size_t c) { }
*/
/* A product as one logic symbol. Provers do not replace equal factors under `*` when the
   context also holds recursive definitions (measured: z3 and cvc4 time out on a*b == c*d from
   a == c and b == d; the products are left to the nonlinear solver, which their quantifier rounds
   starve); under an uninterpreted symbol, equal arguments give equal results by congruence. A
   frame step of a recursive product (count_from, padded_block, ...) is then stated as
   f(k) == times(factor, f(k + 1)) at both states.
   The case split keeps Why3 from inlining the definition back into `*` (it inlines bodies of
   one operation), and times_mul / times_mul_swap turn it back into the product, with the very
   product term of the definitions it meets in either order (no nonlinear step). A definition and a proved lemma, no axiom; the
   lemma is global but harmless elsewhere: its only trigger is `times`, which only the ghost
   frame steps of src/sonnx_xla.c mention. */
/*@ logic integer times(integer a, integer b) = a == 0 ? 0 : a * b;
    lemma times_mul: \forall integer a, b; times(a, b) == a * b;
    lemma times_mul_swap: \forall integer a, b; times(a, b) == b * a;
*/
#endif
