/* Inside the Vulkan layer: the device object and the pieces each file of src/vk owns. */
#ifndef DMLOPS_VK_PRIVATE_H
#define DMLOPS_VK_PRIVATE_H

#include <pthread.h>
#include <stdatomic.h>

#include "vk.h"

/* Instance-level functions, loaded per instance: the library's instance (with validation layers)
 * and an application's may coexist, so volk's process-wide globals are not used for them. */
struct dml_vk_instance_fns
{
    PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;
    PFN_vkDestroyInstance vkDestroyInstance;
    PFN_vkEnumeratePhysicalDevices vkEnumeratePhysicalDevices;
    PFN_vkGetPhysicalDeviceProperties2 vkGetPhysicalDeviceProperties2;
    PFN_vkGetPhysicalDeviceFeatures2 vkGetPhysicalDeviceFeatures2;
    PFN_vkGetPhysicalDeviceMemoryProperties vkGetPhysicalDeviceMemoryProperties;
    PFN_vkGetPhysicalDeviceQueueFamilyProperties vkGetPhysicalDeviceQueueFamilyProperties;
    PFN_vkCreateDevice vkCreateDevice;
    PFN_vkGetDeviceProcAddr vkGetDeviceProcAddr;
    PFN_vkCreateDebugUtilsMessengerEXT vkCreateDebugUtilsMessengerEXT;
    PFN_vkDestroyDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT;
};

struct dml_vk_instance
{
    VkInstance handle;
    struct dml_vk_instance_fns fns;
    VkDebugUtilsMessengerEXT messenger;
};

/* instance.c */
HRESULT dml_vk_loader_init(void);
/* A copy of the library's own instance (created on first use, then kept for the process; never
 * destroy it). DMLOPS_VALIDATION is read once, when it is created. for_device: fails (E_FAIL)
 * when a fatal validation mode was asked for but the layer is missing; listing still works. */
HRESULT dml_vk_instance_own(struct dml_vk_instance *out, bool for_device);
/* The application's instance, for interop: only its functions are loaded. */
HRESULT dml_vk_instance_wrap(struct dml_vk_instance *inst, PFN_vkGetInstanceProcAddr gipa,
                             VkInstance handle);

/* physical.c: requirements and selection. */
struct dml_vk_features
{
    VkPhysicalDeviceFeatures2 core;
    VkPhysicalDeviceVulkan11Features v11;
    VkPhysicalDeviceVulkan12Features v12;
};
void dml_vk_features_query(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                           struct dml_vk_features *f);
/* *missing: NULL when pd meets every requirement, else the name of the first one missing.
 * E_OUTOFMEMORY (never "missing") when the check itself runs out of host memory. */
HRESULT dml_vk_requirements_check(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                                  const char **missing);
/* What the library enables on its own device: the requirements plus the optional extras. */
void dml_vk_features_to_enable(const struct dml_vk_features *supported,
                               struct dml_vk_features *enable);
/* The optional shader capabilities a kernel may declare (SPIR-V OpCapability), as bits. */
enum dml_vk_shader_feature
{
    DML_VK_SHADER_INT8 = 1u << 0,
    DML_VK_SHADER_INT16 = 1u << 1,
    DML_VK_SHADER_FLOAT16 = 1u << 2,
    DML_VK_SHADER_FLOAT64 = 1u << 3,
};
/* The optional shader features f has, as enum dml_vk_shader_feature bits. */
uint32_t dml_vk_shader_features(const struct dml_vk_features *f);
/* The Vulkan feature name of the first of these bits. */
const char *dml_vk_shader_feature_name(uint32_t bits);
/* The first queue family with compute, or -1 when there is none. */
HRESULT dml_vk_compute_queue_family(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                                    int *family);
/* *index: the device to use among list[count] (DMLOPS_DEVICE honoured), or -1. */
HRESULT dml_vk_select_physical_device(const struct dml_vk_instance *inst,
                                      const VkPhysicalDevice *list, uint32_t count, int *index);
/* The instance's physical devices, malloc'ed (*list NULL, *count 0 when there are none). */
HRESULT dml_vk_physical_devices(const struct dml_vk_instance *inst, VkPhysicalDevice **list,
                                uint32_t *count);

