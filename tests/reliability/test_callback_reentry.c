/* A message callback that calls the library while the machine has no Vulkan driver (run with
 * VK_ICD_FILENAMES and VK_DRIVER_FILES naming no file): the VK-DRIVER message was delivered while
 * the library held the lock of its process-wide VkInstance, so a callback listing the adapters or
 * creating a device waited for that lock forever. No lock of the library is held while it calls
 * out: the nested calls return (no device, no adapter), and an alarm fails a hang. */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include <DirectML.h>
#include <dmlops.h>

#include <cmocka.h>

#define DEADLOCK_SECONDS 20

struct heard
{
    unsigned driver_messages; /* VK-DRIVER messages */
    unsigned nested;          /* library calls made from inside the callback that returned */
    HRESULT nested_create;
    UINT nested_adapters;
    unsigned depth;
};

static void on_message(DMLOPS_MESSAGE_SEVERITY severity, const char *rule, const char *text,
                       void *user)
{
    struct heard *h = user;
    IDMLDevice *device = NULL;

    (void)severity;
    (void)text;
    if (strcmp(rule, "VK-DRIVER"))
        return;
    ++h->driver_messages;
    if (h->depth++) /* the nested calls report again: go one level deep only */
        return (void)--h->depth;
    h->nested_adapters = 99;
    if (SUCCEEDED(dmlopsEnumerateAdapters(&h->nested_adapters, NULL)))
        ++h->nested;
    h->nested_create =
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device);
    ++h->nested;
    if (device)
        IDMLDevice_Release(device);
    --h->depth;
}

static void on_alarm(int sig)
{
    static const char msg[] = "deadlock: a library call from inside the message callback did not "
                              "return (a lock held while calling out)\n";
    (void)sig;
    (void)!write(2, msg, sizeof(msg) - 1);
    _exit(1);
}

static void callback_may_list_and_create_without_a_driver(void **state)
{
    struct heard h = {0};
    IDMLDevice *device = NULL;
    UINT adapters = 99;

    (void)state;
    dmlopsSetMessageCallback(on_message, &h, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    alarm(DEADLOCK_SECONDS);
    assert_int_equal(
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device),
        DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(dmlopsEnumerateAdapters(&adapters, NULL), S_OK);
    alarm(0);
    dmlopsSetMessageCallback(NULL, NULL, 0);
    assert_null(device);
    assert_int_equal(adapters, 0);
    assert_true(h.driver_messages >= 2);
    assert_true(h.nested >= 4); /* both outer calls' callbacks made both nested calls */
    assert_int_equal(h.nested_adapters, 0);
    assert_int_equal(h.nested_create, DXGI_ERROR_UNSUPPORTED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(callback_may_list_and_create_without_a_driver),
    };

    signal(SIGALRM, on_alarm);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
