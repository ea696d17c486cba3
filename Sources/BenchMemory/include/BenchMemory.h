#ifndef BENCH_MEMORY_H
#define BENCH_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/// The bytes the C allocator has handed out and not taken back (heap and mapped blocks), or 0
/// where the platform does not say.
size_t benchAllocatedBytes(void);

/// Nanoseconds on the monotonic clock every process of the machine shares (`CLOCK_MONOTONIC`),
/// so that a time one process takes compares with a time another takes.
uint64_t benchMonotonicNanoseconds(void);

/// The processor time this process has used, all its threads, user and system, in seconds.
double benchProcessorSeconds(void);

#endif
