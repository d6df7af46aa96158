/* The plan: what one dispatch does, as pure data. Lowering (src/lower.c) writes it from a
 * struct dml_op_def; the Vulkan layer (src/vk) turns it into a pipeline and a parameter block.
 * No Vulkan type appears here, so plans can be built and checked without a GPU.
 *
 * Semantics (the shaders and reference/plan_exec.c implement exactly this):
 *   for every coordinate c of the iteration space (sizes[0..rank), outermost first):
 *     output part k = the last part with parts[k].axis_begin <= c[part_axis]  (k = 0 if one part)
 *     c'     = c with c'[part_axis] -= parts[k].axis_begin
 *     out    = address(slot parts[k].slot)
 *              + elem_bytes * (parts[k].base + sum c'[d] * parts[k].strides[d])
 *     input part j (in_part_count > 0, the mirror of the output parts) = the last in_parts[j]
 *              with in_parts[j].axis_begin <= c[in_part_axis]; c'' = c with
 *              c''[in_part_axis] -= in_parts[j].axis_begin; otherwise c'' = c
 *     for each dimension d, map the coordinate to an input coordinate i[d]:
 *       PLAN_MAP_AFFINE:   i[d] = c''[d]  (lowering folds an affine pre-map into the strides)
 *       padded dims:       x = a * c''[d] - dims[d].pad_start (the signed affine pre-map, a =
 *                          dims[d].step, 0 read as 1), n = dims[d].in_size, then
 *         CONSTANT: out of [0, n) -> the element is pad_value
 *         EDGE: clamp(x, 0, n-1)   REFLECT: p = 2(n-1), m = x mod p, m < n ? m : p-m  (n == 1: 0)
 *         SYMMETRIC: p = 2n, m = x mod p, m < n ? m : p-1-m          WRAP: x mod n
 *         DILATE (the inverse pre-map, SLICE_GRAD's strided window): x = c''[d] - pad_start,
 *                a = dims[d].step (0 read as 1): x / a when x >= 0, x mod a == 0 and x / a < n;
 *                otherwise the element is pad_value
 *     in     = in_part_count == 0: address(slot in_slot)
 *                                  + elem_bytes * (in_base + sum i[d] * dims[d].in_stride)
 *              otherwise:          address(slot in_parts[j].slot)
 *                                  + elem_bytes * (in_parts[j].base + sum i[d] * strides[d]),
 *                                  strides = in_parts[j].strides
 *     copy elem_bytes bytes from in to out (or write pad_value), through arith (enum plan_arith);
 *     a CAST plan reads in_elem_bytes bytes at in = address + in_elem_bytes * (in_base + ...)
 * "x mod p" is the non-negative remainder. Strides and bases are in units of elem_bytes.
 *
 * FILL plans (PLAN_KERNEL_FILL, struct plan_fill) generate their elements instead of reading
 * them: one output part, no padded dimension, and for every coordinate c the generator index
 *     t = in_base + sum c[d] * dims[d].in_stride          (the input address of a plain plan)
 * of the unit at the output address above, which holds the elements t*w .. t*w + w-1 of
 * fill.type_bytes each (w = elem_bytes / fill.type_bytes; lowering widens as for any plan).
 * Element k is, by fill.kind:
 *   CONSTANT: the unit is pad_value (k unused)
 *   SEQ_INT:  the low type_bytes bytes of fill.start + k * fill.delta (64-bit two's complement)
 *   SEQ_F32:  FMA_F32 (enum plan_arith) of x = float32(k) (rounded to nearest even once when
 *             k >= 2^24), scale = fill.delta and bias = fill.start (float32 bits, decision FD4)
 *   SEQ_F16:  the same rounded to float16 as FMA_F16 (start and delta: float32 bits widened
 *             exactly from float16)
 *   BAND:     w is 1; pad_value when (end >= begin) xor (t >= begin) xor (t < end), otherwise
 *             the element of input part 0 at in_parts[0].base + sum c[d] * in_parts[0].strides[d]
 *             (in_part_count 1), or zero bytes (in_part_count 0) (DIAGONAL_MATRIX1)
 * A FILL plan reads no slot but that input part's; in_slot is then its output's.
 *
 * What one plan can express (a composition of index maps is one plan when the result has this
 * form): any strided copy or transpose (permuted, gapped, negative or zero input strides);
 * slice -> split, join -> (strided) slice of the output, pad -> split (parts on the output);
 * slice -> pad (the slice's window start and stride become in_base/in_stride, or the pre-map's
 * a and pad_start on a padded dim); pad -> strided slice (x = s * c + (o - pad_start): the
 * pre-map); slice -> pad -> split; join along one axis with split along any axis (input and
 * output parts). Not one plan: two paddings in a row on one dimension (map(map(x)) is not of
 * the form map(a x + b)), a join whose parts are themselves padded, and arithmetic.
 *
 * Indexed plans (kernels GATHER and SCATTER, struct plan_index; decision FD7): one output part, no
 * input parts, no padded dimension, no arithmetic. For every coordinate c the index tuple
 *     v_j = the integer at index.slot, index element index.base + sum c[d] * index.strides[d]
 *           + j * index.step (type index.type: INT32, UINT32, INT64, UINT64), j < index.count
 * gives x_j (n_j = index.sizes[j]; a signed v < 0 first becomes v + n_j, once):
 *     GATHER:  x_j = clamp(v_j, 0, n_j - 1)
 *     REVERSE: L = min(v_0, n_0); x_0 = c[axis] < L ? L - 1 - c[axis] : c[axis]
 *     ONE_HOT: x_0 = (v_0 == c[axis]) ? 1 : 0
 *     SCATTER_*: x_j = v_j; an out-of-range x_j drops the coordinate (nothing happens)
 * and an offset t = sum x_j * index.data_strides[j] (units). GATHER plans add t to the input
 * address and copy as above. SCATTER plans add t to the output address (the target) and work on
 * the claim words at index.claim_slot (4 bytes each), word w = the target's unit offset with the
 * innermost index.slice_rank coordinates left out; id = 1 + (linear index of c) / (the product
 * of the innermost slice_rank sizes):
 *     SCATTER_CLEAR: word w = 0            SCATTER_CLAIM: word w = max(word w, id)
 *     SCATTER_WRITE: word w == id: copy the input unit at c to the target
 * so that of several coordinates writing one target the one with the highest id wins, whatever
 * the order the threads run in. Every x_j lies in [0, n_j): no index value reaches outside a
 * bound tensor. */
