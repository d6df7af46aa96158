/* Every constant that C (src/) and GLSL (shaders/) share, in one place: only #defines with
 * literals both languages read (the shaders include this file), each value written once. The
 * C side may check a value against DirectML's own enums (static assertions), never restate it. */
#ifndef DMLOPS_PLAN_CONSTANTS_H
#define DMLOPS_PLAN_CONSTANTS_H

#define DMLOPS_MAX_RANK 8

/* enum plan_map */
#define DMLOPS_MAP_AFFINE 0u
#define DMLOPS_MAP_CONSTANT 1u
#define DMLOPS_MAP_EDGE 2u
#define DMLOPS_MAP_REFLECT 3u
#define DMLOPS_MAP_SYMMETRIC 4u
#define DMLOPS_MAP_WRAP 5u
#define DMLOPS_MAP_DILATE 6u

/* enum plan_arith */
#define DMLOPS_ARITH_NONE 0u
#define DMLOPS_ARITH_FMA_F16 1u
#define DMLOPS_ARITH_FMA_F32 2u
#define DMLOPS_ARITH_FMA_F64 3u
#define DMLOPS_ARITH_CAST 4u

/* CAST plans' type codes: DML_TENSOR_DATA_TYPE's values (src/plan_check.c asserts each one),
 * and where the output type sits in plan.cast_types (input type | output type << 8). */
#define DMLOPS_TYPE_FLOAT32 1u
#define DMLOPS_TYPE_FLOAT16 2u
#define DMLOPS_TYPE_UINT32 3u
#define DMLOPS_TYPE_UINT16 4u
#define DMLOPS_TYPE_UINT8 5u
#define DMLOPS_TYPE_INT32 6u
#define DMLOPS_TYPE_INT16 7u
#define DMLOPS_TYPE_INT8 8u
#define DMLOPS_TYPE_FLOAT64 9u
#define DMLOPS_TYPE_UINT64 10u
#define DMLOPS_TYPE_INT64 11u
#define DMLOPS_CAST_OUT_SHIFT 8

/* enum plan_index_mode */
#define DMLOPS_INDEX_NONE 0u
#define DMLOPS_INDEX_GATHER 1u
#define DMLOPS_INDEX_REVERSE 2u
#define DMLOPS_INDEX_ONE_HOT 3u
#define DMLOPS_INDEX_SCATTER_CLEAR 4u
#define DMLOPS_INDEX_SCATTER_CLAIM 5u
#define DMLOPS_INDEX_SCATTER_WRITE 6u

/* Byte offset of an indexed plan's index block in its parameter block: right after the one
 * output part (src/vk/params_index.h). */
#define DMLOPS_INDEX_PARAMS_OFFSET 416u

/* enum plan_fill_kind */
#define DMLOPS_FILL_NONE 0u
#define DMLOPS_FILL_CONSTANT 1u
#define DMLOPS_FILL_SEQ_INT 2u
#define DMLOPS_FILL_SEQ_F16 3u
#define DMLOPS_FILL_SEQ_F32 4u
#define DMLOPS_FILL_BAND 5u

/* The parameter block's layout where a kernel finds a record after the parts (FILL plans):
 * offsetof(struct dml_vk_params, parts) and sizeof(struct dml_vk_params_part) (src/vk/params.c
 * checks both). */
#define DMLOPS_PARAMS_PARTS_OFFSET 336u
#define DMLOPS_PARAMS_PART_BYTES 80u

/* Threads per workgroup of the generic kernels (local_size_x), but fill.comp's. The specialized
 * kernels take theirs from the plan (GROUP_SIZE, chosen per walk in src/plan_spec.c). */
#define DMLOPS_WORKGROUP_SIZE 64u
/* Threads per workgroup of the walks whose threads each move a vector or two and end (fill.comp,
 * and among the specialized kernels those src/plan_spec.c says): at 64 the GPU started workgroups slower than
 * they wrote (H100: every write-only case 0.55 of the write ceiling; at 256, 1.00). The most any
 * kernel takes (the device check in src/vk/physical.c). */
#define DMLOPS_WIDE_WORKGROUP_SIZE 256u

/* Binding slots (shaders/dmlops_slots.glsl, src/vk/kernels.c). Push constants: the parameter
 * block's address, then PUSH_SLOTS slot addresses (128 bytes, what Vulkan guarantees). The
 * parameter block is PARAMS_ALIGNMENT-aligned, so its address's low bits are free: SLOTS_INDIRECT
 * set there means "push slot 0 is a slot block's address". A slot block's word 0 counts unbound
 * slots; a kernel that found one sets bit RAN_UNBOUND_BIT of it. */
#define DMLOPS_PUSH_SLOTS 15
#define DMLOPS_PARAMS_ALIGNMENT 64
#define DMLOPS_SLOTS_INDIRECT 1
#define DMLOPS_RAN_UNBOUND_BIT 63

