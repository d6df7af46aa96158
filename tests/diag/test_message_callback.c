/* dmlopsSetMessageCallback through the public API: a rejected desc on a debug device reaches the
 * callback with its severity, rule id and the text of its stderr line; NO_STDERR keeps stderr
 * quiet; a device without debug says nothing; a cleared callback is not called; a callback that
 * calls the library (a nested rejected desc, dmlopsSetMessageCallback) neither deadlocks nor
 * loses its place (an alarm fails a hang). With the argument
 * "no-driver" (run with VK_ICD_FILENAMES naming no driver): device creation fails and the callback
 * hears VK-DRIVER naming the Debian package, debug or not. */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include <DirectML.h>
#include <dmlops.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

struct heard
{
    unsigned calls;
    DMLOPS_MESSAGE_SEVERITY severity;
    char rule[64];
    char text[1024];
};

static void on_message(DMLOPS_MESSAGE_SEVERITY severity, const char *rule, const char *text,
                       void *user)
{
    struct heard *h = user;
    ++h->calls;
    h->severity = severity;
    snprintf(h->rule, sizeof(h->rule), "%s", rule);
    snprintf(h->text, sizeof(h->text), "%s", text);
}

static IDMLDevice *device_or_skip(DML_CREATE_DEVICE_FLAGS flags)
{
    IDMLDevice *device = NULL;
    HRESULT hr = DMLCreateDevice(NULL, flags, &IID_IDMLDevice, (void **)&device);
    if (hr == DXGI_ERROR_UNSUPPORTED)
        exit(77); /* no Vulkan device: skipped */
    assert_int_equal(hr, S_OK);
    return device;
}