#ifndef DMLOPS_PLAN_H
#define DMLOPS_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "plan_constants.h"

#define PLAN_MAX_RANK DMLOPS_MAX_RANK

enum plan_kernel
{
    PLAN_KERNEL_COPY,       /* one part, no padded dimension */
    PLAN_KERNEL_SPLIT,      /* several parts along part_axis, no padded dimension */
    PLAN_KERNEL_PAD,        /* one part, at least one padded dimension */
    PLAN_KERNEL_GENERAL,    /* the whole semantics above (input parts, output parts with padded
                               dims, pre-maps), read from the parameter block: JOIN, compositions */
    PLAN_KERNEL_SCALE_BIAS, /* as GENERAL, and arith */
    PLAN_KERNEL_CAST,       /* as GENERAL without padding, converting in_elem_bytes elements of
                               cast_types' input type into elem_bytes elements of its output type */
    PLAN_KERNEL_GATHER,     /* indexed: the input address moved by an index tuple (plan_index) */
    PLAN_KERNEL_SCATTER,    /* indexed: the output address moved by an index tuple (plan_index) */
    PLAN_KERNEL_FILL,       /* generated elements (struct plan_fill): fills, diagonals */
    PLAN_KERNEL_COUNT
};

/* What is done to an element between its load and its store (decision FD1). NONE moves bits.
 * FMA_F32: y = fma(x, scale, bias) rounded once to float32; FMA_F16: x widened to float32, the
 * same, then rounded to nearest even float16; FMA_F64: scale and bias widened exactly, rounded
 * once to float64. NaN: a NaN x, else scale, else bias, is returned quieted (payload kept); an
 * invalid operation (inf * 0, inf - inf) gives the positive default NaN. Elements are never
 * widened into units. */
enum plan_arith
{
    PLAN_ARITH_NONE = DMLOPS_ARITH_NONE,
    PLAN_ARITH_FMA_F16 = DMLOPS_ARITH_FMA_F16,
    PLAN_ARITH_FMA_F32 = DMLOPS_ARITH_FMA_F32,
    PLAN_ARITH_FMA_F64 = DMLOPS_ARITH_FMA_F64,
    /* CAST (decision FD3): input elements of in_elem_bytes bytes and type cast_types & 0xff,
     * output elements of elem_bytes bytes and type cast_types >> 8 (DML_TENSOR_DATA_TYPE). */
    PLAN_ARITH_CAST = DMLOPS_ARITH_CAST,
};

#define PLAN_CAST_TYPES(in_type, out_type) ((uint32_t)(in_type) | (uint32_t)(out_type) << 8)

