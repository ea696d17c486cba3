#include "ObjectStoreThreadLocal.h"

_Thread_local intptr_t objectstore_property_counter = 0;
_Thread_local void *_Nullable objectstore_property_recorder = 0;