/* Specialization constant id of SLOTS_MARK (shaders/dmlops_slots.glsl), past vec.comp's ids. */
#define DMLOPS_SPEC_ID_SLOTS_MARK 255

/* The move kernel's MOVE_FORM (shaders/dmlops_move.glsl, src/vk/kernels.c): bits of what a
 * pipeline's plans leave out; 0 reads everything from the parameter block. */
#define DMLOPS_SPEC_ID_MOVE_FORM 254
#define DMLOPS_MOVE_ONE_PART 1u  /* one output part */
#define DMLOPS_MOVE_ONE_INPUT 2u /* no input parts */
#define DMLOPS_MOVE_AFFINE 4u    /* no padded dimension */

/* The specialized kernels (src/plan_spec.c chooses, shaders/vec.comp, tile.comp and, in
 * SPEC_MODE_MOVE and SPEC_MODE_FILL, move_spec.comp and fill_spec.comp run). */
#define DMLOPS_VEC_BYTES 16  /* bytes one thread of vec.comp writes */
#define DMLOPS_SPEC_PARTS 14 /* parts the constants describe one by one */
#define DMLOPS_MOVE_PARTS 4  /* SPEC_MODE_MOVE: parts whose strides the constants hold */
#define DMLOPS_ZIP_MAX 4     /* SPEC_FLAG_ZIP: the largest small dim */

/* plan_spec.mode (the shaders' MODE) */
#define DMLOPS_SPEC_MODE_PARTS 0u      /* each part's dense output in turn */
#define DMLOPS_SPEC_MODE_ROW_SPLIT 1u  /* the input's rows; a split of the innermost axis */
#define DMLOPS_SPEC_MODE_TILE 2u       /* tile.comp: a transposing copy through shared memory */
#define DMLOPS_SPEC_MODE_ROW_BLOCKS 3u /* as ROW_SPLIT for short rows, ROW_BLOCK rows a block */
#define DMLOPS_SPEC_MODE_ROW_GROUPS 4u /* one part of short rows: whole rows per thread */
#define DMLOPS_SPEC_MODE_MOVE 5u       /* move.comp: the generic walk, one unit per thread */
#define DMLOPS_SPEC_MODE_FILL 6u       /* fill_spec.comp: the generators (FLAG_PACKED: vectors) */

/* Bits of plan_spec.flags (the shaders' FLAGS) */
#define DMLOPS_SPEC_FLAG_CHUNKS 1u       /* PARTS: border and row-crossing windows from chunks */
#define DMLOPS_SPEC_FLAG_WORDS 2u        /* TILE, 1- and 2-byte elements: 4-byte accesses */
#define DMLOPS_SPEC_FLAG_PAIRED 4u       /* with CHUNKS: every window built from two chunks */
#define DMLOPS_SPEC_FLAG_FEW_COLS 8u     /* ROW_GROUPS: rows read at most 4 input columns */
#define DMLOPS_SPEC_FLAG_UNIFORM 16u     /* more parts than the tables hold, all like part 0 */
#define DMLOPS_SPEC_FLAG_JOIN 32u        /* ROW_*: the parts are input parts (JOIN), see vec_kernel */
#define DMLOPS_SPEC_FLAG_PACKED 64u      /* MOVE, FILL: a thread stores one 16-byte vector */
#define DMLOPS_SPEC_FLAG_FILL_INPUT 128u /* FILL: a band reads input part 1 (else zeros) */
#define DMLOPS_SPEC_FLAG_NEAR0 (1u << 8) /* << d: dim d's periodic pads reach one period */
#define DMLOPS_SPEC_FLAG_ZIP (1u << 16)  /* MOVE: a small dim transposed with the last */
#define DMLOPS_SPEC_FLAG_ZIP_STAGED (1u << 17) /* ZIP: the stores staged in shared memory */

#define DMLOPS_ROW_BLOCK 8u      /* ROW_BLOCKS: rows per thread block */
#define DMLOPS_GROUP_BYTES 64    /* ROW_GROUPS: the most bytes one thread builds */
#define DMLOPS_GROUP_ROWS 4      /* ROW_GROUPS: the most rows one thread builds (VROW) */
#define DMLOPS_TILE_SIDE 32      /* TILE: elements along a tile's side */
#define DMLOPS_TILE_ROWS 2       /* TILE: threads along the second side (64 threads a tile) */
/* TILE with WORDS: 4-byte words along a tile's side, for elements of e bytes (1 or 2): 64 bytes
 * for 1-byte elements, 128 for 2-byte ones (a warp's access one whole line; see tile.comp). */
#define DMLOPS_TILE_WORD_SIDE(e) ((e) == 2 ? 32 : 16)

#endif
