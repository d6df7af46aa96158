/* Debug output in the style of DirectML's debug layer: one line per message on stderr, prefixed
 * "[DIRECTML ERROR]: ", printed only when the device was created with DML_CREATE_DEVICE_FLAG_DEBUG
 * or the environment has DMLOPS_DEBUG=1; and the same message, without the prefix and with its
 * rule id, to the application's callback (dmlopsSetMessageCallback). Rule ids: docs/rules.md. */
#ifndef DMLOPS_DIAG_H
#define DMLOPS_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include <dmlops.h>

#define DML_DIAG_PREFIX "[DIRECTML ERROR]: "

/* DMLOPS_DEBUG is set to a non-empty value other than "0". */
bool dml_diag_env_enabled(void);

/* An error with no rule id, when enabled. */
void dml_diag_print(bool enabled, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dml_diag_vprint(bool enabled, const char *fmt, va_list args);

/* A message citing rule (a docs/rules.md id such as "T5" or "D13"; NULL: none), when enabled. */
void dml_diag_rule(bool enabled, DMLOPS_MESSAGE_SEVERITY severity, const char *rule,
                   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A problem of the machine rather than of a call (no Vulkan loader, no driver): always given to
 * the callback, printed when enabled. */
void dml_diag_environment(bool enabled, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Where lines go (NULL: stderr). For tests. */
void dml_diag_set_stream(FILE *stream);

#endif