enum plan_map
{
    PLAN_MAP_AFFINE = DMLOPS_MAP_AFFINE,
    PLAN_MAP_CONSTANT = DMLOPS_MAP_CONSTANT,
    PLAN_MAP_EDGE = DMLOPS_MAP_EDGE,
    PLAN_MAP_REFLECT = DMLOPS_MAP_REFLECT,
    PLAN_MAP_SYMMETRIC = DMLOPS_MAP_SYMMETRIC,
    PLAN_MAP_WRAP = DMLOPS_MAP_WRAP,
    PLAN_MAP_DILATE = DMLOPS_MAP_DILATE,
};

/* What a FILL plan generates (semantics at the top). */
enum plan_fill_kind
{
    PLAN_FILL_NONE = DMLOPS_FILL_NONE, /* not a FILL plan */
    PLAN_FILL_CONSTANT = DMLOPS_FILL_CONSTANT,
    PLAN_FILL_SEQ_INT = DMLOPS_FILL_SEQ_INT,
    PLAN_FILL_SEQ_F16 = DMLOPS_FILL_SEQ_F16,
    PLAN_FILL_SEQ_F32 = DMLOPS_FILL_SEQ_F32,
    PLAN_FILL_BAND = DMLOPS_FILL_BAND,
};

struct plan_fill
{
    uint32_t kind;        /* enum plan_fill_kind */
    uint32_t type_bytes;  /* bytes of one generated element */
    int64_t start, delta; /* SEQ_*: 64-bit integers, or float32 bits in the low 32 */
    int64_t begin, end;   /* BAND */
};

struct plan_dim
{
    uint32_t size;     /* extent of the iteration space */
    int64_t in_stride; /* input stride, in units */
    uint32_t map;      /* enum plan_map */
    uint32_t in_size;  /* padded dims: the input extent n */
    int64_t pad_start; /* padded dims: -b of the pre-map; a plain padding's output coordinate
                        * where the input begins */
    int32_t step;      /* padded dims: the pre-map's scale a (0 is read as 1); a pre-map of
                        * scale 0 is an AFFINE dim of in_stride 0 instead */
};

struct plan_part /* an output part, or an input part (in_parts) */
{
    uint32_t slot;       /* binding slot of this output or input */
    uint32_t axis_begin; /* first coordinate along part_axis that belongs to this part */
    int64_t base;        /* units */
    int64_t strides[PLAN_MAX_RANK];
};

/* What an indexed plan does with its index tuple (the semantics above); NONE in other plans. */
enum plan_index_mode
{
    PLAN_INDEX_NONE = DMLOPS_INDEX_NONE,
    PLAN_INDEX_GATHER = DMLOPS_INDEX_GATHER,
    PLAN_INDEX_REVERSE = DMLOPS_INDEX_REVERSE,
    PLAN_INDEX_ONE_HOT = DMLOPS_INDEX_ONE_HOT,
    PLAN_INDEX_SCATTER_CLEAR = DMLOPS_INDEX_SCATTER_CLEAR,
    PLAN_INDEX_SCATTER_CLAIM = DMLOPS_INDEX_SCATTER_CLAIM,
    PLAN_INDEX_SCATTER_WRITE = DMLOPS_INDEX_SCATTER_WRITE,
};

#define PLAN_INDEX_MAX_TUPLE PLAN_MAX_RANK

/* The index tensor of an indexed plan and what its values move (GATHER and SCATTER kernels). */
struct plan_index
{
    uint32_t mode;                  /* enum plan_index_mode */
    uint32_t slot;                  /* the index tensor's binding slot */
    uint32_t type;                  /* its DML_TENSOR_DATA_TYPE: INT32, UINT32, INT64 or UINT64 */
    uint32_t count;                 /* components of one tuple, 1..PLAN_INDEX_MAX_TUPLE */
    int64_t base;                   /* index elements */
    int64_t strides[PLAN_MAX_RANK]; /* per plan dimension, index elements */
    int64_t step;                   /* index elements from one component to the next */
    uint32_t sizes[PLAN_INDEX_MAX_TUPLE];       /* n_j: the extent component j indexes */
    int64_t data_strides[PLAN_INDEX_MAX_TUPLE]; /* units moved per step of component j */
    uint32_t axis;       /* REVERSE, ONE_HOT: the plan dimension whose coordinate is compared */
    uint32_t claim_slot; /* SCATTER: the claim words */
    uint32_t slice_rank; /* SCATTER: innermost dimensions that one claim covers */
};

