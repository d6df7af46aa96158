/* Operators that DirectML.h declares and libdmlops does not implement, created from C as an
 * application that falls back on failure would: CreateOperator returns DXGI_ERROR_UNSUPPORTED
 * (not E_INVALIDARG, not a crash), leaves *ppv NULL, and a debug device prints one
 * "[DIRECTML ERROR]" line naming the operator type. The descs are valid DirectML descs. */
#define _POSIX_C_SOURCE 200809L /* dup, dup2, fileno */
#define COBJMACROS
#include <DirectML.h>
#include <dmlops.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs CreateOperator with stderr sent to a temporary file; returns the HRESULT and the text. */
static HRESULT create_capturing_stderr(IDMLDevice *device, const DML_OPERATOR_DESC *desc, void **op,
                                       char *text, size_t text_size)
{
    FILE *capture = tmpfile();
    int saved = dup(STDERR_FILENO);
    if (!capture || saved < 0)
        exit(1);
    fflush(stderr);
    dup2(fileno(capture), STDERR_FILENO);
    HRESULT hr = IDMLDevice_CreateOperator(device, desc, &IID_IDMLOperator, op);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    rewind(capture);
    size_t n = fread(text, 1, text_size - 1, capture);
    text[n] = '\0';
    fclose(capture);
    return hr;
}

static unsigned count_lines_with(const char *text, const char *a, const char *b)
{
    unsigned count = 0;
    for (const char *line = text; *line;)
    {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        char copy[1024];
        snprintf(copy, sizeof copy, "%.*s", (int)length, line);
        count += strstr(copy, a) && strstr(copy, b);
        line += length + (end != NULL);
    }
    return count;
}

static int expect_unsupported(IDMLDevice *device, DML_OPERATOR_TYPE type, const char *name,
                              const void *desc)
{
    DML_OPERATOR_DESC op_desc = {type, desc};
    void *op = (void *)&op_desc; /* must come back NULL */
    char text[4096];
    HRESULT hr = create_capturing_stderr(device, &op_desc, &op, text, sizeof text);
    unsigned lines = count_lines_with(text, "[DIRECTML ERROR]", name);
    if (hr == DXGI_ERROR_UNSUPPORTED && op == NULL && lines == 1)
        return 0;
    fprintf(stderr, "%s: hr 0x%08X (want 0x887A0004), ppv %s, %u debug lines naming it in:\n%s\n",
            name, (unsigned)hr, op ? "not NULL" : "NULL", lines, text);
    if (hr == S_OK && op)
        IDMLOperator_Release((IDMLOperator *)op);
    return 1;
}

int main(void)
{
    UINT adapters = 0;
    if (FAILED(dmlopsEnumerateAdapters(&adapters, NULL)) || adapters == 0)
        return 77;
    IDMLDevice *device = NULL;
    if (FAILED(
            DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_DEBUG, &IID_IDMLDevice, (void **)&device)))
        return fprintf(stderr, "DMLCreateDevice failed\n"), 1;

    UINT sizes[4] = {1, 1, 2, 8};
    DML_BUFFER_TENSOR_DESC buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, NULL, 64, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add = {&t, &t, &t};
    DML_ACTIVATION_RELU_OPERATOR_DESC relu = {&t, &t};
    DML_OPERATOR_DESC fused_relu = {DML_OPERATOR_ACTIVATION_RELU, &relu};
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC add1 = {&t, &t, &t, &fused_relu};
    DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip1 = {
        &t, &t, NULL, DML_TENSOR_DATA_TYPE_FLOAT32, {.Float32 = 0.0f}, {.Float32 = 1.0f}};
    DML_GEMM_OPERATOR_DESC gemm = {
        &t,   &t,   NULL, &t, DML_MATRIX_TRANSFORM_NONE, DML_MATRIX_TRANSFORM_TRANSPOSE,
        1.0f, 0.0f, NULL};
    UINT window[2] = {1, 2}, ones[2] = {1, 1}, zeros[2] = {0, 0};
    DML_FOLD_OPERATOR_DESC fold = {&t, &t, 2, window, ones, ones, zeros, zeros};

    int failures = 0;
    failures += expect_unsupported(device, DML_OPERATOR_ELEMENT_WISE_ADD,
                                   "DML_OPERATOR_ELEMENT_WISE_ADD", &add);
    failures += expect_unsupported(device, DML_OPERATOR_ELEMENT_WISE_ADD1,
                                   "DML_OPERATOR_ELEMENT_WISE_ADD1", &add1);
    failures += expect_unsupported(device, DML_OPERATOR_ACTIVATION_RELU,
                                   "DML_OPERATOR_ACTIVATION_RELU", &relu);
    failures += expect_unsupported(device, DML_OPERATOR_ELEMENT_WISE_CLIP1,
                                   "DML_OPERATOR_ELEMENT_WISE_CLIP1", &clip1);
    failures += expect_unsupported(device, DML_OPERATOR_GEMM, "DML_OPERATOR_GEMM", &gemm);
    failures += expect_unsupported(device, DML_OPERATOR_FOLD, "DML_OPERATOR_FOLD", &fold);

    /* The device is still usable after the refusals: GetDeviceRemovedReason is S_OK. */
    if (IDMLDevice_GetDeviceRemovedReason(device) != S_OK)
        failures += fprintf(stderr, "device removed after an unsupported operator\n") > 0;
    IDMLDevice_Release(device);
    printf("%s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
