/* One 64-bit hash for every key and checksum of the library: FNV-1a over 64-bit words in four
 * independent lanes, then the lanes and the tail bytes folded in. A chain of one byte at a time
 * costs 0.1 s and more per 16 MiB; the lanes keep the multiplier busy. It detects change and
 * spreads keys; it is no defence against an adversary, so a hash match is always followed by a
 * byte comparison where a wrong match would matter. */
#ifndef DMLOPS_HASH_H
#define DMLOPS_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t dml_hash(const void *data, size_t size);

#endif
