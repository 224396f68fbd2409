/* The error text catalogue (README "Error messages"): one message per
 * status, naming the input, the axis, the sizes and the requirement ID.
 * @req LIB-ERR-MESSAGE: tested only (spec/README.md); the contract states no text.
 * snprintf is not used: its variadic contract is out of WP's reach, and the
 * few pieces a message has are simple to append by hand. */
#include "sonnx_internal.h"

#define DIGITS_MAX 20u /* SIZE_MAX on 64 bits has 20 decimal digits */
/* A NULL report with an input index and this position is the data of output m in
   sonnx_broadcast (its outputs argument): sonnx_error's comment in sonnx_broadcast.h. */
#define OUTPUTS_ARGUMENT 3u

static const char text_no_error[] = "no error";
static const char text_no_info[] = "no error information (err is NULL)";
static const char text_input[] = "input ";
static const char text_axis[] = ", axis ";
static const char text_colon[] = ": ";
static const char text_argument[] = "argument ";
static const char text_is_null[] = " is NULL (LIB-NULL)";
static const char text_data_null[] = "dims or data is NULL but its size is not zero (LIB-NULL)";
static const char text_output_null[] = "data is NULL but its size is not zero (LIB-NULL)";
static const char text_count[] = "number of inputs ";
static const char text_outside[] = " is outside [1, ";
static const char text_l_range[] = "] (SONNX-L-RANGE)";
static const char text_elem_size[] = "element size ";
static const char text_not_positive[] = " is not positive (LIB-ELEM-SIZE)";
static const char text_bdim[] = "broadcast dimension ";
static const char text_bdim_range[] = " is not below the rank ";
static const char text_bdim_below[] = " is below ";
static const char text_bdim_order[] = ", out of order (XLA-INDIM-ORDER)";
static const char text_indim[] = " (XLA-INDIM-ORDER)";
static const char text_bdims[] = "broadcast dimensions: ";
static const char text_bdims_given[] = " entries given, ";
static const char text_bdims_needed[] = " needed (XLA-INDIM-TUPLE)";
static const char text_rank[] = "rank ";
static const char text_exceeds[] = " exceeds ";
static const char text_lib_rank[] = " (LIB-RANK)";
static const char text_size[] = "size ";
static const char text_neither[] = " is neither ";
static const char text_nor_one[] = " nor 1";
static const char text_not_one[] = " is not 1";
static const char text_c1[] = " (SONNX-C1)";
static const char text_indim_match[] = " (XLA-INDIM-MATCH)";
static const char text_degenerate[] = " (XLA-DEGENERATE)";
static const char text_no_broadcast[] = " does not broadcast to ";
static const char text_overflow[] = "element count or byte size exceeds SIZE_MAX (LIB-OVERFLOW)";
static const char text_output[] = "output";
static const char text_space[] = " ";
static const char text_capacity[] = "capacity ";
static const char text_below[] = " is below the ";
static const char text_needed[] = " needed (LIB-CAPACITY)";
static const char text_unknown[] = "unknown status ";
static const char text_axis_start[] = "axis ";
static const char text_index[] = "index ";
static const char text_not_below[] = " is not below the size ";
static const char text_strides[] = " (LIB-STRIDES)";
static const char text_rank_above[] = " is above the target rank ";
static const char text_unidir[] = " (ONNX-UNIDIR)";

/* Appends text[0 .. len-1] at pos, writing only what fits before the slot
   kept for the final NUL. Returns pos + len, the length a large buffer gets. */
/*@ requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires \valid_read(text + (0 .. len - 1));
    requires pos + len < SONNX_MESSAGE_MAX;
    requires cap > 0 ==> \separated(buf + (0 .. cap - 1), text + (0 .. len - 1));
    assigns buf[0 .. cap - 1];
    ensures \result == pos + len;
*/
static size_t put_text(char *buf, size_t cap, size_t pos, const char *text, size_t len)
{
  size_t k = 0;
  /*@ loop invariant 0 <= k <= len;
      loop assigns k, buf[0 .. cap - 1];
      loop variant len - k;
  */
  while (k < len) {
    if (pos + k + 1u < cap) {
      buf[pos + k] = text[k];
    }
    k++;
  }
  return pos + len;
}