/* A SLICE1 whose window is zero wide: rule S1-5. */
static HRESULT create_bad_slice(IDMLDevice *device)
{
    UINT sizes[1] = {5}, offsets[1] = {0}, window[1] = {0};
    INT strides[1] = {1};
    DML_BUFFER_TENSOR_DESC buffer = {
        DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 20, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_SLICE1_OPERATOR_DESC slice = {&tensor, &tensor, 1, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    IDMLOperator *op = NULL;
    HRESULT hr = IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op);
    if (op)
        IDMLOperator_Release(op);
    return hr;
}

/* Runs create_bad_slice with stderr sent to a file; returns what stderr got. */
static const char *stderr_of_bad_slice(IDMLDevice *device)
{
    static char text[4096];
    FILE *file = tmpfile();
    int saved = dup(2);
    assert_non_null(file);
    fflush(stderr);
    dup2(fileno(file), 2);
    assert_int_equal(create_bad_slice(device), E_INVALIDARG);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(file);
    size_t n = fread(text, 1, sizeof(text) - 1, file);
    text[n] = 0;
    fclose(file);
    return text;
}

static void debug_device_reaches_callback_and_stderr(void **state)
{
    struct heard h = {0};
    IDMLDevice *device = device_or_skip(DML_CREATE_DEVICE_FLAG_DEBUG);
    dmlopsSetMessageCallback(on_message, &h, DMLOPS_MESSAGE_FLAG_NONE);
    const char *err = stderr_of_bad_slice(device);
    assert_int_equal(h.calls, 1);
    assert_int_equal(h.severity, DMLOPS_MESSAGE_SEVERITY_ERROR);
    assert_string_equal(h.rule, "S1-5");
    assert_non_null(strstr(h.text, "DML_OPERATOR_SLICE1: rule S1-5"));
    char line[1200];
    snprintf(line, sizeof(line), "[DIRECTML ERROR]: %s\n", h.text);
    assert_non_null(strstr(err, line));            /* the same text on stderr, with the prefix */
    assert_non_null(strstr(err, "docs/rules.md")); /* the one-time notice, first line of all */
    dmlopsSetMessageCallback(NULL, NULL, 0);
    IDMLDevice_Release(device);
}

static void no_stderr_flag_keeps_stderr_quiet(void **state)
{
    struct heard h = {0};
    IDMLDevice *device = device_or_skip(DML_CREATE_DEVICE_FLAG_DEBUG);
    dmlopsSetMessageCallback(on_message, &h, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    const char *err = stderr_of_bad_slice(device);
    assert_int_equal(h.calls, 1);
    assert_string_equal(h.rule, "S1-5");
    assert_null(strstr(err, "DIRECTML ERROR"));
    dmlopsSetMessageCallback(NULL, NULL, 0);
    IDMLDevice_Release(device);
}

static void no_debug_no_message(void **state)
{
    struct heard h = {0};
    IDMLDevice *device = device_or_skip(DML_CREATE_DEVICE_FLAG_NONE);
    dmlopsSetMessageCallback(on_message, &h, DMLOPS_MESSAGE_FLAG_NONE);
    const char *err = stderr_of_bad_slice(device);
    assert_int_equal(h.calls, 0);
    assert_null(strstr(err, "DIRECTML ERROR"));
    dmlopsSetMessageCallback(NULL, NULL, 0);
    IDMLDevice_Release(device);
}

static void cleared_callback_is_not_called(void **state)
{
    struct heard h = {0};
    IDMLDevice *device = device_or_skip(DML_CREATE_DEVICE_FLAG_DEBUG);
    dmlopsSetMessageCallback(on_message, &h, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    dmlopsSetMessageCallback(NULL, &h, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    const char *err = stderr_of_bad_slice(device);
    assert_int_equal(h.calls, 0);
    assert_non_null(strstr(err, "[DIRECTML ERROR]: DML_OPERATOR_SLICE1: rule S1-5"));
    IDMLDevice_Release(device);
}

struct reentrant
{
    IDMLDevice *device;
    unsigned calls;
};

/* Calls the library from inside the callback: once more into this callback (a second rejected
 * desc), and dmlopsSetMessageCallback, which must be ignored rather than wait for itself. */
static void on_message_reenter(DMLOPS_MESSAGE_SEVERITY severity, const char *rule,
                               const char *text, void *user)
{
    struct reentrant *r = user;
    if (++r->calls > 1)
        return;
    assert_int_equal(create_bad_slice(r->device), E_INVALIDARG);
    dmlopsSetMessageCallback(NULL, NULL, 0);
}

static void callback_may_call_the_library(void **state)
{
    struct reentrant r = {device_or_skip(DML_CREATE_DEVICE_FLAG_DEBUG), 0};
    dmlopsSetMessageCallback(on_message_reenter, &r, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    alarm(20); /* a deadlock ends the test with SIGALRM */
    assert_int_equal(create_bad_slice(r.device), E_INVALIDARG);
    assert_int_equal(r.calls, 2); /* the nested message reached the callback too */
    /* The set from inside was ignored: the callback still hears the next message. */
    assert_int_equal(create_bad_slice(r.device), E_INVALIDARG);
    alarm(0);
    assert_int_equal(r.calls, 3);
    dmlopsSetMessageCallback(NULL, NULL, 0);
    IDMLDevice_Release(r.device);
}

/* VK_ICD_FILENAMES names no driver: the loader is there, a driver is not. */
static int no_driver(void)
{
    struct heard h = {0};
    IDMLDevice *device = NULL;
    dmlopsSetMessageCallback(on_message, &h, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    HRESULT hr =
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device);
    int ok = FAILED(hr) && !device && h.calls >= 1 && !strcmp(h.rule, "VK-DRIVER") &&
             strstr(h.text, "mesa-vulkan-drivers");
    printf("%s: DMLCreateDevice 0x%08X; last message [%s] %s\n", ok ? "ok" : "FAIL", (unsigned)hr,
           h.rule, h.text);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "no-driver"))
        return no_driver();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(debug_device_reaches_callback_and_stderr),
        cmocka_unit_test(no_stderr_flag_keeps_stderr_quiet),
        cmocka_unit_test(no_debug_no_message),
        cmocka_unit_test(cleared_callback_is_not_called),
        cmocka_unit_test(callback_may_call_the_library),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
