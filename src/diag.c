#include "diag.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static _Atomic(FILE *) diag_stream;

bool dml_diag_env_enabled(void)
{
    const char *value = getenv("DMLOPS_DEBUG");
    return value && value[0] && strcmp(value, "0") != 0;
}

void dml_diag_set_stream(FILE *stream)
{
    atomic_store(&diag_stream, stream);
}

void dml_diag_vprint(bool enabled, const char *fmt, va_list args)
{
    char line[1024];
    FILE *stream;
    int len;

    if (!enabled)
        return;
    len = snprintf(line, sizeof(line), "%s", DML_DIAG_PREFIX);
    vsnprintf(line + len, sizeof(line) - (size_t)len, fmt, args);
    stream = atomic_load(&diag_stream);
    if (!stream)
        stream = stderr;
    /* One fprintf call per line, so that lines of concurrent threads do not interleave. */
    fprintf(stream, "%s\n", line);
    fflush(stream);
}

void dml_diag_print(bool enabled, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    dml_diag_vprint(enabled, fmt, args);
    va_end(args);
}
