/* The device's pipeline worker: one thread, started on the first job, that builds specialized
 * pipelines while CompileOperator returns at once with the generic kernel. Its queue and the
 * entries' states are guarded by the pipelines' lock, which the thread drops while it builds
 * (vkCreateComputePipelines may take hundreds of milliseconds). A job whose kernels were all
 * destroyed before it started is dropped unbuilt. */
#define _GNU_SOURCE /* pthread_setname_np */
#include <pthread.h>

#include "vk_private.h"

#define QUEUE_SIZE DML_VK_MAX_SPECIALIZED

/* The next job to build, or NULL when stopping; lock held. Jobs nobody waits for any more go. */
static struct dml_vk_pipeline_entry *take_job(struct dml_vk_device *dev)
{
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    while (!w->stopping)
    {
        if (!w->count)
        {
            pthread_cond_broadcast(&w->idle);
            pthread_cond_wait(&w->wake, &dev->pipelines.lock);
            continue;
        }
        struct dml_vk_pipeline_entry *e = w->jobs[w->head];
        w->head = (w->head + 1) % QUEUE_SIZE;
        --w->count;
        e->state = DML_VK_PIPELINE_IDLE;
        if (!e->users)
        {
            dml_vk_pipeline_drop(dev, e);
            continue;
        }
        e->state = DML_VK_PIPELINE_BUILDING;
        w->building = 1;
        return e;
    }
    return NULL;
}

static void *run(void *arg)
{
    struct dml_vk_device *dev = arg;
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    struct dml_vk_pipeline_entry *e;
    pthread_setname_np(pthread_self(), DML_VK_WORKER_NAME); /* for debuggers, and tests */
    pthread_mutex_lock(&dev->pipelines.lock);
    while ((e = take_job(dev)))
    {
        VkPipeline pipeline;
        pthread_mutex_unlock(&dev->pipelines.lock);
        VkResult r = dml_vk_pipeline_build_entry(dev, e, &pipeline);
        pthread_mutex_lock(&dev->pipelines.lock);
        /* A failure (host or device memory, say) leaves the kernels generic. */
        dml_vk_pipeline_finish(dev, e, r == VK_SUCCESS ? pipeline : VK_NULL_HANDLE);
        w->building = 0;
        pthread_cond_broadcast(&w->idle);
    }
    pthread_cond_broadcast(&w->idle);
    pthread_mutex_unlock(&dev->pipelines.lock);
    return NULL;
}

/* Lock held. */
static bool start(struct dml_vk_device *dev)
{
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    if (w->started)
        return true;
    if (w->stopping || pthread_create(&w->thread, NULL, run, dev))
        return false;
    w->started = true;
    return true;
}

bool dml_vk_worker_enqueue(struct dml_vk_device *dev, struct dml_vk_pipeline_entry *entry)
{
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    if (w->count == QUEUE_SIZE || !start(dev))
        return false;
    w->jobs[(w->head + w->count++) % QUEUE_SIZE] = entry;
    entry->state = DML_VK_PIPELINE_QUEUED;
    pthread_cond_signal(&w->wake);
    return true;
}

void dml_vk_worker_stop(struct dml_vk_device *dev)
{
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    pthread_mutex_lock(&dev->pipelines.lock);
    w->stopping = true;
    for (; w->count; --w->count, w->head = (w->head + 1) % QUEUE_SIZE)
        w->jobs[w->head]->state = DML_VK_PIPELINE_IDLE;
    pthread_cond_signal(&w->wake);
    bool started = w->started;
    pthread_mutex_unlock(&dev->pipelines.lock);
    if (started)
        pthread_join(w->thread, NULL);
    w->started = false;
}

/* Whether the worker still has e to build; lock held. */
static bool in_work(const struct dml_vk_pipeline_entry *e)
{
    return e->state == DML_VK_PIPELINE_QUEUED || e->state == DML_VK_PIPELINE_BUILDING;
}

void dml_vk_kernel_wait(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel)
{
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    if (!kernel->pending)
        return;
    pthread_mutex_lock(&dev->pipelines.lock);
    while (!w->stopping && in_work(kernel->pending))
        pthread_cond_wait(&w->idle, &dev->pipelines.lock);
    pthread_mutex_unlock(&dev->pipelines.lock);
}

void dml_vk_device_wait_pipelines(struct dml_vk_device *dev)
{
    struct dml_vk_pipeline_worker *w = &dev->pipelines.worker;
    pthread_mutex_lock(&dev->pipelines.lock);
    while (w->started && !w->stopping && (w->count || w->building))
        pthread_cond_wait(&w->idle, &dev->pipelines.lock);
    pthread_mutex_unlock(&dev->pipelines.lock);
}