/* Appends value in decimal. */
/*@ requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires pos + DIGITS_MAX < SONNX_MESSAGE_MAX;
    assigns buf[0 .. cap - 1];
    ensures pos < \result <= pos + DIGITS_MAX;
*/
static size_t put_number(char *buf, size_t cap, size_t pos, size_t value)
{
  char digits[DIGITS_MAX];
  size_t v = value;
  size_t k = 0;
  /*@ loop invariant 0 <= k <= DIGITS_MAX;
      loop assigns k, v, digits[0 .. DIGITS_MAX - 1];
      loop variant DIGITS_MAX - k;
  */
  while (k < DIGITS_MAX) {
    digits[DIGITS_MAX - 1u - k] = (char)('0' + (int)(v % 10u));
    v /= 10u;
    k++;
  }
  size_t first = 0;
  /*@ loop invariant 0 <= first <= DIGITS_MAX - 1;
      loop assigns first;
      loop variant DIGITS_MAX - 1 - first;
  */
  while (first < DIGITS_MAX - 1u && digits[first] == '0') {
    first++;
  }
  return put_text(buf, cap, pos, digits + first, DIGITS_MAX - first);
}

/* "input m", then ", axis k" when the error has an axis, then ": ". */
/*@ requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires pos <= 8;
    assigns buf[0 .. cap - 1];
    ensures pos < \result <= pos + 55;
*/
static size_t put_location(char *buf, size_t cap, size_t pos, size_t input, size_t axis)
{
  size_t at = put_text(buf, cap, pos, text_input, sizeof text_input - 1u);
  at = put_number(buf, cap, at, input);
  if (axis != SONNX_NO_INDEX) {
    at = put_text(buf, cap, at, text_axis, sizeof text_axis - 1u);
    at = put_number(buf, cap, at, axis);
  }
  return put_text(buf, cap, at, text_colon, sizeof text_colon - 1u);
}

/* "output", then " m" when the error names output m, then ": ". */
/*@ requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires pos <= 8;
    assigns buf[0 .. cap - 1];
    ensures pos < \result <= pos + 29;
*/
static size_t put_output(char *buf, size_t cap, size_t pos, size_t output)
{
  size_t at = put_text(buf, cap, pos, text_output, sizeof text_output - 1u);
  if (output != SONNX_NO_INDEX) {
    at = put_text(buf, cap, at, text_space, sizeof text_space - 1u);
    at = put_number(buf, cap, at, output);
  }
  return put_text(buf, cap, at, text_colon, sizeof text_colon - 1u);
}

/* "A" x "B" y "C": the shape of most messages. */
/*@ requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires pos <= 70;
    requires \valid_read(a + (0 .. la - 1)) && \valid_read(b + (0 .. lb - 1)) &&
             \valid_read(c + (0 .. lc - 1));
    requires la <= 40 && lb <= 40 && lc <= 40;
    requires cap > 0 ==> \separated(buf + (0 .. cap - 1), a + (0 .. la - 1), b + (0 .. lb - 1),
                                    c + (0 .. lc - 1));
    assigns buf[0 .. cap - 1];
    ensures \result <= pos + 160;
*/
static size_t put_two_numbers(char *buf, size_t cap, size_t pos, const char *a, size_t la,
                              size_t x, const char *b, size_t lb, size_t y, const char *c,
                              size_t lc)
{
  size_t at = put_text(buf, cap, pos, a, la);
  at = put_number(buf, cap, at, x);
  at = put_text(buf, cap, at, b, lb);
  at = put_number(buf, cap, at, y);
  return put_text(buf, cap, at, c, lc);
}