/* blocks.c: the slab allocator behind dml_vk_block_alloc. */
#define DML_VK_BLOCK_CLASSES 11 /* 64 B .. 64 KiB; larger blocks get a slab of their own */
struct dml_vk_block_stack
{
    struct dml_vk_block *items;
    size_t count, capacity;
    size_t carved; /* blocks of this class ever made: capacity is always at least this */
};
struct dml_vk_block_pool
{
    pthread_mutex_t lock;
    struct dml_vk_slab *slabs;     /* every shared slab; the first is the one being carved */
    struct dml_vk_slab *dedicated; /* slabs of one large block each */
    struct dml_vk_block_stack free[DML_VK_BLOCK_CLASSES];
    uint32_t memory_type;
};
HRESULT dml_vk_block_pool_init(struct dml_vk_device *dev);
void dml_vk_block_pool_cleanup(struct dml_vk_device *dev);

/* buffers.c: buffers created by dml_vk_buffer_create, so their size and memory are known. */
struct dml_vk_owned_buffer
{
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint64_t size;
    VkDeviceAddress address; /* queried once, at creation */
    /* Uses by pending command buffers (dml_vk_command_use), one per use noted; retired: destroyed by
     * the application while uses was not 0, invisible to lookups, freed when uses falls to 0. */
    uint32_t uses;
    bool retired;
};
struct dml_vk_buffer_registry
{
    pthread_mutex_t lock;
    struct dml_vk_owned_buffer *items;
    size_t count, capacity;
    /* Buffers destroyed so far (written under the lock): while it stays the same, every buffer
     * found live before is live still, which dml_vk_command_use reads without taking the lock. */
    _Atomic uint64_t destroyed;
};
void dml_vk_buffer_registry_cleanup(struct dml_vk_device *dev);
struct dml_vk_pending;
/* dml_vk_command_use's check and notes, the commands' lock held: one more use of each live
 * buffer entry (cmd's) has not noted lately. */
HRESULT dml_vk_buffers_note(struct dml_vk_device *dev, const VkBuffer *buffers, uint32_t count,
                            struct dml_vk_pending *entry, uint32_t *dead);
/* One use less (the command buffer has run or was discarded): a retired buffer is freed at 0. */
void dml_vk_buffer_unuse(struct dml_vk_device *dev, VkBuffer buffer);

/* memory.c */
/* A memory type allowed by type_bits with all of `required` and as many of `preferred`'s
 * flags, tried in order, as possible; UINT32_MAX when none. */
uint32_t dml_vk_memory_type(const struct dml_vk_device *dev, uint32_t type_bits,
                            VkMemoryPropertyFlags required, const VkMemoryPropertyFlags *preferred,
                            size_t preferred_count);
/* A buffer with its own memory (allocated with the DEVICE_ADDRESS flag when usage asks for it),
 * persistently mapped when map is true (the memory type must then be host-visible). */
struct dml_vk_allocation
{
    VkBuffer buffer;
    VkDeviceMemory memory;
    void *host;
};
HRESULT dml_vk_allocation_create(struct dml_vk_device *dev, uint64_t size, VkBufferUsageFlags usage,
                                 uint32_t memory_type, bool map, struct dml_vk_allocation *out);
void dml_vk_allocation_destroy(struct dml_vk_device *dev, struct dml_vk_allocation *a);
/* *type: the memory type for buffers of this usage with these property preferences;
 * E_OUTOFMEMORY when the probe buffer could not be made, E_FAIL when no type fits. */
HRESULT dml_vk_memory_type_for_usage(struct dml_vk_device *dev, VkBufferUsageFlags usage,
                                     VkMemoryPropertyFlags required,
                                     const VkMemoryPropertyFlags *preferred, size_t preferred_count,
                                     uint32_t *type);

/* The parameter block's address and DML_VK_PUSH_SLOTS slot addresses (kernels.c). */
#define DML_VK_PUSH_BYTES 128

/* pipelines.c: one VkPipeline per variant (and, for the specialized kernel, per spec), created
 * on first use behind a VkPipelineCache that pipeline_cache.c keeps on disk. */
