/* libFuzzer target: the N-ary operator sonnx_broadcast against the reference (the left fold
 * of the binary SONNX rule, SONNX-REC, then SONNX-ELEM for every output).
 * Bytes: flags (bit0 inputs NULL, bit1 outputs NULL, bit2 out_dims NULL, bit3 out_rank NULL,
 * bit4 err NULL, bit5 n read with size()), the number of inputs (u8 % 7), [n], the
 * dims capacity mode (0 exact, 1 one short, 2 size(), 3 SONNX_MAX_RANK), then per input:
 * its flags (bit0 data NULL, bit1 output NULL), elem_size (size()), output capacity mode
 * (0 exact, 1 one byte short, 2 size(), 3 exact + u8) [its value], its shape. */
#include "fuzz_support.hpp"

using namespace fuzz;

namespace {

struct Input {
  uint8_t flags = 0;
  size_t es = 0;
  uint8_t cap_mode = 0;
  size_t cap_read = 0;
  Shape shape;
};

/* The binary SONNX rule on (acc, x): false with the first failing axis (SONNX-REC). */
bool fold(const Sizes &acc, const Sizes &x, Sizes *out, size_t *axis)
{
  const size_t r = std::max(acc.size(), x.size());
  out->assign(r, 0);
  for (size_t i = 0; i < r; ++i) {
    const size_t a = pad(acc, r, i);
    const size_t p = pad(x, r, i);
    const size_t d = std::max(a, p);
    if ((a != d && a != 1) || (p != d && p != 1)) {
      *axis = i;
      return false;
    }
    (*out)[i] = d;
  }
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *target = "sonnx_broadcast";
  Bytes b(data, size);
  const uint8_t flags = b.u8();
  const size_t count = b.u8() % (kMaxInputs + 1);
  size_t n = count;
  if (flags & 0x20u) {
    const size_t v = b.size();
    if (v == 0 || v > SONNX_MAX_INPUTS) {
      n = v;
    }
  }
  const uint8_t dcap_mode = b.u8() % 4;
  const size_t dcap_read = dcap_mode == 2 ? b.size() : 0;
  std::vector<Input> in(count);
  for (Input &t : in) {
    t.flags = b.u8();
    t.es = b.size();
    t.cap_mode = b.u8() % 4;
    t.cap_read = t.cap_mode == 2 ? b.size() : t.cap_mode == 3 ? b.u8() : 0;
    t.shape = decode_shape(b);
  }

  /* The common shape by the fold, as far as the inputs allow. */
  Expect want;
  bool decided = false;
  const bool inputs_null = flags & 0x01u, outputs_null = flags & 0x02u;
  const bool dims_null = flags & 0x04u, rank_null = flags & 0x08u;
  Sizes z;
  size_t shape_error_at = count; /* first input whose shape, elem_size or fold fails */
  Expect shape_error;
  for (size_t m = 0; m < count && shape_error_at == count; ++m) {
    if (bad_shape(in[m].shape, m, &shape_error)) {
      shape_error_at = m;
    } else if (in[m].es == 0) {
      shape_error = error(SONNX_ERR_ARGUMENT, m, kNoIndex, 0, 0, false);
      shape_error_at = m;
    } else {
      Sizes next;
      size_t axis = 0;
      if (m == 0) {
        z = in[0].shape.dims;
      } else if (!fold(z, in[m].shape.dims, &next, &axis)) {
        const size_t r = std::max(z.size(), in[m].shape.rank);
        shape_error = error(SONNX_ERR_INCOMPATIBLE, m, axis, pad(in[m].shape.dims, r, axis),
                            pad(z, r, axis));
        shape_error_at = m;
      } else {
        z = next;
      }
    }
  }
  const size_t rank = z.size();
  const size_t dcap = dcap_mode == 0 ? rank
                      : dcap_mode == 1 ? (rank > 0 ? rank - 1 : 0)
                      : dcap_mode == 2 ? dcap_read
                                       : SONNX_MAX_RANK;

  if (inputs_null) {
    want = null_argument(2), decided = true;
  } else if (outputs_null) {
    want = null_argument(3), decided = true;
  } else if (dims_null && dcap > 0) {
    want = null_argument(4), decided = true;
  } else if (rank_null) {
    want = null_argument(6), decided = true;
  } else if (n == 0 || n > SONNX_MAX_INPUTS) {
    want = error(SONNX_ERR_ARGUMENT, kNoIndex, kNoIndex, n, SONNX_MAX_INPUTS), decided = true;
  } else if (shape_error_at < count) {
    want = shape_error, decided = true;
  } else if (dcap < rank) {
    want = error(SONNX_ERR_CAPACITY, kNoIndex, kNoIndex, dcap, rank), decided = true;
  }
  size_t z_count = 0;
  if (!decided && !exact_count(z, &z_count)) {
    want = error(SONNX_ERR_OVERFLOW, kNoIndex, kNoIndex, 0, 0, false), decided = true;
  }
  std::vector<size_t> x_count(count, 0), x_bytes(count, 0), z_bytes(count, 0), cap(count, 0);
  for (size_t m = 0; m < count; ++m) {
    const bool fits = in[m].shape.ok() && exact_bytes(z_count, in[m].es, &z_bytes[m]) &&
                      exact_count(in[m].shape.dims, &x_count[m]) &&
                      exact_bytes(x_count[m], in[m].es, &x_bytes[m]);
    if (!decided && !fits) {
      want = error(SONNX_ERR_OVERFLOW, m, kNoIndex, 0, 0, false), decided = true;
    }
    cap[m] = in[m].cap_mode == 0 ? z_bytes[m]
             : in[m].cap_mode == 1 ? (z_bytes[m] > 0 ? z_bytes[m] - 1 : 0)
             : in[m].cap_mode == 2 ? in[m].cap_read
                                   : z_bytes[m] + in[m].cap_read;
  }
  for (size_t m = 0; !decided && m < count; ++m) {
    if ((in[m].flags & 0x01u) && x_count[m] > 0) {
      want = error(SONNX_ERR_NULL, m, kNoIndex, 0, 2), decided = true;
    } else if ((in[m].flags & 0x02u) && z_count > 0) {
      want = error(SONNX_ERR_NULL, m, kNoIndex, 0, 3), decided = true;
    } else if (cap[m] < z_bytes[m]) {
      want = error(SONNX_ERR_CAPACITY, m, kNoIndex, cap[m], z_bytes[m]), decided = true;
    }
  }
  if (want.status == SONNX_OK) {
    size_t total = 0;
    for (size_t m = 0; m < count; ++m) {
      if (x_bytes[m] > kMaxBytes || z_bytes[m] > kMaxBytes) {
        return 0; /* would succeed on more memory than a fuzz run should take */
      }
      total += x_bytes[m] + z_bytes[m];
    }
    if (total > 4 * kMaxBytes) {
      return 0;
    }
  }

  /* Memory. */
  std::vector<std::vector<unsigned char>> xdata(count);
  std::vector<Canary *> outs;
  std::vector<sonnx_tensor> tensors;
  std::vector<sonnx_buffer> buffers;
  for (size_t m = 0; m < count; ++m) {
    const size_t alloc = (x_bytes[m] <= kMaxBytes && in[m].shape.ok()) ? x_bytes[m] : 16;
    xdata[m].resize(alloc);
    for (size_t k = 0; k < alloc; ++k) {
      xdata[m][k] = element_byte(k, in[m].es, m); /* distinct elements, distinct inputs */
    }
    outs.push_back(new Canary(std::min(cap[m], kMaxBytes)));
    const void *xd = (in[m].flags & 0x01u) ? nullptr : (alloc ? xdata[m].data() : fault_page());
    tensors.push_back(sonnx_tensor{in[m].shape.view(), xd, in[m].es});
    buffers.push_back(sonnx_buffer{(in[m].flags & 0x02u) ? nullptr : outs[m]->data(), cap[m]});
  }
  const sonnx_tensor *inputs_arg = inputs_null ? nullptr
                                   : count == 0 ? static_cast<const sonnx_tensor *>(fault_page())
                                                : tensors.data();
  const sonnx_buffer *outputs_arg = outputs_null ? nullptr
                                    : count == 0 ? static_cast<const sonnx_buffer *>(fault_page())
                                                 : buffers.data();
  Canary out_dims(std::min<size_t>(dcap, SONNX_MAX_RANK + 2) * sizeof(size_t));
  Canary out_rank(sizeof(size_t));
  size_t *dims_arg = dims_null ? nullptr : reinterpret_cast<size_t *>(out_dims.data());
  size_t *rank_arg = rank_null ? nullptr : reinterpret_cast<size_t *>(out_rank.data());
  sonnx_error e = garbage_error();
  sonnx_error *err = (flags & 0x10u) ? nullptr : &e;

  const sonnx_status got = sonnx_broadcast(n, inputs_arg, outputs_arg, dims_arg, dcap, rank_arg, err);
  if (want.status == SONNX_ERR_ARGUMENT && want.input != kNoIndex && err != nullptr &&
      got == SONNX_ERR_ARGUMENT && e.size != 0) {
    fail(target, "elem_size 0 reported with size " + num(e.size));
  }
  check_status(target, got, err, want);
  if (got != SONNX_OK) {
    bool intact = out_dims.intact() && out_rank.intact();
    for (Canary *c : outs) {
      intact = intact && c->intact();
    }
    if (!intact) {
      fail(target, "an output was written on error " + num(got));
    }
  } else {
    size_t r;
    std::memcpy(&r, out_rank.data(), sizeof r);
    if (r != rank) {
      fail(target, "rank " + num(r) + ", reference " + num(rank));
    }
    for (size_t i = 0; i < rank; ++i) {
      size_t d;
      std::memcpy(&d, out_dims.data() + i * sizeof(size_t), sizeof d);
      if (d != z[i]) {
        fail(target, "axis " + num(i) + ": " + num(d) + ", reference " + num(z[i]));
      }
    }
    if (!out_dims.intact_from(rank * sizeof(size_t))) {
      fail(target, "out_dims written past out_rank");
    }
    for (size_t m = 0; m < count; ++m) {
      const size_t es = in[m].es;
      for (size_t o = 0; o < z_count; ++o) {
        const size_t src = ref_source(in[m].shape.dims, z, o);
        if (src >= x_count[m]) {
          fail(target, "reference source offset " + num(src) + " outside x");
        }
        if (std::memcmp(outs[m]->data() + o * es, xdata[m].data() + src * es, es) != 0) {
          fail(target, "output " + num(m) + ", element " + num(o) + " is not element " + num(src));
        }
      }
      if (!outs[m]->intact_from(z_bytes[m])) {
        fail(target, "output " + num(m) + " written past its size");
      }
    }
  }
  for (Canary *c : outs) {
    delete c;
  }
  return 0;
}
