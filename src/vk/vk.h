/* The Vulkan layer: the only code that talks to Vulkan. Layers above see a device, blocks of
 * host-written device-read memory, kernels built from a struct plan, and host conveniences.
 *
 * Device functions live in a per-device VolkDeviceTable (the application may own other devices);
 * call them as dml_vk_device_table(dev)->vkCmdFoo(...). Every function here is thread-safe
 * unless it says otherwise (the DirectML device is free-threaded).
 *
 * Environment:
 *   DMLOPS_DEVICE      index into vkEnumeratePhysicalDevices' list, or a case-insensitive
 *                      substring of the device name: the library's own device
 *   DMLOPS_VALIDATION  1: enable VK_LAYER_KHRONOS_validation on the library's own instance and
 *                      print validation messages; fatal: also abort() on the first WARNING or
 *                      ERROR; gpu-assisted: fatal plus GPU-assisted validation. Read once, when
 *                      the library's own VkInstance is created (the first device creation or
 *                      adapter listing of the process): that one instance serves every device
 *                      and listing until the process exits. With fatal or gpu-assisted and the
 *                      layer not installed, device creation fails (E_FAIL); listing works.
 * Interop devices use the application's instance and are not affected by either variable. */
#ifndef DMLOPS_VK_H
#define DMLOPS_VK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>
#include <volk.h>

#include "plan.h"

struct dml_vk_device;
struct dml_vk_slab;

/* The application's own Vulkan objects, never destroyed by the library. Its device must have
 * been created with bufferDeviceAddress, storageBuffer8BitAccess, storageBuffer16BitAccess and
 * shaderInt64 enabled (the library can only check that the physical device has them), its
 * instance with Vulkan 1.2 or later. The library submits to queue (queue_family_index,
 * queue_index) only inside dml_vk_buffer_upload/download, dml_vk_command_submit_and_wait and
 * dml_vk_command_submit_and_wait, under its own lock: the application must not use that
 * queue concurrently with those calls. The copy-engine probes never run on it (see
 * dml_vk_device_engines). */
struct dml_vk_interop
{
    PFN_vkGetInstanceProcAddr get_instance_proc_addr; /* NULL: the system's Vulkan loader */
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    uint32_t queue_family_index; /* a family with VK_QUEUE_COMPUTE_BIT */
    uint32_t queue_index;
};

/* Creates a device: on the application's objects, or (interop NULL) on the library's own
 * instance and best device. allocator (copied; NULL: Vulkan's own) serves every Vulkan object the
 * device creates. DXGI_ERROR_UNSUPPORTED: no Vulkan or no device meets the needs. */
HRESULT dml_vk_device_create(const struct dml_vk_interop *interop,
                             const VkAllocationCallbacks *allocator, struct dml_vk_device **out);
/* Waits for the queue, frees everything the library created (blocks and buffers still alive
 * included), never the application's objects; NULL is ignored. */
void dml_vk_device_destroy(struct dml_vk_device *dev);

/* Specialized pipelines are built on a worker thread of the device (DMLOPS_PIPELINES=background,
 * the default) or inside kernel creation (sync). Waits until the worker has built or given up on
 * every pipeline queued so far (tests and the benchmark, so that specialized kernels are the ones
 * run); returns at once when nothing is queued. */
void dml_vk_device_wait_pipelines(struct dml_vk_device *dev);

/* Device loss: set when one of the library's submissions or waits returns VK_ERROR_DEVICE_LOST
 * (dml_vk_command_submit_and_wait, uploads, downloads), or by the application through
 * dml_vk_device_mark_lost; never cleared. */
void dml_vk_device_mark_lost(struct dml_vk_device *dev);
bool dml_vk_device_is_lost(struct dml_vk_device *dev);

/* The VkDevice (the library's own or the application's). */
VkDevice dml_vk_device_handle(const struct dml_vk_device *dev);
/* The device functions, loaded for this device only. */
const struct VolkDeviceTable *dml_vk_device_table(const struct dml_vk_device *dev);
/* VkPhysicalDeviceProperties::deviceName. */
const char *dml_vk_device_name(const struct dml_vk_device *dev);
/* The physical device's properties (limits.timestampPeriod for timing, say). */
const VkPhysicalDeviceProperties *dml_vk_device_properties(const struct dml_vk_device *dev);
/* True when the device is one the library created itself (not interop). */
bool dml_vk_device_is_owned(const struct dml_vk_device *dev);

/* Host-written, device-read memory (host-visible, host-coherent, persistently mapped), carved
 * from a few large buffers. The private fields belong to the allocator. */
