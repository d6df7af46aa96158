/* A dispatchable's steps with the slots a binding table binds, made ready for recording when the
 * bindings change rather than at every RecordDispatch: each step's slots gathered from the
 * tensors', whether it goes to the copy engine, and what each of its dispatches pushes. */
#ifndef DMLOPS_BOUND_STEPS_H
#define DMLOPS_BOUND_STEPS_H

#include "dispatchable.h"

struct dml_bound_steps
{
    struct dml_vk_step_bound *steps; /* one per program step */
    struct dml_vk_slot *slots;       /* every step's slots, one step after another */
    VkDeviceAddress *pushed;         /* every direct dispatch's pushed slots */
};

/* Sized for the dispatchable's steps as they are now (E_OUTOFMEMORY; *out is then empty). */
HRESULT dml_bound_steps_create(const struct dml_dispatchable *dispatchable,
                               struct dml_bound_steps *out);
void dml_bound_steps_destroy(struct dml_bound_steps *bound);
/* From the slot of every program tensor (dml_dispatchable_resolve). */
void dml_bound_steps_update(const struct dml_dispatchable *dispatchable,
                            const struct dml_vk_slot *tensors, struct dml_bound_steps *bound);

#endif