/* shaders/move.comp: the generic module of the COPY, SPLIT, PAD and GENERAL kernels */
#define DML_VK_KERNEL_MOVE PLAN_KERNEL_GENERAL
#define DML_VK_KERNEL_VEC PLAN_KERNEL_COUNT            /* shaders/vec.comp, specialized per plan */
#define DML_VK_KERNEL_TILE (PLAN_KERNEL_COUNT + 1)     /* shaders/tile.comp, likewise */
#define DML_VK_KERNEL_VEC_ROWS (PLAN_KERNEL_COUNT + 2) /* shaders/vec_rows.comp, likewise */
#define DML_VK_KERNEL_VEC_ROW_GROUPS (PLAN_KERNEL_COUNT + 3) /* vec_row_groups.comp, likewise */
#define DML_VK_KERNEL_MOVE_SPEC (PLAN_KERNEL_COUNT + 4) /* shaders/move_spec.comp, likewise */
#define DML_VK_KERNEL_FILL_SPEC (PLAN_KERNEL_COUNT + 5) /* shaders/fill_spec.comp, likewise */
#define DML_VK_MAX_SPECIALIZED 256 /* beyond this many shapes, generic kernels */
struct plan_spec;
struct dml_vk_variant
{
    uint32_t kernel;     /* the module: enum plan_kernel, or DML_VK_KERNEL_* */
    uint32_t elem_bytes; /* 1, 2, 4, 8 or 16 */
    uint32_t marks;      /* 1: SLOTS_MARK set (shaders/dmlops_slots.glsl), for slot blocks */
    uint32_t form;       /* DML_VK_KERNEL_MOVE: MOVE_FORM (shaders/dmlops_move.glsl); else 0 */
};
/* A pipeline of the table. Entries never move (the table holds pointers), so that a kernel may
 * keep one whose specialized pipeline is still being built, and read its pipeline when it
 * records. */
enum dml_vk_pipeline_state
{
    DML_VK_PIPELINE_IDLE,     /* not built, not queued (new, failed, or the queue was full) */
    DML_VK_PIPELINE_QUEUED,   /* in the worker's queue */
    DML_VK_PIPELINE_BUILDING, /* the worker is building it, outside the lock */
    DML_VK_PIPELINE_READY,    /* pipeline is set, for good */
};
struct dml_vk_pipeline_entry
{
    struct dml_vk_variant variant;
    uint64_t hash;           /* of spec; 0 without */
    struct plan_spec *spec;  /* owned copy; NULL for generic kernels */
    _Atomic(VkPipeline) pipeline; /* VK_NULL_HANDLE until READY; written once, under the lock */
    enum dml_vk_pipeline_state state; /* lock held */
    VkShaderModule module;            /* the variant's, set when it is queued */
    uint32_t users; /* kernels waiting for it; none: dropped unbuilt. Lock held */
};
struct dml_vk_module_entry
{
    const uint32_t *code; /* the embedded SPIR-V (shaders.c) */
    VkShaderModule module;
};
/* pipeline_worker.c: one thread per device, started on the first job, that builds specialized
 * pipelines off the callers' threads. Its queue is bounded (DML_VK_MAX_SPECIALIZED entries, the
 * most the table holds); a job that does not fit stays IDLE and its kernels generic. */
#define DML_VK_WORKER_NAME "dmlops-pipes" /* the thread's name (at most 15 characters) */
struct dml_vk_pipeline_worker
{
    pthread_cond_t wake; /* a job was queued, or stop */
    pthread_cond_t idle; /* a job finished, or the queue emptied */
    pthread_t thread;
    bool started, stopping;
    struct dml_vk_pipeline_entry *jobs[DML_VK_MAX_SPECIALIZED]; /* a ring */
    size_t head, count;
    size_t building; /* 0 or 1: a job taken out of the queue and not finished */
};
struct dml_vk_pipelines
{
    pthread_mutex_t lock; /* the table, the modules, the states and the worker's queue */
    struct dml_vk_module_entry *modules; /* one per SPIR-V module used so far */
    size_t module_count, module_capacity;
    VkPipelineCache cache;
    VkPipelineLayout layout;
    struct dml_vk_pipeline_entry **entries;
    size_t count, capacity;
    size_t specialized; /* entries with a spec */
    bool cache_changed; /* pipelines were created since the cache was loaded */
    bool specialize;    /* use the specialized kernel where a plan allows it */
    uint64_t move_bytes; /* plans writing at most this many bytes take MODE_MOVE (plan_spec.h) */
    bool background;    /* build specialized pipelines on the worker (DMLOPS_PIPELINES) */
    struct dml_vk_pipeline_worker worker;
};
HRESULT dml_vk_pipelines_init(struct dml_vk_device *dev);
/* Stops the worker first (a job being built is finished, queued ones dropped). */
void dml_vk_pipelines_cleanup(struct dml_vk_device *dev);
/* spec NULL: the generic kernel of the variant, built now. S_FALSE, with no pipeline, when
 * DML_VK_MAX_SPECIALIZED specialized pipelines exist already (callers fall back to the generic
 * kernel); E_OUTOFMEMORY only when memory ran out. */