struct dml_vk_block
{
    void *host;
    VkDeviceAddress address;
    uint64_t size;
    struct dml_vk_slab *slab_; /* private */
    uint32_t class_;           /* private */
};
/* The shaders mask a parameter block's address with the alignment. */
#define DML_VK_BLOCK_ALIGNMENT DMLOPS_PARAMS_ALIGNMENT

/* A block of at least size bytes (size >= 1), aligned to DML_VK_BLOCK_ALIGNMENT. */
HRESULT dml_vk_block_alloc(struct dml_vk_device *dev, uint64_t size, struct dml_vk_block *out);
/* Returns the block for reuse (the GPU must be done with it); zeroes *block. A zeroed block is
 * ignored. */
void dml_vk_block_free(struct dml_vk_device *dev, struct dml_vk_block *block);

/* Slots whose addresses fit in the 128 bytes of push constants that Vulkan guarantees, next to
 * the parameter block's address. A kernel reading more (a SPLIT into many outputs, a JOIN of many
 * inputs) reads them from a slot block at execution, as DESCRIPTORS_VOLATILE work always does
 * (src/vk/steps.h). */
#define DML_VK_PUSH_SLOTS DMLOPS_PUSH_SLOTS

/* A bound position: its device address (0: unbound) and, for buffers from dml_vk_buffer_create
 * (which have transfer usage), the buffer and the offset in it, so that the copy engine can reach
 * it too; buffer is VK_NULL_HANDLE for the application's own buffers, whose usage is unknown. */
struct dml_vk_slot
{
    VkDeviceAddress address;
    VkBuffer buffer;
    uint64_t offset;
};
/* A slot block: a 64-bit word that is 0 when every slot is bound, then the slots' addresses. */
uint64_t dml_vk_slot_block_bytes(uint32_t slot_count);
void dml_vk_slot_block_write(const struct dml_vk_slot *slots, uint32_t slot_count, void *host);
/* The slot offset bytes into buffer (any buffer with SHADER_DEVICE_ADDRESS usage). */
struct dml_vk_slot dml_vk_buffer_slot(struct dml_vk_device *dev, VkBuffer buffer, uint64_t offset);
/* slot moved on by bytes; an unbound slot stays unbound. */
struct dml_vk_slot dml_vk_slot_advance(struct dml_vk_slot slot, uint64_t bytes);

/* One dispatch ready to record: the pipeline of the plan's variant (shared, owned by the
 * device's pipeline table), the plan packed into a parameter block (none for a specialized
 * pipeline), and the group counts. While the shape's specialized pipeline is being built in the
 * background, pending names it: the kernel records its generic pipeline until it is built, then
 * the specialized one (dml_vk_kernel_choose). */
struct dml_vk_pipeline_entry;
struct dml_vk_kernel
{
    VkPipeline pipeline;
    VkPipelineLayout layout;
    struct dml_vk_block params;
    uint32_t groups[3];
    uint32_t slot_count;
    struct dml_vk_pipeline_entry *pending; /* NULL: pipeline is the only one */
    uint32_t pending_groups[3];            /* the specialized pipeline's */
};
/* What one recording of a kernel binds, pushes and dispatches. */
struct dml_vk_kernel_choice
{
    VkPipeline pipeline;
    VkDeviceAddress params; /* 0 for a specialized pipeline */
    const uint32_t *groups;
};

/* E_INVALIDARG for a plan the kernels do not implement (plan_check.h). */
HRESULT dml_vk_kernel_create(struct dml_vk_device *dev, const struct plan *plan,
                             struct dml_vk_kernel *out);
/* As dml_vk_kernel_create; slot_block: the kernel will run on slot blocks that may have slots
 * unbound (DESCRIPTORS_VOLATILE) and is built to mark them (DML_VK_SLOT_BLOCK_RAN_UNBOUND, a store
 * the others lack); any kernel reads a slot block when recorded with one. */
HRESULT dml_vk_kernel_create_for(struct dml_vk_device *dev, const struct plan *plan,
                                 bool slot_block, struct dml_vk_kernel *out);
/* Frees the parameter block (the GPU must be done with it); zeroes *kernel. */
void dml_vk_kernel_destroy(struct dml_vk_device *dev, struct dml_vk_kernel *kernel);
/* The pipeline, parameter block and group counts to record now, decided once: the specialized
 * pipeline if it is built, else the kernel's own. Thread-safe. */
void dml_vk_kernel_choose(const struct dml_vk_kernel *kernel, struct dml_vk_kernel_choice *out);
/* Waits until the worker has built the kernel's specialized pipeline or given up on it (then
 * the kernel stays generic); returns at once for a kernel with nothing pending. */
