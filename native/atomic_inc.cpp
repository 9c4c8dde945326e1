// Seed 001, "Further Adventures With CAS Instructions And Micro Benchmarking" (Martin Thompson, 2013).
//
// The post's atomic_inc program: NUM_THREADS threads increment one shared counter until it reaches
// COUNT, with one of four x86 atomic idioms (GCC __sync builtins, as in the post):
//
//   1  LOCK ADD          __sync_add_and_fetch, result unused -> lock addq   (COUNT/threads each)
//   2  LOCK XADD         __sync_add_and_fetch, result used   -> lock xadd   (until COUNT)
//   3  LOCK CMPXCHG BOOL __sync_bool_compare_and_swap loop   -> lock cmpxchg
//   4  LOCK CMPXCHG VAL  __sync_val_compare_and_swap loop    -> lock cmpxchg
//
// Changes from the post: COUNT is an argument (the post fixed it at 500 million), the counter sits
// alone on its own 128-byte block, the threads start together behind a barrier, each thread counts
// its own successful increments in a register (the one change inside the loops: under contention
// the shares measure how fairly the cores win the cache line), threads may be pinned one to a CPU,
// and the output is one JSON line per run instead of prose:
//
//   {"case":"LOCK XADD","caseId":2,"threads":2,"count":500000000,"counter":500000000,"durationNs":...,
//    "perThread":[250123456,249876544]}
//
// The post printed "ns per op" as duration / (2 x COUNT); the increments actually made are
// `counter`, so the lab divides by that (and shows the post's formula beside it).
//
// usage: atomic_inc NUM_THREADS TESTCASE [COUNT] [RUNS] [CPUS]
//   CPUS: a comma-separated list; thread i is pinned to CPUS[i % n] (the lab passes one CPU per core)

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

typedef unsigned long long uint64;

static uint64 COUNT = 500ULL * 1000 * 1000;

struct alignas(128) PaddedCounter {
    volatile uint64 value;
    char pad[128 - sizeof(uint64)];
};

static PaddedCounter counter_block;
#define counter (counter_block.value)

static pthread_barrier_t start_barrier;

// One thread's argument and result, on its own cache lines so the results share none with the counter.
struct alignas(128) ThreadSlot {
    int num_threads;
    uint64 mine;  // this thread's successful increments
};

static void* run_add(void* arg) {
    ThreadSlot* slot = (ThreadSlot*)arg;
    pthread_barrier_wait(&start_barrier);
    uint64 value = (COUNT / slot->num_threads) + 1;
    uint64 mine = 0;
    while (--value != 0) {
        __sync_add_and_fetch(&counter, 1);
        mine++;
    }
    slot->mine = mine;
    return nullptr;
}

static void* run_xadd(void* arg) {
    ThreadSlot* slot = (ThreadSlot*)arg;
    pthread_barrier_wait(&start_barrier);
    uint64 value = counter;
    uint64 mine = 0;
    while (value < COUNT) {
        value = __sync_add_and_fetch(&counter, 1);
        mine++;
    }
    slot->mine = mine;
    return nullptr;
}

static void* run_cas(void* arg) {
    ThreadSlot* slot = (ThreadSlot*)arg;
    pthread_barrier_wait(&start_barrier);
    uint64 value = 0;
    uint64 mine = 0;
    while (value < COUNT) {
        do {
            value = counter;
        } while (!__sync_bool_compare_and_swap(&counter, value, value + 1));
        mine++;
    }
    slot->mine = mine;
    return nullptr;
}

// The post's cas2, exit test and all: it leaves only on a failed CAS that sees its own increment.
static void* run_cas2(void* arg) {
    ThreadSlot* slot = (ThreadSlot*)arg;
    pthread_barrier_wait(&start_barrier);
    uint64 value = 0;
    uint64 next = 0;
    uint64 mine = 0;
    while (value < COUNT) {
        value = counter;
        do {
            next = value + 1;
            uint64 witness = __sync_val_compare_and_swap(&counter, value, next);
            if (witness == value) {
                mine++;
            }
            value = witness;
        } while (value != next);
    }
    slot->mine = mine;
    return nullptr;
}

