#include "CCPUFeatures.h"

// -1 until first asked; every thread that races to set it stores the same value.
static int avx2_known = -1;

int legible_cpu_has_avx2(void) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    int value = __atomic_load_n(&avx2_known, __ATOMIC_RELAXED);
    if (value < 0) {
        __builtin_cpu_init();
        value = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&avx2_known, value, __ATOMIC_RELAXED);
    }
    return value;
#else
    return 0;
#endif
}
