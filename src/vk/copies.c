/* A step's contiguous runs on the copy engine: vkCmdCopyBuffer between two barriers of its own,
 * so that to the application the copies are ordered like a compute dispatch. */
#include "plan_copy.h"
#include "vk_private.h"

/* vkCmdCopyBuffer forbids overlapping source and destination ranges (an in-place IDENTITY). */
static bool regions_overlap(const struct plan_copy_region *regions, uint32_t count,
                            const struct dml_vk_slot *slots)
{
    for (uint32_t r = 0; r < count; ++r)
    {
        const struct plan_copy_region *region = &regions[r];
        const struct dml_vk_slot *src = &slots[region->src_slot], *dst = &slots[region->dst_slot];
        uint64_t s0 = src->offset + region->src_offset, d0 = dst->offset + region->dst_offset;
        if (src->buffer == dst->buffer && s0 < d0 + region->size && d0 < s0 + region->size)
            return true;
    }
    return false;
}

bool dml_vk_copies_possible(const struct plan_copy_region *regions, uint32_t count,
                            const struct dml_vk_slot *slots, uint32_t slot_count)
{
    if (!count || !slots)
        return false;
    for (uint32_t s = 0; s < slot_count; ++s)
    {
        if (!slots[s].buffer)
            return false;
    }
    return !regions_overlap(regions, count, slots);
}

static void barrier(struct dml_vk_device *dev, VkCommandBuffer cmd, VkPipelineStageFlags from,
                    VkAccessFlags written, VkPipelineStageFlags to, VkAccessFlags accessed)
{
    VkMemoryBarrier memory = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = written,
                              .dstAccessMask = accessed};
    dev->vk.vkCmdPipelineBarrier(cmd, from, to, 0, 1, &memory, 0, NULL, 0, NULL);
}

/* Consecutive runs between the same two slots go in one vkCmdCopyBuffer (COPY_BATCH at most). */
#define COPY_BATCH 32
static void record_copies(struct dml_vk_device *dev, const struct plan_copy_region *regions,
                          uint32_t count, VkCommandBuffer cmd, const struct dml_vk_slot *slots)
{
    VkBufferCopy batch[COPY_BATCH];
    uint32_t n = 0;

    for (uint32_t r = 0; r < count; ++r)
    {
        const struct plan_copy_region *region = &regions[r];
        const struct dml_vk_slot *src = &slots[region->src_slot], *dst = &slots[region->dst_slot];
        batch[n++] = (VkBufferCopy){src->offset + region->src_offset,
                                    dst->offset + region->dst_offset, region->size};
        const struct plan_copy_region *next = r + 1 < count ? region + 1 : NULL;
        if (n == COPY_BATCH || !next || next->src_slot != region->src_slot ||
            next->dst_slot != region->dst_slot)
        {
            dev->vk.vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, n, batch);
            n = 0;
        }
    }
}

void dml_vk_copies_record(struct dml_vk_device *dev, const struct plan_copy_region *regions,
                          uint32_t count, VkCommandBuffer cmd, const struct dml_vk_slot *slots)
{
    barrier(dev, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
    record_copies(dev, regions, count, cmd, slots);
    barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}
