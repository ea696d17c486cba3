#include "ObjectStoreThreadLocal.h"

OBJECTSTORE_THREAD_LOCAL intptr_t objectstore_property_counter = 0;
OBJECTSTORE_THREAD_LOCAL void *_Nullable objectstore_property_recorder = 0;
