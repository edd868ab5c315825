// An inline-assembly output operand is written by the statement (libwebp's and flac's
// `cpuid` wrappers: `"=a"(cpu_info[0]), "=b"(cpu_info[1]), ...`), also when it is an element
// of an array the function was handed: the caller's array holds values afterwards.
#if defined(__x86_64__) || defined(__i386__)
static inline void get_cpu_info(int cpu_info[4], int info_type) {
    __asm__ volatile("cpuid\n"
                     : "=a"(cpu_info[0]), "=b"(cpu_info[1]), "=c"(cpu_info[2]), "=d"(cpu_info[3])
                     : "a"(info_type), "c"(0));
}
#else
static inline void get_cpu_info(int cpu_info[4], int info_type) {
    for (int i = 0; i < 4; i++)
        cpu_info[i] = info_type;
}
#endif

int max_level_ok(void) {
    int cpu_info[4];
    get_cpu_info(cpu_info, 0);
    return cpu_info[0];
}

int through_pointer_ok(void) {
    int word;
    int *p = &word;
    __asm__("movl $1, %0" : "=r"(*p));
    return word;
}

// An operand that is only an input reads the array.
int input_only(void) {
    int cpu_info[4];
    int out;
    __asm__("movl %1, %0" : "=r"(out) : "r"(cpu_info[0])); // expect: SPC-uninit-arr-all
    return out;
}