HRESULT dml_vk_pipeline_get(struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                            const struct plan_spec *spec, VkPipeline *out);
/* The specialized pipeline of variant and spec: *ready when it exists now (built here when the
 * device builds them synchronously, or already built); otherwise *pending, an entry the worker
 * builds (queued here if it was not), which the caller uses until dml_vk_pipeline_release.
 * S_FALSE, with neither, when the table is full; E_OUTOFMEMORY. */
HRESULT dml_vk_pipeline_specialized(struct dml_vk_device *dev,
                                    const struct dml_vk_variant *variant,
                                    const struct plan_spec *spec, VkPipeline *ready,
                                    struct dml_vk_pipeline_entry **pending);
/* The entry's pipeline once it is READY, else VK_NULL_HANDLE. Any thread, no lock. */
VkPipeline dml_vk_pipeline_built(const struct dml_vk_pipeline_entry *entry);
/* The caller no longer waits for a pending entry (one never built and no longer waited for
 * leaves the table). */
void dml_vk_pipeline_release(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry);
/* Builds a specialized entry's pipeline (pipelines.c) from its module; lock NOT held: the caller
 * marked it BUILDING under the lock, which keeps anyone else from building it meanwhile. */
VkResult dml_vk_pipeline_build_entry(struct dml_vk_device *dev,
                                     struct dml_vk_pipeline_entry *entry, VkPipeline *out);
/* The worker is done with a BUILDING entry: READY with pipeline, or IDLE again (VK_NULL_HANDLE:
 * it failed; the kernels stay generic). Lock held. */
void dml_vk_pipeline_finish(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry,
                            VkPipeline pipeline);
/* Removes an entry nobody waits for and that was never built from the table. Lock held. */
void dml_vk_pipeline_drop(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry);

/* pipeline_worker.c; lock is dev->pipelines.lock. enqueue (lock held): false when the queue is
 * full or the thread could not start (the entry stays IDLE). stop: joins the thread (the job
 * being built is finished; queued ones go back to IDLE). */
bool dml_vk_worker_enqueue(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry);
void dml_vk_worker_stop(struct dml_vk_device *dev);

/* cache_files.c: the file of kind `what` (e.g. "pipelines") for this device, driver and library
 * version, in $XDG_CACHE_HOME/dmlops (or ~/.cache/dmlops), a directory of this user's that no one
 * else may write to (created 0700). Nothing happens when there is none or DMLOPS_PIPELINE_CACHE=0.
 * read: S_OK with the whole file in *data (malloc'ed, followed by one NUL byte; *size excludes
 * it); S_FALSE, with none, unless it is a regular file of this user of 1 to max bytes;
 * E_OUTOFMEMORY. Never follows a link, never blocks, never maps. write: header then data through
 * an exclusive temporary file renamed over the file, whole or not at all. */
HRESULT dml_vk_cache_read(const struct dml_vk_device *dev, const char *what, size_t max,
                          void **data, size_t *size);
void dml_vk_cache_write(const struct dml_vk_device *dev, const char *what, const void *header,
                        size_t header_size, const void *data, size_t size);

/* pipeline_cache.c: the VkPipelineCache's initial data from, and its data back to,
 * $XDG_CACHE_HOME/dmlops (or ~/.cache/dmlops), one file per device, driver and library
 * version; DMLOPS_PIPELINE_CACHE=0 turns it off. Missing, foreign or corrupt files are ignored. */
