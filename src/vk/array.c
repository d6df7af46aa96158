/* Growable arrays for the small registries of the Vulkan layer. */
#include <stdlib.h>

#include "vk_private.h"

bool dml_vk_array_reserve(void **items, size_t *capacity, size_t count, size_t item_size)
{
    if (count < *capacity)
        return true;
    size_t grown = *capacity ? *capacity * 2 : 8;
    void *bigger = realloc(*items, grown * item_size);
    if (!bigger)
        return false;
    *items = bigger;
    *capacity = grown;
    return true;
}
