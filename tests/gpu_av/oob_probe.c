/* The negative control of the GPU-AV tests: a shader of this test writes through a buffer device
 * address past the end of its VkBuffer (inside the memory the buffer is bound to, so nothing is
 * corrupted). Under GPU-assisted validation the layer must report that write and not the
 * in-bounds one; otherwise "no GPU-AV message" from the other gpu_av tests would prove nothing.
 * Needs DMLOPS_VALIDATION=gpu-assisted (the test application's instance follows it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_vk.h"
#include "oob_probe_spv.h"

#define BUFFER_BYTES 64u
#define MEMORY_BYTES 4096u
#define OOB_INDEX 100u /* byte 400: past the buffer, inside the memory */

struct probe
{
    VkDeviceMemory memory;
    VkBuffer buffer;
    VkShaderModule module;
    VkPipelineLayout layout;
    VkPipeline pipeline;
};

/* A BUFFER_BYTES buffer on memory from a MEMORY_BYTES one whose own VkBuffer is destroyed, so that
 * no buffer covers the bytes past BUFFER_BYTES. */
static bool create_buffer(struct app_vk *vk, struct probe *p)
{
    struct app_buffer whole;
    if (!app_buffer_create(vk, MEMORY_BYTES, true, &whole))
        return false;
    vkDestroyBuffer(vk->device, whole.buffer, NULL);
    p->memory = whole.memory;
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = BUFFER_BYTES,
        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
    };
    return vkCreateBuffer(vk->device, &info, NULL, &p->buffer) == VK_SUCCESS &&
           vkBindBufferMemory(vk->device, p->buffer, p->memory, 0) == VK_SUCCESS;
}

static bool create_pipeline(struct app_vk *vk, struct probe *p)
{
    VkShaderModuleCreateInfo module = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = sizeof(oob_probe_spv),
        .pCode = oob_probe_spv,
    };
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
    VkPipelineLayoutCreateInfo layout = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &range,
    };
    if (vkCreateShaderModule(vk->device, &module, NULL, &p->module) != VK_SUCCESS ||
        vkCreatePipelineLayout(vk->device, &layout, NULL, &p->layout) != VK_SUCCESS)
        return false;
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
                  VK_SHADER_STAGE_COMPUTE_BIT, p->module, "main", NULL},
        .layout = p->layout,
    };
    return vkCreateComputePipelines(vk->device, VK_NULL_HANDLE, 1, &info, NULL, &p->pipeline) ==
           VK_SUCCESS;
}

/* Runs the shader once with the given index; returns the new validation messages. */
static unsigned write_word(struct app_vk *vk, struct probe *p, uint32_t index)
{
    unsigned before = app_vk_validation_errors();
    VkBufferDeviceAddressInfo address = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL,
                                         p->buffer};
    struct
    {
        VkDeviceAddress target;
        uint32_t index, pad;
    } push = {vkGetBufferDeviceAddress(vk->device, &address), index, 0};
    VkCommandBuffer cmd = app_begin(vk);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
    vkCmdPushConstants(cmd, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
    vkCmdDispatch(cmd, 1, 1, 1);
    if (app_submit_and_wait(vk, cmd) != VK_SUCCESS)
        return fprintf(stderr, "oob_probe: submission failed\n"), 0;
    return app_vk_validation_errors() - before;
}

static void destroy(struct app_vk *vk, struct probe *p)
{
    vkDestroyPipeline(vk->device, p->pipeline, NULL);
    vkDestroyPipelineLayout(vk->device, p->layout, NULL);
    vkDestroyShaderModule(vk->device, p->module, NULL);
    vkDestroyBuffer(vk->device, p->buffer, NULL);
    vkFreeMemory(vk->device, p->memory, NULL);
}

int main(void)
{
    const char *mode = getenv("DMLOPS_VALIDATION");
    if (!mode || strcmp(mode, "gpu-assisted"))
    {
        printf("oob_probe: skipped: needs DMLOPS_VALIDATION=gpu-assisted\n");
        return 77;
    }
    struct app_vk vk;
    struct probe p = {0};
    app_vk_init(&vk); /* exits 77 without a device or the layer */
    bool ok = create_buffer(&vk, &p) && create_pipeline(&vk, &p);
    unsigned in_bounds = ok ? write_word(&vk, &p, BUFFER_BYTES / 4 - 1) : 0;
    unsigned out_of_bounds = ok ? write_word(&vk, &p, OOB_INDEX) : 0;
    destroy(&vk, &p);
    app_vk_cleanup(&vk);
    printf("oob_probe: in-bounds write: %u message(s); write %u bytes past a %u-byte buffer: "
           "%u message(s)\n",
           in_bounds, OOB_INDEX * 4 - BUFFER_BYTES, BUFFER_BYTES, out_of_bounds);
    bool pass = ok && in_bounds == 0 && out_of_bounds > 0;
    printf("oob_probe: %s\n", pass ? "PASS (GPU-assisted validation catches the out-of-bounds "
                                     "write)"
                                   : "FAIL");
    return pass ? 0 : 1;
}