/* The size an incompatible input had, against the requirement the rule names
   (sonnx_error.rule; a value outside sonnx_rule reads as SONNX_RULE_SONNX):
   - ONNX-UNIDIR, an input that does not broadcast to a target shape:
     "size s does not broadcast to e (ONNX-UNIDIR)";
   - the size rules, where s had to be e or 1: "size s is neither e nor 1 (ID)", or
     "size s is not 1 (ID)" when e is 1 ("neither 1 nor 1" would read as a typo). */
/*@ requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires pos <= 70;
    assigns buf[0 .. cap - 1];
    ensures \result <= pos + 160;
*/
static size_t put_size_rule(char *buf, size_t cap, size_t pos, size_t size, size_t expected,
                            sonnx_rule rule)
{
  if (rule == SONNX_RULE_ONNX_UNIDIR) {
    return put_two_numbers(buf, cap, pos, text_size, sizeof text_size - 1u, size, text_no_broadcast,
                           sizeof text_no_broadcast - 1u, expected, text_unidir,
                           sizeof text_unidir - 1u);
  }
  size_t at = put_text(buf, cap, pos, text_size, sizeof text_size - 1u);
  at = put_number(buf, cap, at, size);
  if (expected == 1u) {
    at = put_text(buf, cap, at, text_not_one, sizeof text_not_one - 1u);
  } else {
    at = put_text(buf, cap, at, text_neither, sizeof text_neither - 1u);
    at = put_number(buf, cap, at, expected);
    at = put_text(buf, cap, at, text_nor_one, sizeof text_nor_one - 1u);
  }
  if (rule == SONNX_RULE_XLA_INDIM_MATCH) {
    at = put_text(buf, cap, at, text_indim_match, sizeof text_indim_match - 1u);
  } else if (rule == SONNX_RULE_XLA_DEGENERATE) {
    at = put_text(buf, cap, at, text_degenerate, sizeof text_degenerate - 1u);
  } else {
    at = put_text(buf, cap, at, text_c1, sizeof text_c1 - 1u);
  }
  return at;
}

