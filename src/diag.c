#define _POSIX_C_SOURCE 200809L /* pthread_rwlock_t */
#include "diag.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static _Atomic(FILE *) diag_stream;

/* The application's callback. A read lock is held while it runs, so that once
 * dmlopsSetMessageCallback returns the old callback is no longer called. callback_depth counts
 * the callbacks running on this thread: a message raised inside one (the callback called the
 * library) is delivered under the read lock this thread already holds, and a
 * dmlopsSetMessageCallback from inside one is ignored, since waiting for the write lock would
 * wait for this very thread. */
static pthread_rwlock_t callback_lock = PTHREAD_RWLOCK_INITIALIZER;
static PFN_DMLOPS_MESSAGE_CALLBACK callback;
static void *callback_data;
static UINT callback_flags;
static _Thread_local unsigned callback_depth;

static const char *const prefixes[] = {
    [DMLOPS_MESSAGE_SEVERITY_INFO] = "[DIRECTML INFO]: ",
    [DMLOPS_MESSAGE_SEVERITY_WARNING] = "[DIRECTML WARNING]: ",
    [DMLOPS_MESSAGE_SEVERITY_ERROR] = DML_DIAG_PREFIX,
};

/* Where the ids come from, said once per process on stderr, as DirectML's one-time warning. Not
 * on a stream a test set, whose lines it counts. */
#define DOC_NOTICE                                                                                 \
    "[DIRECTML WARNING]: libdmlops: the rule and decision ids in these lines (T4, S1-5, D13, "     \
    "...) "                                                                                        \
    "are explained in docs/rules.md (installed as share/doc/dmlops/rules.md)\n"

bool dml_diag_env_enabled(void)
{
    const char *value = getenv("DMLOPS_DEBUG");
    return value && value[0] && strcmp(value, "0") != 0;
}

void dml_diag_set_stream(FILE *stream)
{
    atomic_store(&diag_stream, stream);
}

DMLOPS_API void dmlopsSetMessageCallback(PFN_DMLOPS_MESSAGE_CALLBACK fn, void *userData, UINT flags)
{
    if (callback_depth)
        return;
    pthread_rwlock_wrlock(&callback_lock);
    callback = fn;
    callback_data = userData;
    callback_flags = fn ? flags : 0;
    pthread_rwlock_unlock(&callback_lock);
}

/* Calls the callback if there is one; returns whether stderr is still wanted. */
static bool deliver(DMLOPS_MESSAGE_SEVERITY severity, const char *rule, const char *text)
{
    bool print = true, locked = !callback_depth;
    if (locked)
        pthread_rwlock_rdlock(&callback_lock);
    if (callback)
    {
        ++callback_depth;
        callback(severity, rule ? rule : "", text, callback_data);
        --callback_depth;
        print = !(callback_flags & DMLOPS_MESSAGE_FLAG_NO_STDERR);
    }
    if (locked)
        pthread_rwlock_unlock(&callback_lock);
    return print;
}

static void print_line(DMLOPS_MESSAGE_SEVERITY severity, const char *text)
{
    static atomic_flag notice_given = ATOMIC_FLAG_INIT;
    FILE *stream = atomic_load(&diag_stream);
    if (!stream)
    {
        stream = stderr;
        if (!atomic_flag_test_and_set(&notice_given))
            fputs(DOC_NOTICE, stream);
    }
    /* One fprintf call per line, so that lines of concurrent threads do not interleave. */
    fprintf(stream, "%s%s\n", prefixes[severity], text);
    fflush(stream);
}

static void report(bool enabled, bool always_deliver, DMLOPS_MESSAGE_SEVERITY severity,
                   const char *rule, const char *fmt, va_list args)
{
    char text[1024];
    if (!enabled && !always_deliver)
        return;
    vsnprintf(text, sizeof(text), fmt, args);
    if (deliver(severity, rule, text) && enabled)
        print_line(severity, text);
}

void dml_diag_vprint(bool enabled, const char *fmt, va_list args)
{
    report(enabled, false, DMLOPS_MESSAGE_SEVERITY_ERROR, NULL, fmt, args);
}

void dml_diag_print(bool enabled, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    dml_diag_vprint(enabled, fmt, args);
    va_end(args);
}

void dml_diag_rule(bool enabled, DMLOPS_MESSAGE_SEVERITY severity, const char *rule,
                   const char *fmt, ...)
{
    va_list args;
    if ((unsigned)severity > DMLOPS_MESSAGE_SEVERITY_ERROR)
        severity = DMLOPS_MESSAGE_SEVERITY_ERROR;
    va_start(args, fmt);
    report(enabled, false, severity, rule, fmt, args);
    va_end(args);
}

void dml_diag_environment(bool enabled, const char *rule, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    report(enabled, true, DMLOPS_MESSAGE_SEVERITY_ERROR, rule, fmt, args);
    va_end(args);
}
