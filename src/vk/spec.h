/* A plan as the specialization constants of shaders/vec.comp (ids in shaders/vec_spec.glsl):
 * one pipeline per distinct operator shape, every divisor a compile-time constant, nothing read
 * from a parameter block. Not every plan qualifies (dml_vk_spec_from_plan says which). */
#ifndef DMLOPS_VK_SPEC_H
#define DMLOPS_VK_SPEC_H

#include <stdbool.h>
#include <stdint.h>

#include <volk.h>

#include "plan.h"

#define DML_VK_SPEC_PARTS 14
/* Specialization constants of a spec (dml_vk_spec_info's map entries). */
#define DML_VK_SPEC_ENTRIES (4 + 2 + 2 + 8 + 7 * PLAN_MAX_RANK + 6 * DML_VK_SPEC_PARTS + 16 + 6)

enum dml_vk_spec_mode
{
    DML_VK_SPEC_PARTS_MODE, /* each part's dense output in turn */
    DML_VK_SPEC_ROW_SPLIT,  /* the input's rows; split of the innermost axis in whole vectors */
    DML_VK_SPEC_TILE,       /* shaders/tile.comp: a transposing copy through shared memory */
    DML_VK_SPEC_ROW_BLOCKS, /* as ROW_SPLIT for parts of short rows: 32 rows per thread block */
    DML_VK_SPEC_ROW_GROUPS, /* one part of rows <= 64 bytes: vrow whole rows per thread, staged */
};

/* Bits of dml_vk_spec.flags. */
#define DML_VK_SPEC_FLAG_CHUNKS 1u /* PARTS mode: border and row-crossing windows from chunks */
#define DML_VK_SPEC_FLAG_WORDS 2u  /* TILE mode, 1- and 2-byte elements: 4-byte accesses */
#define DML_VK_SPEC_FLAG_PAIRED 4u /* with CHUNKS: every window built from two chunks */
#define DML_VK_SPEC_FLAG_FEW_COLS 8u /* ROW_GROUPS: rows read at most 4 input columns */
#define DML_VK_SPEC_FLAG_UNIFORM 16u /* more parts than the tables hold, all like part 0 (same
                                        extent and base, slots out_slot[0] + k) */
#define DML_VK_SPEC_FLAG_NEAR0 (1u << 8) /* << d: dim d's periodic pads reach one period */

/* Field order and widths are the constants' (see spec.c's map); zero-filled, so comparable
 * with memcmp. */
struct dml_vk_spec
{
    uint32_t mode, rank, parts, part_axis; /* ids 0-3 */
    int64_t in_base;                       /* 4: units */
    uint64_t in_limit;                     /* 5: bytes from the input slot the plan may read */
    uint32_t vtotal, vrow;                 /* 6, 7: threads; vectors per input row (rows per
                                              thread in ROW_GROUPS) */
    uint32_t pad[4];                       /* 8-11: the pad value over 16 bytes */
    uint32_t in_slot, tile_dim;            /* 12, 13: tile_dim, the input's unit-stride dim */
    uint32_t flags, stage_words;           /* 14, 15: DML_VK_SPEC_FLAG_*, shared words */
    uint32_t size[PLAN_MAX_RANK];          /* 16 + d */
    int64_t in_stride[PLAN_MAX_RANK];      /* 24 + d */
    uint32_t map[PLAN_MAX_RANK];           /* 32 + d */
    uint32_t in_size[PLAN_MAX_RANK];       /* 40 + d */
    uint32_t pad_start[PLAN_MAX_RANK];     /* 48 + d */
    uint32_t bias[PLAN_MAX_RANK];          /* 56 + d: multiple of the period >= pad_start */
    uint32_t vstart[DML_VK_SPEC_PARTS];    /* 64 + k: first vector of part k */
    uint32_t ext[DML_VK_SPEC_PARTS];       /* 80 + k: extent along part_axis */
    uint32_t elems[DML_VK_SPEC_PARTS];     /* 96 + k */
    uint32_t begin[DML_VK_SPEC_PARTS];     /* 112 + k: axis_begin */
    uint64_t out_base[DML_VK_SPEC_PARTS];  /* 128 + k: bytes */
    uint32_t out_slot[DML_VK_SPEC_PARTS];  /* 144 + k */
    uint32_t unused[2];
    uint64_t out_stride[PLAN_MAX_RANK]; /* 160 + d: part 0's (DML_VK_SPEC_TILE) */
    uint32_t gtab[16]; /* 168 + i: ROW_GROUPS, per element: row << 6 | input column, 0xFF pad */
    uint32_t last_size;      /* 184: size[rank - 1], and so on (the shader's LAST_*) */
    uint32_t unused_184;
    int64_t last_in_stride;  /* 185 */
    uint32_t last_map[4];    /* 186-189: map, in_size, pad_start, bias of dim rank - 1 */
};

/* Fills *spec when the plan fits vec.comp (or tile.comp, mode DML_VK_SPEC_TILE): at most
 * DML_VK_SPEC_PARTS parts or any number of alike ones, every part's output dense in iteration
 * order and 16-byte aligned, 32-bit element counts. */
bool dml_vk_spec_from_plan(const struct plan *plan, struct dml_vk_spec *spec);
/* The specialization info for a spec (entries are static; data points into spec). */
void dml_vk_spec_info(const struct dml_vk_spec *spec, VkSpecializationInfo *info);

#endif
