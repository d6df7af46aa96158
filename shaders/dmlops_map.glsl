/* The padding maps of src/plan.h, once for every kernel (C's one copy: src/plan_map.h). Callers
 * bring their own integer types: the generic kernels map 64-bit signed coordinates, vec.comp
 * 32-bit unsigned ones shifted by a multiple of the period.
 *   MAP_*_PERIOD(n): the period of a periodic map over an input of extent n (REFLECT: n > 1;
 *                    an input of one element reflects onto itself)
 *   MAP_FOLD_*(m, n, p): the input coordinate for m = x mod p, the period p
 *   fold_near: the same for x = m +- at most one period, with compares instead of a remainder */
#define MAP_REFLECT_PERIOD(n) (2 * ((n) - 1))
#define MAP_SYMMETRIC_PERIOD(n) (2 * (n))
#define MAP_FOLD_REFLECT(m, n, p) ((m) < (n) ? (m) : (p) - (m))
#define MAP_FOLD_SYMMETRIC(m, n, p) ((m) < (n) ? (m) : (p) - 1 - (m))

/* y = x for -n <= y < 2n (within one period of the input for each map). */
int fold_near(uint map, uint size, int y)
{
    int n = int(size);
    if (map == MAP_WRAP)
        return y < 0 ? y + n : (y >= n ? y - n : y);
    if (map == MAP_REFLECT)
        return y < 0 ? -y : (y >= n ? MAP_REFLECT_PERIOD(n) - y : y);
    return y < 0 ? -1 - y : (y >= n ? MAP_SYMMETRIC_PERIOD(n) - 1 - y : y); /* SYMMETRIC */
}
