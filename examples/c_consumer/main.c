/* A C consumer of the installed package (issue 32): built only through
 *   cc $(pkg-config --cflags sonnx_broadcast) main.c $(pkg-config --libs sonnx_broadcast)
 * against a prefix where `make install` put the library, never against the source tree.
 * Every expected value is worked out by hand from the spec's examples (README), not read back
 * from the library. Prints one line per check and `consumer_c: N passed, M failed`. */
#include <sonnx_broadcast.h>

#include <stdio.h>
#include <string.h>

static int passed;
static int failed;

static void check(int ok, const char *what) {
  printf("  %s %s\n", ok ? "ok  " : "FAIL", what);
  if (ok) {
    passed++;
  } else {
    failed++;
  }
}

int main(void) {
  /* The library loaded is the one this program was compiled against. */
  check(sonnx_version() == SONNX_VERSION, "sonnx_version() == SONNX_VERSION of the installed header");

  /* (8,1,6,1) with (7,1,5) -> (8,7,6,5) (SONNX 000, example of the README). */
  const size_t a[] = {8, 1, 6, 1};
  const size_t b[] = {7, 1, 5};
  const sonnx_shape in[2] = {{4, a}, {3, b}};
  size_t dims[SONNX_MAX_RANK];
  size_t rank = 0;
  sonnx_error err;
  sonnx_status st = sonnx_broadcast_shape(2, in, dims, SONNX_MAX_RANK, &rank, &err);
  check(st == SONNX_OK && rank == 4 && dims[0] == 8 && dims[1] == 7 && dims[2] == 6 && dims[3] == 5,
        "broadcast_shape (8,1,6,1), (7,1,5) -> (8,7,6,5)");

  /* (8,4,3) with (2,1), padded (1,2,1): axis 0 holds (8 with 1); on axis 1, input 1 size 2 is
     neither 4 nor 1. */
  const size_t c[] = {8, 4, 3};
  const size_t d[] = {2, 1};
  const sonnx_shape bad[2] = {{3, c}, {2, d}};
  st = sonnx_broadcast_shape(2, bad, dims, SONNX_MAX_RANK, &rank, &err);
  char msg[SONNX_MESSAGE_MAX];
  (void)sonnx_format_error(&err, msg, sizeof msg);
  check(st == SONNX_ERR_INCOMPATIBLE && err.input == 1 && err.axis == 1 && err.size == 2 && err.expected == 4,
        "broadcast_shape (8,4,3), (2,1): SONNX_ERR_INCOMPATIBLE at input 1, axis 1");
  check(strcmp(msg, "input 1, axis 1: size 2 is neither 4 nor 1 (SONNX-C1)") == 0,
        "the message names the input, the axis and SONNX-C1");

  /* (3) [7 8 9] broadcast to (2,3) -> [7 8 9; 7 8 9]. */
  const float v[3] = {7.0f, 8.0f, 9.0f};
  const size_t vd[] = {3};
  const size_t zd[] = {2, 3};
  float out[6] = {0};
  st = sonnx_broadcast_to((sonnx_shape){1, vd}, v, sizeof v[0], (sonnx_shape){2, zd}, out, sizeof out, &err);
  const float want[6] = {7.0f, 8.0f, 9.0f, 7.0f, 8.0f, 9.0f};
  check(st == SONNX_OK && memcmp(out, want, sizeof out) == 0, "broadcast_to (3) [7 8 9] -> (2,3)");

  /* A large copy, through the fast kernel (the ifunc-dispatched store loops of the shared
     library): (1,1000) row to (300,1000), every row equal to the input row. */
  static unsigned char row[1000];
  static unsigned char big[300 * 1000];
  for (size_t k = 0; k < sizeof row; k++) {
    row[k] = (unsigned char)(k * 7u + 1u);
  }
  const size_t rd[] = {1, 1000};
  const size_t bd[] = {300, 1000};
  st = sonnx_broadcast_to((sonnx_shape){2, rd}, row, 1, (sonnx_shape){2, bd}, big, sizeof big, &err);
  int rows_ok = st == SONNX_OK;
  for (size_t r = 0; r < 300 && rows_ok; r++) {
    rows_ok = memcmp(big + r * 1000, row, sizeof row) == 0;
  }
  check(rows_ok, "broadcast_to (1,1000) bytes -> (300,1000), every row the input (fast kernel)");

  /* On error no output byte is written: (2,3) does not broadcast to (3). */
  float keep[3] = {-1.0f, -1.0f, -1.0f};
  const float six[6] = {1, 2, 3, 4, 5, 6};
  const size_t sd[] = {2, 3};
  st = sonnx_broadcast_to((sonnx_shape){2, sd}, six, sizeof six[0], (sonnx_shape){1, vd}, keep, sizeof keep, &err);
  check(st == SONNX_ERR_INCOMPATIBLE && err.rule == SONNX_RULE_ONNX_UNIDIR && keep[0] == -1.0f &&
            keep[1] == -1.0f && keep[2] == -1.0f,
        "broadcast_to (2,3) -> (3): SONNX_ERR_INCOMPATIBLE (ONNX-UNIDIR), output untouched");

  printf("consumer_c: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