void dml_vk_kernel_wait(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel);
/* Whether a recording now would use a specialized pipeline (one with no parameter block). */
bool dml_vk_kernel_is_specialized(const struct dml_vk_kernel *kernel);
/* Records the kernel's dispatch; inserts no barrier. slots[0 .. plan.slot_count) are the slots
 * as they are now, or NULL when they are known only at execution (DESCRIPTORS_VOLATILE).
 * slot_block (8-byte aligned, see dml_vk_slot_block_write) holds them at execution; it is needed
 * when slots is NULL or the plan reads more than DML_VK_PUSH_SLOTS slots, and ignored otherwise.
 * The compute pipeline and push constants of cmd may be left changed. Not thread-safe per cmd
 * (as Vulkan). */
void dml_vk_kernel_record(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                          VkCommandBuffer cmd, const struct dml_vk_slot *slots,
                          VkDeviceAddress slot_block);
/* dml_vk_kernel_record with the pushed slots laid out already: slots[0 .. DML_VK_PUSH_SLOTS)
 * are pushed as they are (the kernel's addresses, zero past them), for a kernel whose slots fit. */
void dml_vk_kernel_record_pushed(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                                 VkCommandBuffer cmd, const VkDeviceAddress *slots);

/* Which engine carries a step of contiguous runs faster on this device: the compute kernel or
 * vkCmdCopyBuffer. Decided from probes timed on the GPU (or read back from an earlier process's
 * file for this device, driver and library version): each engine on a small and a large copy, and
 * the copy engine on the large copy cut into many runs. Times in between follow the line through
 * the two sizes, plus the measured cost of each extra run. The probes run lazily, when the first
 * step that could use the copy engine is compiled (or at the first call of
 * dml_vk_device_engines), and only on a device the library created, on its own queue: never
 * inside device creation, never on an application's queue (an interop device without a cache
 * file uses compute). DMLOPS_COPY_ENGINE=compute or transfer forces the choice. Each program step
 * makes the choice once, when it is compiled (steps.h). */
enum dml_vk_engine
{
    DML_VK_ENGINE_COMPUTE,
    DML_VK_ENGINE_TRANSFER,
};
#define DML_VK_ENGINE_PROBES 5
struct dml_vk_engine_probe
{
    enum dml_vk_engine engine;
    uint64_t bytes;
    uint32_t runs;
    double ns; /* best GPU time; 0 when not measured */
};
struct dml_vk_engines
{
    int forced; /* an enum dml_vk_engine, or -1 */
    bool measured;
    struct dml_vk_engine_probe probes[DML_VK_ENGINE_PROBES];
    const char *source;  /* how the choice is made, for people */
    _Atomic int state;   /* private: measured yet? */
    _Atomic int probed;  /* how many times the probes were submitted (tests) */
};
/* Measures first when that is still to be done (see above). */
const struct dml_vk_engines *dml_vk_device_engines(struct dml_vk_device *dev);

/* Any buffer with SHADER_DEVICE_ADDRESS usage: its device address. For buffers from
 * dml_vk_buffer_create, the address queried once at creation (so GPU-assisted validation knows
 * it before any dispatch is recorded); for the application's own buffers, queried now, i.e. at
 * bind time: with DESCRIPTORS_VOLATILE bindings made after recording, GPU-assisted validation may
 * then not know the buffer when the dispatch was recorded. */
VkDeviceAddress dml_vk_buffer_address(struct dml_vk_device *dev, VkBuffer buffer);
/* Exact size for buffers from dml_vk_buffer_create, else vkGetBufferMemoryRequirements' size;
 * 0 (and an unbound slot from dml_vk_buffer_slot) for a buffer dml_vk_buffer_check refuses. */
uint64_t dml_vk_buffer_size(struct dml_vk_device *dev, VkBuffer buffer);

/* Whether buffer may be bound to, uploaded to or downloaded from on dev: on the library's own
 * device, only a live buffer of dml_vk_buffer_create (a destroyed one or another device's is
 * refused before anything reads its handle); on an application's device (interop), any non-NULL
 * buffer, since the application's own buffers cannot be checked. Thread-safe. */
bool dml_vk_buffer_check(struct dml_vk_device *dev, VkBuffer buffer);
/* DEVICE_LOCAL (when available), STORAGE|SHADER_DEVICE_ADDRESS|TRANSFER_SRC|TRANSFER_DST. */
HRESULT dml_vk_buffer_create(struct dml_vk_device *dev, uint64_t size, VkBuffer *out);
/* Destroys a buffer from dml_vk_buffer_create and frees its memory; false (nothing done) for
 * any other handle. Destroying a buffer that recorded work still uses is the application's bug,
 * as in D3D12; so that such work never writes into freed memory, a buffer that a pending command
 * buffer of dml_vk_command_begin uses (dml_vk_command_use) is only retired: refused from then
 * on, its memory freed once the last such command buffer is submitted (and done) or discarded. */
