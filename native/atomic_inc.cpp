// Seed 001, "Further Adventures With CAS Instructions And Micro Benchmarking" (Martin Thompson, 2013).
//
// The post's atomic_inc program: NUM_THREADS threads increment one shared counter until it reaches
// COUNT, with one of four x86 atomic idioms (GCC __sync builtins, as in the post):
//
//   1  LOCK ADD          __sync_add_and_fetch, result unused -> lock addq   (COUNT/threads each)
//   2  LOCK XADD         __sync_add_and_fetch, result used   -> lock xadd   (until COUNT)
//   3  LOCK CMPXCHG BOOL __sync_bool_compare_and_swap loop   -> lock cmpxchg
//   4  LOCK CMPXCHG VAL  __sync_val_compare_and_swap loop    -> lock cmpxchg
//   5  LOCK XADD, recording         case 2, each thread storing the counter values it obtained
//   6  LOCK CMPXCHG BOOL, recording case 3, the same
//
// Cases 5 and 6 answer the post's finding that the contended benchmark measures how long a core keeps
// the counter's cache line before another core takes it: a run is a maximal sequence of consecutive
// counter values obtained by one thread (one core, when pinned), the increments a core made while it
// held the line. Their JSON line adds the run lengths' distribution ("runLengths"). The store into
// the thread's own buffer adds to each increment, so their times are not the benchmark's.
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

#include <algorithm>
#include <cstdint>
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
    uint64 mine;     // this thread's successful increments
    uint64* values;  // recording cases: the counter values this thread obtained, in order
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

// Case 2, storing each value obtained.
static void* run_xadd_recording(void* arg) {
    ThreadSlot* slot = (ThreadSlot*)arg;
    uint64* values = slot->values;
    pthread_barrier_wait(&start_barrier);
    uint64 value = counter;
    uint64 mine = 0;
    while (value < COUNT) {
        value = __sync_add_and_fetch(&counter, 1);
        values[mine++] = value;
    }
    slot->mine = mine;
    return nullptr;
}

// Case 3, storing each value obtained.
static void* run_cas_recording(void* arg) {
    ThreadSlot* slot = (ThreadSlot*)arg;
    uint64* values = slot->values;
    pthread_barrier_wait(&start_barrier);
    uint64 value = 0;
    uint64 mine = 0;
    while (value < COUNT) {
        do {
            value = counter;
        } while (!__sync_bool_compare_and_swap(&counter, value, value + 1));
        values[mine++] = value + 1;
    }
    slot->mine = mine;
    return nullptr;
}

// The lengths of the runs: maximal sequences of consecutive counter values obtained by one thread.
static std::vector<uint64> run_lengths(const std::vector<ThreadSlot>& slots, uint64 last) {
    std::vector<uint16_t> owner(last + 1, UINT16_MAX);
    for (size_t t = 0; t < slots.size(); t++) {
        for (uint64 i = 0; i < slots[t].mine; i++) {
            owner[slots[t].values[i]] = (uint16_t)t;
        }
    }
    std::vector<uint64> lengths;
    uint64 length = 0;
    uint16_t current = UINT16_MAX;
    for (uint64 v = 1; v <= last; v++) {
        if (owner[v] != current) {
            if (length > 0) {
                lengths.push_back(length);
            }
            current = owner[v];
            length = 0;
        }
        length++;
    }
    if (length > 0) {
        lengths.push_back(length);
    }
    return lengths;
}

// A run this long is a thread alone while its partner was off its core (a time slice), not a handoff.
static const uint64 SOLO_RUN = 65536;

// ,"runLengths":{"runs":..,"increments":..,"p50":..,"p90":..,"p99":..,"max":..,"log2":[runs of 1, 2-3, 4-7, ...],
//  "contendedIncrements":..,"contendedP50":..}   (contended: the runs shorter than SOLO_RUN)
static void print_run_lengths(std::vector<uint64> lengths) {
    std::sort(lengths.begin(), lengths.end());
    uint64 increments = 0;
    uint64 contended = 0;
    size_t contended_runs = 0;
    std::vector<uint64> log2;
    for (uint64 length : lengths) {
        increments += length;
        if (length < SOLO_RUN) {
            contended += length;
            contended_runs++;
        }
        size_t bucket = 63 - __builtin_clzll(length);
        if (log2.size() <= bucket) {
            log2.resize(bucket + 1, 0);
        }
        log2[bucket]++;
    }
    const size_t n = lengths.size();
    auto at = [&](double p) { return n == 0 ? 0ULL : lengths[std::min(n - 1, (size_t)(p * (double)n))]; };
    std::printf(",\"runLengths\":{\"runs\":%zu,\"increments\":%llu,\"p50\":%llu,\"p90\":%llu,\"p99\":%llu,"
                "\"max\":%llu,\"log2\":[",
                n, increments, at(0.5), at(0.9), at(0.99), n == 0 ? 0ULL : lengths[n - 1]);
    for (size_t b = 0; b < log2.size(); b++) {
        std::printf("%s%llu", b == 0 ? "" : ",", log2[b]);
    }
    // the runs are sorted: the contended ones come first
    std::printf("],\"contendedIncrements\":%llu,\"contendedP50\":%llu}", contended,
                contended_runs == 0 ? 0ULL : lengths[contended_runs / 2]);
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
        std::fprintf(stderr, "usage: %s NUM_THREADS TESTCASE(1..6) [COUNT] [RUNS] [CPUS]\n", argv[0]);
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
    static const char* NAMES[] = {"",          "LOCK ADD",          "LOCK XADD",
                                  "LOCK CMPXCHG BOOL", "LOCK CMPXCHG VAL", "LOCK XADD",
                                  "LOCK CMPXCHG BOOL"};
    void* (*fn)(void*) = nullptr;
    switch (testcase) {
        case 1: fn = run_add; break;
        case 2: fn = run_xadd; break;
        case 3: fn = run_cas; break;
        case 4: fn = run_cas2; break;
        case 5: fn = run_xadd_recording; break;
        case 6: fn = run_cas_recording; break;
        default:
            std::fprintf(stderr, "TESTCASE must be 1..6, was %s\n", argv[2]);
            return 2;
    }
    if (num_threads < 1 || COUNT < 1 || runs < 1) {
        std::fprintf(stderr, "NUM_THREADS, COUNT and RUNS must be positive\n");
        return 2;
    }
    const bool recording = testcase >= 5;
    if (recording && (num_threads >= UINT16_MAX || COUNT > (1ULL << 30))) {
        std::fprintf(stderr, "recording cases take under %d threads and COUNT up to 2^30\n", UINT16_MAX);
        return 2;
    }
    // a thread may obtain every value up to COUNT, plus one overshoot per thread
    std::vector<std::vector<uint64>> buffers(recording ? num_threads : 0,
                                             std::vector<uint64>(recording ? COUNT + num_threads : 0));

    for (int run = 0; run < runs; run++) {
        counter = 0;
        std::vector<pthread_t> threads(num_threads);
        std::vector<ThreadSlot> slots(num_threads);
        pthread_barrier_init(&start_barrier, nullptr, num_threads + 1);
        for (int i = 0; i < num_threads; i++) {
            slots[i].num_threads = num_threads;
            slots[i].mine = 0;
            slots[i].values = recording ? buffers[i].data() : nullptr;
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
        std::printf("]");
        if (recording) {
            print_run_lengths(run_lengths(slots, (uint64)counter));
        }
        std::printf("}\n");
        std::fflush(stdout);
    }
    return 0;
}
