/* CHECK(expr): the flow tests' way to stop at the first failed HRESULT, naming the call. */
#ifndef FLOW_CHECK_H
#define FLOW_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(expr)                                                                                \
    do                                                                                             \
    {                                                                                              \
        HRESULT hr_ = (expr);                                                                      \
        if (FAILED(hr_))                                                                           \
        {                                                                                          \
            fprintf(stderr, "%s:%d: %s failed: 0x%08X\n", __FILE__, __LINE__, #expr,               \
                    (unsigned)hr_);                                                                \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#endif