bool dml_vk_buffer_destroy(struct dml_vk_device *dev, VkBuffer buffer);
/* Copies through a staging buffer on the library's queue and waits; E_INVALIDARG when the range
 * is outside the buffer. Ordered after all earlier work on the queue. */
HRESULT dml_vk_buffer_upload(struct dml_vk_device *dev, VkBuffer buffer, uint64_t offset,
                             const void *data, uint64_t size);
HRESULT dml_vk_buffer_download(struct dml_vk_device *dev, VkBuffer buffer, uint64_t offset,
                               void *data, uint64_t size);

/* A one-time-submit primary command buffer in the recording state, on the library's queue. */
HRESULT dml_vk_command_begin(struct dml_vk_device *dev, VkCommandBuffer *out);
/* Ends, submits, waits and frees a command buffer from dml_vk_command_begin; inserts nothing. */
HRESULT dml_vk_command_submit_and_wait(struct dml_vk_device *dev, VkCommandBuffer cmd);
/* Whether cmd may be recorded into: on the library's own device, only a command buffer of
 * dml_vk_command_begin not yet submitted or discarded (a submitted one is freed); on an
 * application's device, any non-NULL one (the application's cannot be checked). */
bool dml_vk_command_check(struct dml_vk_device *dev, VkCommandBuffer cmd);
/* Frees a command buffer from dml_vk_command_begin without submitting it. */
HRESULT dml_vk_command_discard(struct dml_vk_device *dev, VkCommandBuffer cmd);
/* Before cmd (pending, of dml_vk_command_begin) records work on buffers[0..count) (NULL ones
 * skipped): DXGI_ERROR_INVALID_CALL when cmd is not such a command buffer (submitted or discarded
 * meanwhile); E_INVALIDARG, with *dead its index, when a buffer is not a live buffer of
 * dml_vk_buffer_create (destroyed since it was bound); otherwise notes that cmd uses them, so
 * that a dml_vk_buffer_destroy before cmd has run keeps them until then (E_OUTOFMEMORY). set
 * names the list (dml_vk_buffer_set_new; 0: none): the same set as the last call's for cmd, with
 * no buffer destroyed since, is checked and noted already and costs one comparison. On an
 * application's device (interop) nothing is checked or noted: its buffers are its business.
 * RecordDispatch calls it for every dispatch. */
HRESULT dml_vk_command_use(struct dml_vk_device *dev, VkCommandBuffer cmd, const VkBuffer *buffers,
                           uint32_t count, uint64_t set, uint32_t *dead);
/* A name for a list of buffers that no other list of the process has had (never 0): a new one
 * whenever the list changes. Thread-safe. */
uint64_t dml_vk_buffer_set_new(void);

/* A block of size bytes (dml_vk_block_alloc) that lives as long as cmd (pending, of
 * dml_vk_command_begin): freed once cmd has run or is discarded, so that what cmd records may read
 * it at execution, whatever becomes of its writer. S_FALSE (*out zeroed) on an application's
 * device (interop), whose command buffers the library does not see retire; E_OUTOFMEMORY.
 * Thread-safe. */
HRESULT dml_vk_command_block(struct dml_vk_device *dev, VkCommandBuffer cmd, uint64_t size,
                             struct dml_vk_block *out);

/* What `dmlops info` shows about one physical device. */
struct dml_vk_physical_device_info
{
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    char driver_name[VK_MAX_DRIVER_NAME_SIZE];
    char driver_info[VK_MAX_DRIVER_INFO_SIZE];
    VkPhysicalDeviceType type;
    uint32_t vendor_id;
    uint32_t device_id;
    uint32_t api_version;
    uint32_t driver_version;
    bool meets_requirements;
    bool is_default;     /* the device dml_vk_device_create(NULL) picks (DMLOPS_DEVICE too) */
    const char *missing; /* the first unmet requirement, or NULL */
};

/* Number of physical devices in the loader's order (0 when there is no Vulkan, S_OK then);
 * E_OUTOFMEMORY when host memory ran out. */
HRESULT dml_vk_physical_device_enumerate(uint32_t *count);
/* The same, 0 on any failure (prefer dml_vk_physical_device_enumerate). */
uint32_t dml_vk_physical_device_count(void);
/* Fills *out for the device at index (the loader's order); E_INVALIDARG past the end;
 * E_OUTOFMEMORY (never meets_requirements false) when host memory ran out. */
HRESULT dml_vk_physical_device_info(uint32_t index, struct dml_vk_physical_device_info *out);

/* OUT_OF_*_MEMORY -> E_OUTOFMEMORY, DEVICE_LOST -> DXGI_ERROR_DEVICE_REMOVED, others E_FAIL. */
HRESULT dml_vk_result_to_hresult(VkResult r);

#endif