VkResult dml_vk_pipeline_cache_create(struct dml_vk_device *dev, VkPipelineCache *out);
void dml_vk_pipeline_cache_save(struct dml_vk_device *dev, VkPipelineCache cache);

/* shaders.c: the embedded SPIR-V of a variant; NULL when there is none. */
const uint32_t *dml_vk_spirv(const struct dml_vk_variant *variant, size_t *bytes);
/* The optional shader features (enum dml_vk_shader_feature) a SPIR-V module declares. */
uint32_t dml_vk_spirv_needs(const uint32_t *code, size_t bytes);
/* The variant's SPIR-V when the device has every optional feature it declares: E_INVALIDARG for a
 * variant without a module, DXGI_ERROR_UNSUPPORTED (and a line on a debug device) when the device
 * lacks one (ScaleBias and float sequences need shaderFloat64). */
HRESULT dml_vk_spirv_for(const struct dml_vk_device *dev, const struct dml_vk_variant *variant,
                         const uint32_t **code, size_t *bytes);

/* commands.c: command buffers on the library's queue. */
struct dml_vk_pending
{
    VkCommandBuffer cmd;
    VkCommandPool pool;
    VkBuffer *used; /* the registry's buffers it uses, a use each (dml_vk_command_use) */
    size_t used_count, used_capacity;
    /* The set of buffers dml_vk_command_use noted last (0: none), and the registry's destroyed
     * count before it checked them: while both stay, recording with that set again is done. */
    uint64_t noted_set, noted_destroyed;
    struct dml_vk_block *blocks; /* its own (dml_vk_command_block), freed once it has run */
    size_t block_count, block_capacity;
};
struct dml_vk_commands
{
    pthread_mutex_t lock;
    struct dml_vk_pending *items;
    size_t count, capacity;
};
void dml_vk_commands_cleanup(struct dml_vk_device *dev);

struct dml_vk_device
{
    struct dml_vk_instance instance;
    VkPhysicalDevice physical;
    VkDevice handle;
    bool owns_device;
    const VkAllocationCallbacks *allocator; /* NULL or &allocator_copy: every create/destroy */
    VkAllocationCallbacks allocator_copy;
    atomic_bool lost; /* a submission or wait returned VK_ERROR_DEVICE_LOST */
    struct VolkDeviceTable vk;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
    uint32_t queue_family;
    /* enum dml_vk_shader_feature bits the kernels may use: what the GPU has (the library's own
     * device enables them all; an application's device must have them enabled, dmlops.h) */
    uint32_t shader_features;
    VkQueue queue;
    pthread_mutex_t queue_lock;
    struct dml_vk_block_pool blocks;
    struct dml_vk_buffer_registry buffers;
    struct dml_vk_pipelines pipelines;
    struct dml_vk_commands commands;
    struct dml_vk_engines engines;
};

/* engines.c: at device creation, reads DMLOPS_COPY_ENGINE or an earlier process's times (never
 * submits anything). engine_for: the faster engine for `bytes` in `runs`, probing first on the
 * library's own queue when that is still to be done (E_OUTOFMEMORY when the probes could not
 * allocate: they run again next time). */
HRESULT dml_vk_engines_choose(struct dml_vk_device *dev);
HRESULT dml_vk_engine_for(struct dml_vk_device *dev, uint64_t bytes, uint32_t runs,
                          enum dml_vk_engine *engine);

/* copies.c: a step's runs (plan_copy.h) as vkCmdCopyBuffer between a compute-to-transfer and a
 * transfer-to-compute barrier. possible: slots known now, every one a buffer of the library's
 * (dmlopsCreateBuffer: transfer usage; an application's buffer may lack it), and no run overlapping
 * another's destination (vkCmdCopyBuffer forbids it: an in-place IDENTITY). */
struct plan_copy_region;
bool dml_vk_copies_possible(const struct plan_copy_region *regions, uint32_t count,
                            const struct dml_vk_slot *slots, uint32_t slot_count);
void dml_vk_copies_record(struct dml_vk_device *dev, const struct plan_copy_region *regions,
                          uint32_t count, VkCommandBuffer cmd, const struct dml_vk_slot *slots);

/* Grows a dynamic array (items, count, capacity) so that one more item fits. */
bool dml_vk_array_reserve(void **items, size_t *capacity, size_t count, size_t item_size);

#endif