/*@ requires \valid_read(err);
    requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires cap > 0 ==> \separated(buf + (0 .. cap - 1), err);
    assigns buf[0 .. cap - 1];
    ensures \result < SONNX_MESSAGE_MAX;
*/
static size_t put_message(const sonnx_error *err, char *buf, size_t cap)
{
  size_t at = 0;
  switch (err->status) {
  case SONNX_OK:
    return put_text(buf, cap, at, text_no_error, sizeof text_no_error - 1u);
  case SONNX_ERR_NULL:
    if (err->input == SONNX_NO_INDEX) {
      at = put_text(buf, cap, at, text_argument, sizeof text_argument - 1u);
      at = put_number(buf, cap, at, err->expected);
      return put_text(buf, cap, at, text_is_null, sizeof text_is_null - 1u);
    }
    if (err->expected == OUTPUTS_ARGUMENT) {
      at = put_output(buf, cap, at, err->input);
      return put_text(buf, cap, at, text_output_null, sizeof text_output_null - 1u);
    }
    at = put_location(buf, cap, at, err->input, err->axis);
    return put_text(buf, cap, at, text_data_null, sizeof text_data_null - 1u);
  case SONNX_ERR_ARGUMENT:
    if (err->input == SONNX_NO_INDEX && err->axis != SONNX_NO_INDEX) {
      at = put_text(buf, cap, at, text_axis_start, sizeof text_axis_start - 1u);
      at = put_number(buf, cap, at, err->axis);
      at = put_text(buf, cap, at, text_colon, sizeof text_colon - 1u);
      return put_two_numbers(buf, cap, at, text_index, sizeof text_index - 1u, err->size,
                             text_not_below, sizeof text_not_below - 1u, err->expected,
                             text_strides, sizeof text_strides - 1u);
    }
    /* A broadcast dimension list of the wrong length: expected is a rank (<= SONNX_MAX_RANK),
       never an input count bound (SONNX_MAX_INPUTS, or the C++ layer's max_inputs). */
    if (err->input == SONNX_NO_INDEX && err->expected <= SONNX_MAX_RANK) {
      return put_two_numbers(buf, cap, at, text_bdims, sizeof text_bdims - 1u, err->size,
                             text_bdims_given, sizeof text_bdims_given - 1u, err->expected,
                             text_bdims_needed, sizeof text_bdims_needed - 1u);
    }
    if (err->input == SONNX_NO_INDEX) {
      return put_two_numbers(buf, cap, at, text_count, sizeof text_count - 1u, err->size,
                             text_outside, sizeof text_outside - 1u, err->expected,
                             text_l_range, sizeof text_l_range - 1u);
    }
    at = put_location(buf, cap, at, err->input, err->axis);
    if (err->axis == SONNX_NO_INDEX) {
      at = put_text(buf, cap, at, text_elem_size, sizeof text_elem_size - 1u);
      at = put_number(buf, cap, at, err->size);
      return put_text(buf, cap, at, text_not_positive, sizeof text_not_positive - 1u);
    }
    /* Entry `axis` of a broadcast dimension list: size >= expected when it is not below the
       rank (expected), size < expected when it is not above the entry before it (expected is
       then that entry + 1, the least value allowed). */
    if (err->size >= err->expected) {
      return put_two_numbers(buf, cap, at, text_bdim, sizeof text_bdim - 1u, err->size,
                             text_bdim_range, sizeof text_bdim_range - 1u, err->expected,
                             text_indim, sizeof text_indim - 1u);
    }
    return put_two_numbers(buf, cap, at, text_bdim, sizeof text_bdim - 1u, err->size,
                           text_bdim_below, sizeof text_bdim_below - 1u, err->expected,
                           text_bdim_order, sizeof text_bdim_order - 1u);
  case SONNX_ERR_RANK:
    at = put_location(buf, cap, at, err->input, err->axis);
    return put_two_numbers(buf, cap, at, text_rank, sizeof text_rank - 1u, err->size,
                           text_exceeds, sizeof text_exceeds - 1u, err->expected,
                           text_lib_rank, sizeof text_lib_rank - 1u);
  case SONNX_ERR_INCOMPATIBLE:
    at = put_location(buf, cap, at, err->input, err->axis);
    if (err->axis == SONNX_NO_INDEX) {
      return put_two_numbers(buf, cap, at, text_rank, sizeof text_rank - 1u, err->size,
                             text_rank_above, sizeof text_rank_above - 1u, err->expected,
                             text_unidir, sizeof text_unidir - 1u);
    }
    return put_size_rule(buf, cap, at, err->size, err->expected, err->rule);
  case SONNX_ERR_OVERFLOW:
    if (err->input == SONNX_NO_INDEX) {
      at = put_output(buf, cap, at, SONNX_NO_INDEX);
    } else {
      at = put_location(buf, cap, at, err->input, err->axis);
    }
    return put_text(buf, cap, at, text_overflow, sizeof text_overflow - 1u);
  case SONNX_ERR_CAPACITY:
    at = put_output(buf, cap, at, err->input);
    return put_two_numbers(buf, cap, at, text_capacity, sizeof text_capacity - 1u, err->size,
                           text_below, sizeof text_below - 1u, err->expected,
                           text_needed, sizeof text_needed - 1u);
  default:
    at = put_text(buf, cap, at, text_unknown, sizeof text_unknown - 1u);
    at = put_number(buf, cap, at, (size_t)err->status);
    break;
  }
  return at;
}

size_t sonnx_format_error(const sonnx_error *err, char *buf, size_t cap)
{
  size_t length;
  if (err == NULL) {
    length = put_text(buf, cap, 0u, text_no_info, sizeof text_no_info - 1u);
  } else {
    length = put_message(err, buf, cap);
  }
  if (cap > 0u) {
    buf[(length < cap) ? length : cap - 1u] = '\0';
  }
  return length;
}
