/* GPU test harness for the Vulkan layer: the library's own device (or exit 77), a small C
 * reading of src/plan.h's semantics (plan_exec), and running one plan on buffers of given contents.
 */
#ifndef DMLOPS_TEST_VK_TEST_H
#define DMLOPS_TEST_VK_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plan.h"
#include "vk/vk.h"

#define VK_TEST_SKIP 77
#define VK_TEST_POISON 0xA5
#define VK_TEST_MAX_SLOTS 72 /* plans of vk_test_run */

/* The library's own device; exits with VK_TEST_SKIP when there is no usable Vulkan device and
 * fails (exit 1) on any other error. */
struct dml_vk_device *vk_test_device(void);
/* A library device for tests that also run operators through the API: its Vulkan device goes to
 * *vk, for vk_test_run, so that both paths share one set of pipelines and each kernel is compiled
 * once per process (GPU-assisted validation instruments every compile anew: a second device
 * doubled those tests' time). Skips like vk_test_device; release the returned device only. */
IDMLDevice *vk_test_api_device(struct dml_vk_device **vk);

/* Runs the plan on host memory with plan_exec: slots[s] is the memory of binding slot s. */
void vk_test_reference(const struct plan *plan, uint8_t *const *slots);

struct dml_vk_step; /* vk/steps.h */
/* Records a program step as RecordDispatch does: bound to slots (NULL for a late step), then
 * recorded (dml_vk_step_bind, dml_vk_step_record_bound). E_OUTOFMEMORY. */
HRESULT vk_test_step_record(struct dml_vk_device *dev, const struct dml_vk_step *step,
                            VkCommandBuffer cmd, const struct dml_vk_slot *slots,
                            VkDeviceAddress slot_block);

/* How the plan runs and gets its slots. */
enum vk_test_slots
{
    VK_TEST_SLOTS_PUSHED,    /* as a direct program step (vk_test_step_record): buffers and
                                addresses, the copy engine where the step chose it, a block
                                written before recording where its slots do not fit */
    VK_TEST_SLOTS_ADDRESSES, /* one kernel (dml_vk_kernel_record), addresses only, as for the
                                application's buffers (a block written first where they do not
                                fit) */
    VK_TEST_SLOTS_BLOCK, /* one kernel reading a block at execution, written after recording */
};

/* Creates one buffer per slot (slot_sizes bytes, initial contents slots[s]), runs the plan on
 * the GPU, and reads every slot back into slots[s]. Returns the first failing HRESULT. */
HRESULT vk_test_run(struct dml_vk_device *dev, const struct plan *plan, const uint64_t *slot_sizes,
                    uint8_t *const *slots, enum vk_test_slots mode);

/* Runs the plan on fresh buffers of bytes[s] bytes per slot (the input slot random, the others
 * poisoned) in `mode` and compares every byte of every slot with vk_test_reference. False with
 * the first difference, or the failing call, in why. */
bool vk_test_check(struct dml_vk_device *dev, const struct plan *plan, const uint64_t *bytes,
                   enum vk_test_slots mode, char *why, size_t why_size);

/* Whether the plan gets a specialized pipeline of its own, ready now (DMLOPS_PIPELINES=sync), not
 * the generic kernel that a full table or a refused plan would give it; false if the kernel
 * cannot be made. */
bool vk_test_gets_specialized(struct dml_vk_device *dev, const struct plan *plan);

/* Slot-address shifts for plans with offsets past 4 GiB on small buffers: a plan's bases raised
 * by these, its two slots' addresses lowered by as much (vk_test_run_shifted). */
#define VK_TEST_SHIFT_IN ((uint64_t)5 << 30)
#define VK_TEST_SHIFT_OUT ((uint64_t)6 << 30)

/* Runs a plan of two slots (input buffers[0], output buffers[1]) as one kernel whose slot
 * addresses are the buffers' lowered by shift[s]. S_FALSE, and nothing run, when the driver's
 * addresses are too low for that; *specialized (if not NULL) whether the kernel that ran was the
 * specialized one. */
HRESULT vk_test_run_shifted(struct dml_vk_device *dev, const struct plan *plan,
                            const VkBuffer *buffers, const uint64_t *shift, bool *specialized);

#endif
