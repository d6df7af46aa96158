/* The specialization constants of the specialized kernels (shaders/vec.comp, shaders/tile.comp,
 * shaders/move_spec.comp in MODE_MOVE and shaders/fill_spec.comp in MODE_FILL), listed once:
 * glslang reads this list to declare them (shaders/vec_spec.glsl), the C compiler to lay out
 * struct plan_spec (src/plan_spec.h) and to map each constant to its field (src/vk/spec.c).
 * Only macros, so that both preprocessors read it.
 *
 *   ONE(NAME, field, id, type, default)
 *   ARRAY(NAME, field, first_id, count, type, default, step)
 *       count constants NAME0 .. NAME<count-1>, ids first_id + i, defaults default + i * step
 *   type: U32, I32, I64 or U64.
 *
 * OUT_ROW and OUT_PITCH: a single part whose output is rows of OUT_ROW elements OUT_PITCH apart
 * (JOIN's per-input copies), element e of the part at (e / OUT_ROW) * OUT_PITCH + e % OUT_ROW;
 * both whole 16-byte vectors, so no thread's 16 bytes cross a row.
 *
 * MODE_MOVE (move.comp, the generic walk with the whole plan in constants, no parameter block):
 * RANK, PARTS, PART_AXIS, IN_BASE, IN_SLOT, PAD, the dims' SIZE, IN_STRIDE, MAP, IN_SIZE,
 * PAD_START (int32 bits: a pre-map's b may be negative) and STEP, VTOTAL (threads: the plan's
 * count, or its vectors with FLAG_PACKED), FLAGS, SLOT_MASK, per part BEGIN, OUT_BASE (int64
 * bits) and OUT_SLOT, and the strides of parts 0 to 3 (OUT_STRIDE, OUT_STRIDE_1 .. _3: int64
 * bits). A plan with input parts has IN_PARTS of them along IN_PART_AXIS in the same tables after
 * its PARTS output parts (records PARTS .. PARTS + IN_PARTS - 1, as the parameter block lays them
 * out), at most DMLOPS_MOVE_PARTS records in all. OUT_BASE is in bytes for every record, input
 * parts' too; the shader's plan_part_base returns units.
 *
 * MODE_FILL (fill_spec.comp, fill.comp's generator with the plan in constants): MODE_MOVE's
 * constants, with a BAND's input part as part 1, and struct plan_fill's fields (FILL_*).
 *
 * The struct's fields follow the list's order, so 8-byte constants sit at 8-byte offsets (asserted
 * in plan_spec.h: the struct has no padding of its own, so that specs compare and hash as bytes).
 */
#ifndef DMLOPS_PLAN_SPEC_CONSTANTS_H
#define DMLOPS_PLAN_SPEC_CONSTANTS_H

#include "plan_constants.h"

/* The workgroup size's constant: the specialized modules declare their local_size_x_id with it. */
#define DMLOPS_SPEC_GROUP_SIZE_ID 232

