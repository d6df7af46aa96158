/* Which optional shader features each embedded kernel declares (read from its SPIR-V), and that a
 * device without one refuses the kernel with DXGI_ERROR_UNSUPPORTED and a "VK-FEATURE" message
 * instead of building a pipeline the device cannot run (a validation error). No GPU needed: the
 * check reads only the device's feature bits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <dmlops.h>

#include "vk/vk_private.h"

static uint32_t needs(uint32_t kernel, uint32_t elem_bytes)
{
    struct dml_vk_variant variant = {kernel, elem_bytes, 0, 0};
    size_t bytes = 0;
    const uint32_t *code = dml_vk_spirv(&variant, &bytes);
    assert_non_null(code);
    return dml_vk_spirv_needs(code, bytes);
}

/* Moving bits never needs float64; ScaleBias's FMA on 2-, 4- and 8-byte elements does, and so
 * does the FILL kernel (float sequences). */
static void test_declared_features(void **state)
{
    static const uint32_t movers[] = {DML_VK_KERNEL_MOVE, PLAN_KERNEL_CAST, PLAN_KERNEL_GATHER,
                                      PLAN_KERNEL_SCATTER};
    for (size_t k = 0; k < sizeof(movers) / sizeof(movers[0]); ++k)
        for (uint32_t e = 1; e <= 16; e *= 2)
            assert_false(needs(movers[k], e) & DML_VK_SHADER_FLOAT64);
    for (uint32_t e = 2; e <= 8; e *= 2)
        assert_true(needs(PLAN_KERNEL_SCALE_BIAS, e) & DML_VK_SHADER_FLOAT64);
    assert_false(needs(PLAN_KERNEL_SCALE_BIAS, 1) & DML_VK_SHADER_FLOAT64);
    /* the float sequences: FD4's one FMA */
    assert_true(needs(PLAN_KERNEL_FILL, 4) & DML_VK_SHADER_FLOAT64);
}

static char rule[32];
static char message[512];

static void on_message(DMLOPS_MESSAGE_SEVERITY severity, const char *rule_id, const char *text,
                       void *user)
{
    snprintf(rule, sizeof(rule), "%s", rule_id);
    snprintf(message, sizeof(message), "%s", text);
}

static void test_device_without_float64(void **state)
{
    struct dml_vk_device dev;
    struct dml_vk_variant scale_bias = {PLAN_KERNEL_SCALE_BIAS, 4, 0, 0},
                          copy = {DML_VK_KERNEL_MOVE, 4, 0, 0};
    const uint32_t *code = NULL;
    size_t bytes = 0;

    memset(&dev, 0, sizeof(dev));
    dev.shader_features = DML_VK_SHADER_INT8 | DML_VK_SHADER_INT16 | DML_VK_SHADER_FLOAT16;
    dmlopsSetMessageCallback(on_message, NULL, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    assert_int_equal(dml_vk_spirv_for(&dev, &copy, &code, &bytes), S_OK);
    assert_non_null(code);
    assert_string_equal(rule, "");
    assert_int_equal(dml_vk_spirv_for(&dev, &scale_bias, &code, &bytes), DXGI_ERROR_UNSUPPORTED);
    assert_string_equal(rule, "VK-FEATURE");
    assert_non_null(strstr(message, "shaderFloat64"));
    dev.shader_features |= DML_VK_SHADER_FLOAT64;
    assert_int_equal(dml_vk_spirv_for(&dev, &scale_bias, &code, &bytes), S_OK);
    dmlopsSetMessageCallback(NULL, NULL, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_declared_features),
        cmocka_unit_test(test_device_without_float64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
