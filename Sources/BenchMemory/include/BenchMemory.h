#ifndef BENCH_MEMORY_H
#define BENCH_MEMORY_H

#include <stddef.h>

/// The bytes the C allocator has handed out and not taken back (heap and mapped blocks), or 0
/// where the platform does not say.
size_t benchAllocatedBytes(void);

#endif
