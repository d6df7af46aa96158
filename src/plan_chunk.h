/* A plan with several input parts (JOIN) cut into one plan per input part. */
#ifndef DMLOPS_PLAN_CHUNK_H
#define DMLOPS_PLAN_CHUNK_H

#include <DirectML.h>

#include "plan.h"

/* A plan with several input parts (JOIN) is one plan per input part, each an ordinary
 * single-input plan (in_part_count 0) writing its own range of the outputs, simplified as a
 * directly lowered copy (dims merged, units widened): the fast kernels take them, and they need
 * no barrier between them. plan_cut_count: how many (the input parts), or 0 when the plan cannot
 * be cut so (one input; a padded dim; output parts along the input part axis; with max_slots other
 * than UINT32_MAX, the input and the outputs do not fit). */
#define PLAN_CUT_MIN_RUN_BYTES 64 /* nor when an input's runs in the output are shorter */
uint32_t plan_cut_count(const struct plan *plan, uint32_t max_slots);
/* Input part j's plan. slot_map NULL: the plan's slot numbers are kept (a kernel reading the
 * whole step's slot block); otherwise renumbered from 0 (input, then outputs), slot_map[local] =
 * the slot in plan (1 + part_count entries). */
HRESULT plan_cut_input(const struct plan *plan, uint32_t j, uint32_t *slot_map, struct plan *out);

#endif