// "0,2,4" -> {0, 2, 4}; false on anything else.
static bool parse_cpus(const char* text, std::vector<int>& cpus) {
    const char* p = text;
    while (*p != 0) {
        char* end = nullptr;
        long cpu = std::strtol(p, &end, 10);
        if (end == p || cpu < 0 || cpu >= CPU_SETSIZE) {
            return false;
        }
        cpus.push_back((int)cpu);
        p = end;
        if (*p == ',') {
            p++;
        } else if (*p != 0) {
            return false;
        }
    }
    return !cpus.empty();
}

static uint64 now_ns() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64)ts.tv_sec * 1000000000ULL + (uint64)ts.tv_nsec;
}

int main(int argc, char* argv[]) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s NUM_THREADS TESTCASE(1..4) [COUNT] [RUNS]\n", argv[0]);
        return 2;
    }
    const int num_threads = std::atoi(argv[1]);
    const int testcase = std::atoi(argv[2]);
    if (argc > 3) {
        COUNT = std::strtoull(argv[3], nullptr, 10);
    }
    const int runs = argc > 4 ? std::atoi(argv[4]) : 1;
    std::vector<int> cpus;
    if (argc > 5 && !parse_cpus(argv[5], cpus)) {
        std::fprintf(stderr, "CPUS must be a comma-separated list of CPU numbers, was '%s'\n", argv[5]);
        return 2;
    }
    static const char* NAMES[] = {"", "LOCK ADD", "LOCK XADD", "LOCK CMPXCHG BOOL", "LOCK CMPXCHG VAL"};
    void* (*fn)(void*) = nullptr;
    switch (testcase) {
        case 1: fn = run_add; break;
        case 2: fn = run_xadd; break;
        case 3: fn = run_cas; break;
        case 4: fn = run_cas2; break;
        default:
            std::fprintf(stderr, "TESTCASE must be 1..4, was %s\n", argv[2]);
            return 2;
    }
    if (num_threads < 1 || COUNT < 1 || runs < 1) {
        std::fprintf(stderr, "NUM_THREADS, COUNT and RUNS must be positive\n");
        return 2;
    }

    for (int run = 0; run < runs; run++) {
        counter = 0;
        std::vector<pthread_t> threads(num_threads);
        std::vector<ThreadSlot> slots(num_threads);
        pthread_barrier_init(&start_barrier, nullptr, num_threads + 1);
        for (int i = 0; i < num_threads; i++) {
            slots[i].num_threads = num_threads;
            slots[i].mine = 0;
            pthread_attr_t attr;
            pthread_attr_init(&attr);
            if (!cpus.empty()) {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET(cpus[i % cpus.size()], &set);
                pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
            }
            int rc = pthread_create(&threads[i], &attr, fn, &slots[i]);
            pthread_attr_destroy(&attr);
            if (rc != 0) {
                std::fprintf(stderr, "cannot start thread %d%s (error %d)\n", i,
                             cpus.empty() ? "" : " on its CPU (not one this process may use?)", rc);
                return 1;
            }
        }
        const uint64 start = now_ns();
        pthread_barrier_wait(&start_barrier);
        for (int i = 0; i < num_threads; i++) {
            pthread_join(threads[i], nullptr);
        }
        const uint64 duration = now_ns() - start;
        pthread_barrier_destroy(&start_barrier);
        std::printf(
            "{\"case\":\"%s\",\"caseId\":%d,\"threads\":%d,\"run\":%d,\"count\":%llu,\"counter\":%llu,"
            "\"durationNs\":%llu,\"perThread\":[",
            NAMES[testcase], testcase, num_threads, run, COUNT, (uint64)counter, duration);
        for (int i = 0; i < num_threads; i++) {
            std::printf("%s%llu", i == 0 ? "" : ",", slots[i].mine);
        }
        std::printf("]}\n");
        std::fflush(stdout);
    }
    return 0;
}
