// Per-thread state of ObjectStore's property wrappers, in C11 thread-local storage: Swift has no
// thread-local variables, and pthread_getspecific costs a function call per access on the hot
// path of materialising objects (one access per property of every object).
#ifndef OBJECTSTORE_THREAD_LOCAL_H
#define OBJECTSTORE_THREAD_LOCAL_H

#include <stdint.h>

/// The wrapper counter of this thread, doubled; the low bit says whether a prototype is recorded.
extern _Thread_local intptr_t objectstore_property_counter;
/// The declaration recorder of the prototype being built on this thread, or NULL.
extern _Thread_local void *_Nullable objectstore_property_recorder;

static inline intptr_t objectstore_property_counter_get(void) {
    return objectstore_property_counter;
}

static inline void objectstore_property_counter_set(intptr_t value) {
    objectstore_property_counter = value;
}

static inline void *_Nullable objectstore_property_recorder_get(void) {
    return objectstore_property_recorder;
}

static inline void objectstore_property_recorder_set(void *_Nullable recorder) {
    objectstore_property_recorder = recorder;
}

#endif