struct plan
{
    enum plan_kernel kernel;
    uint32_t elem_bytes; /* 1, 2, 4, 8 or 16 */
    uint32_t rank;       /* >= 1 */
    uint64_t count;      /* product of dims[].size: one thread per element */
    struct plan_dim dims[PLAN_MAX_RANK];
    uint32_t in_slot;
    int64_t in_base; /* units, >= 0 once negative strides are folded in */
    uint32_t part_axis;
    uint32_t part_count; /* >= 1 */
    struct plan_part *parts;
    uint32_t in_part_axis;
    uint32_t in_part_count; /* 0: one input (in_slot, in_base, dims[].in_stride); otherwise
                               in_parts replace them, in increasing axis_begin from 0 */
    struct plan_part *in_parts;
    uint32_t pad_value[4]; /* the bytes of one unit (elem_bytes of them) for CONSTANT padding */
    uint32_t arith;        /* enum plan_arith: only in SCALE_BIAS and CAST plans */
    float scale, bias;
    /* CAST plans only: the input's element size and the type pair. The input's base and strides
     * (in_base, dims[].in_stride) then count input elements, not units of elem_bytes; 0 in every
     * other plan, whose input and output elements are both elem_bytes. */
    uint32_t in_elem_bytes;
    uint32_t cast_types;
    struct plan_fill fill;   /* FILL plans only; zero in every other */
    uint32_t slot_count;     /* bindings read: addresses of slots 0 .. slot_count-1 */
    uint32_t max_unit_bytes; /* the widest unit every binding's alignment allows (lowering sets
                                it; 0: elem_bytes), so that a plan cut later (plan_chunk.h) is
                                widened as far as a plan lowered directly */
    struct plan_index index; /* indexed plans (GATHER, SCATTER kernels) only; zero otherwise */
};

void plan_cleanup(struct plan *plan);
/* A deep copy; false (and *to empty) for want of memory. */
bool plan_clone(const struct plan *from, struct plan *to);
/* A malloc'ed copy of count parts (room for one more), or NULL. */
struct plan_part *plan_parts_copy(const struct plan_part *parts, uint32_t count);

static inline int plan_kernel_indexed(uint32_t kernel)
{
    return kernel == PLAN_KERNEL_GATHER || kernel == PLAN_KERNEL_SCATTER;
}

/* The kernels whose plans move.comp runs (src/vk/kernels.c), which the specialized kernels
 * may take instead (src/plan_spec.c). */
static inline int plan_kernel_moves(uint32_t kernel)
{
    return kernel <= PLAN_KERNEL_GENERAL;
}
_Static_assert(PLAN_KERNEL_COPY == 0 && PLAN_KERNEL_SPLIT == 1 && PLAN_KERNEL_PAD == 2 &&
                   PLAN_KERNEL_GENERAL == 3,
               "plan_kernel_moves: the move kernels come first");

/* Output part k's and input part j's extent along their axis: each ends where the next begins,
 * the last at the axis's size. */
static inline uint32_t plan_part_extent(const struct plan *plan, uint32_t k)
{
    uint32_t end = k + 1 < plan->part_count ? plan->parts[k + 1].axis_begin
                                            : plan->dims[plan->part_axis].size;
    return end - plan->parts[k].axis_begin;
}

static inline uint32_t plan_in_part_extent(const struct plan *plan, uint32_t j)
{
    uint32_t end = j + 1 < plan->in_part_count ? plan->in_parts[j + 1].axis_begin
                                               : plan->dims[plan->in_part_axis].size;
    return end - plan->in_parts[j].axis_begin;
}

/* Bit s: slot s is in_slot, an output part's or an input part's (slots below 32). */
static inline uint32_t plan_slot_mask(const struct plan *plan)
{
    uint32_t mask = 1u << plan->in_slot;
    for (uint32_t k = 0; k < plan->part_count; ++k)
        mask |= 1u << plan->parts[k].slot;
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
        mask |= 1u << plan->in_parts[j].slot;
    return mask;
}

/* The pre-map's scale of a padded dimension. */
static inline int64_t plan_dim_step(const struct plan_dim *dim)
{
    return dim->step ? dim->step : 1;
}

/* A CAST plan's two types, as PLAN_CAST_TYPES packs them (and cast.comp reads them). */
#define PLAN_CAST_FROM(types) ((types) & ((1u << DMLOPS_CAST_OUT_SHIFT) - 1u))
#define PLAN_CAST_TO(types) ((types) >> DMLOPS_CAST_OUT_SHIFT)
_Static_assert(PLAN_CAST_TYPES(0, 1) == 1u << DMLOPS_CAST_OUT_SHIFT, "the output type's place");

#endif