#define DMLOPS_SPEC_CONSTANTS(ONE, ARRAY)                                                          \
    ONE(MODE, mode, 0, U32, 0) /* DMLOPS_SPEC_MODE_* */                                            \
    ONE(RANK, rank, 1, U32, 1)                                                                     \
    ONE(PARTS, parts, 2, U32, 1)                                                                   \
    ONE(PART_AXIS, part_axis, 3, U32, 0)                                                           \
    ONE(IN_BASE, in_base, 4, I64, 0)   /* units */                                                 \
    ONE(IN_LIMIT, in_limit, 5, U64, 0) /* bytes from the input slot the plan may read */           \
    ONE(VTOTAL, vtotal, 6, U32, 0)     /* threads */                                               \
    ONE(VROW, vrow, 7, U32, 1)         /* vectors per input row (rows per thread in ROW_GROUPS) */ \
    ONE(IN_SLOT, in_slot, 12, U32, 0)                                                              \
    ONE(TILE_DIM, tile_dim, 13, U32, 0)       /* TILE: the input's unit-stride dim */              \
    ONE(FLAGS, flags, 14, U32, 0)             /* DMLOPS_SPEC_FLAG_* */                             \
    ONE(STAGE_WORDS, stage_words, 15, U32, 1) /* shared words of a staging workgroup */            \
    ARRAY(PAD, pad, 8, 4, U32, 0, 0)          /* the pad value over 16 bytes */                    \
    ARRAY(SIZE, size, 16, DMLOPS_MAX_RANK, U32, 1, 0)                                              \
    ARRAY(IN_STRIDE, in_stride, 24, DMLOPS_MAX_RANK, I64, 0, 0)                                    \
    ARRAY(MAP, map, 32, DMLOPS_MAX_RANK, U32, 0, 0)                                                \
    ARRAY(IN_SIZE, in_size, 40, DMLOPS_MAX_RANK, U32, 1, 0)                                        \
    ARRAY(PAD_START, pad_start, 48, DMLOPS_MAX_RANK, U32, 0, 0)                                    \
    ARRAY(BIAS, bias, 56, DMLOPS_MAX_RANK, U32, 0, 0) /* a multiple of the period >= pad_start */  \
    ARRAY(VSTART, vstart, 64, DMLOPS_SPEC_PARTS, U32, 0, 0) /* part k's first vector */            \
    ARRAY(EXT, ext, 80, DMLOPS_SPEC_PARTS, U32, 1, 0)       /* part k's extent along the axis */   \
    ARRAY(ELEMS, elems, 96, DMLOPS_SPEC_PARTS, U32, 0, 0)                                          \
    ARRAY(BEGIN, begin, 112, DMLOPS_SPEC_PARTS, U32, 0, 0)       /* part k's axis_begin */         \
    ARRAY(OUT_BASE, out_base, 128, DMLOPS_SPEC_PARTS, U64, 0, 0) /* bytes */                       \
    ARRAY(OUT_SLOT, out_slot, 144, DMLOPS_SPEC_PARTS, U32, 1, 1)                                   \
    ARRAY(OUT_STRIDE, out_stride, 160, DMLOPS_MAX_RANK, U64, 0, 0) /* TILE, MOVE: part 0's */      \
    ARRAY(GTAB, gtab, 168, 16, U32, 0xFFFFFFFFu, 0)  /* ROW_GROUPS: row << 6 | column, 0xFF pad */ \
    ONE(LAST_IN_STRIDE, last_in_stride, 185, I64, 0) /* the last dim's values once more */         \
    ONE(LAST_SIZE, last_size, 184, U32, 1)                                                         \
    ONE(LAST_MAP, last_map, 186, U32, 0)                                                           \
    ONE(LAST_IN_SIZE, last_in_size, 187, U32, 1)                                                   \
    ONE(LAST_PAD_START, last_pad_start, 188, U32, 0)                                               \
    ONE(LAST_BIAS, last_bias, 189, U32, 0)                                                         \
    ONE(OUT_ROW, out_row, 190, U32, 0) /* PARTS, one part: row elements (0: dense), see below */  \
    ONE(OUT_PITCH, out_pitch, 191, U32, 0) /* elements from one output row to the next */       \
    ONE(SLOT_MASK, slot_mask, 192, U32, 0) /* MOVE: bit s, the plan uses slot s (pushed) */      \
    ARRAY(STEP, step, 193, DMLOPS_MAX_RANK, I32, 0, 0) /* MOVE: the pre-map's scale a, 0 as 1 */  \
    ARRAY(OUT_STRIDE_1, out_stride_1, 201, DMLOPS_MAX_RANK, U64, 0, 0) /* MOVE: part 1's */       \
    ARRAY(OUT_STRIDE_2, out_stride_2, 209, DMLOPS_MAX_RANK, U64, 0, 0)                             \
    ARRAY(OUT_STRIDE_3, out_stride_3, 217, DMLOPS_MAX_RANK, U64, 0, 0)                             \
    ONE(FILL_START, fill_start, 225, U64, 0) /* FILL: struct plan_fill's, as 64-bit bits */       \
    ONE(FILL_DELTA, fill_delta, 226, U64, 0)                                                       \
    ONE(FILL_BEGIN, fill_begin, 227, I64, 0)                                                       \
    ONE(FILL_END, fill_end, 228, I64, 0)                                                           \
    ONE(FILL_KIND, fill_kind, 229, U32, 0) /* DMLOPS_FILL_* */                                     \
    ONE(FILL_TYPE_BYTES, fill_type_bytes, 230, U32, 1)                                             \
    ONE(ZIP_DIM, zip_dim, 231, U32, 0) /* MOVE with FLAG_ZIP: the small dim J (X: the last other) */ \
    ONE(IN_PARTS, in_parts, 233, U32, 0) /* MOVE: input parts (0: one input), see above */         \
    ONE(IN_PART_AXIS, in_part_axis, 234, U32, 0)                                                   \
    ONE(GROUP_SIZE, group_size, DMLOPS_SPEC_GROUP_SIZE_ID, U32, 64) /* local_size_x */

/* Repetition for ARRAY: M(i, a...) for i < n, n one of the counts above. */
#define DMLOPS_REPEAT(n, M, a, b, c, d, e, f) DMLOPS_REPEAT_(n, M, a, b, c, d, e, f)
#define DMLOPS_REPEAT_(n, M, a, b, c, d, e, f) DMLOPS_REPEAT_##n(M, a, b, c, d, e, f)
#define DMLOPS_REPEAT_4(M, a, b, c, d, e, f)                                                       \
    M(0, a, b, c, d, e, f) M(1, a, b, c, d, e, f) M(2, a, b, c, d, e, f) M(3, a, b, c, d, e, f)
#define DMLOPS_REPEAT_8(M, a, b, c, d, e, f)                                                       \
    DMLOPS_REPEAT_4(M, a, b, c, d, e, f)                                                           \
    M(4, a, b, c, d, e, f) M(5, a, b, c, d, e, f) M(6, a, b, c, d, e, f) M(7, a, b, c, d, e, f)
#define DMLOPS_REPEAT_14(M, a, b, c, d, e, f)                                                      \
    DMLOPS_REPEAT_8(M, a, b, c, d, e, f)                                                           \
    M(8, a, b, c, d, e, f)                                                                         \
    M(9, a, b, c, d, e, f) M(10, a, b, c, d, e, f) M(11, a, b, c, d, e, f) M(12, a, b, c, d, e, f) \
        M(13, a, b, c, d, e, f)
#define DMLOPS_REPEAT_16(M, a, b, c, d, e, f)                                                      \
    DMLOPS_REPEAT_14(M, a, b, c, d, e, f) M(14, a, b, c, d, e, f) M(15, a, b, c, d, e, f)

#endif
