/* Dispatches read their bindings' addresses from push constants, which hold a limited number of
 * slots. A SPLIT plan with more outputs than that is cut along its split axis into several plans,
 * each reading the input and a run of consecutive outputs. */
#ifndef DMLOPS_PLAN_CHUNK_H
#define DMLOPS_PLAN_CHUNK_H

#include <DirectML.h>

#include "plan.h"

/* How many dispatches the plan needs when a dispatch can read at most max_slots slots. */
uint32_t plan_chunk_count(const struct plan *plan, uint32_t max_slots);
/* Chunk index of plan: slots renumbered from 0, slot_map[local] = the slot in the original plan. */
HRESULT plan_chunk(const struct plan *plan, uint32_t index, uint32_t max_slots, struct plan *out,
                   uint32_t *slot_map);

#endif
