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
#endif
