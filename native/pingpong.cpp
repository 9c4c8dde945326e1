// The hardware baseline for seed 001's "Printing Generated Assembly Code From The Hotspot JIT
// Compiler" ping-pong: two threads hand a counter back and forth through two std::atomic<long>
// cells, each alone on its own 128-byte block, busy-spinning, no pause instruction (the Java
// program spins the same way).
//
//   ping thread                         pong thread
//   ping.store(i, ORDER)  ------------>  while (ping.load(acquire) != i) spin
//   while (pong.load(acquire) != i)      pong.store(i, ORDER)
//         spin            <------------
//
// ORDER is the store's memory order: "release" (a plain mov on x86, what Java's setRelease
// compiles to) or "seq_cst" (xchg on x86 with GCC, the equivalent of a Java volatile store).
// A run lasts RUN_MS milliseconds rather than a fixed count, so a loaded machine (where a
// spinning thread may wait a scheduler slice for its partner) cannot stretch it without bound:
// the ping side checks the clock every 1024 round trips and then sends STOP. Each run prints
// one JSON line; rttNs is the run's time divided by its round trips:
//
//   {"order":"release","run":0,"roundTrips":1234567,"durationNs":...,"rttNs":...}
//
// usage: pingpong RUN_MS RUNS [release|seq_cst]

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

struct alignas(128) Cell {
    std::atomic<long> value{-1};
};

static Cell ping;
static Cell pong;
static constexpr long STOP = -2;

using Clock = std::chrono::steady_clock;

template <std::memory_order ORDER>
static long ping_side(Clock::time_point deadline) {
    long i = 0;
    for (;; i++) {
        ping.value.store(i, ORDER);
        while (pong.value.load(std::memory_order_acquire) != i) {
            // busy spin
        }
        if ((i & 1023) == 1023 && Clock::now() >= deadline) {
            break;
        }
    }
    ping.value.store(STOP, ORDER);
    return i + 1;
}

template <std::memory_order ORDER>
static void pong_side() {
    for (long i = 0;; i++) {
        long seen;
        while ((seen = ping.value.load(std::memory_order_acquire)) != i) {
            if (seen == STOP) {
                return;
            }
        }
        pong.value.store(i, ORDER);
    }
}

struct Run {
    long round_trips;
    long long duration_ns;
};

template <std::memory_order ORDER>
static Run run_once(long run_ms) {
    ping.value.store(-1);
    pong.value.store(-1);
    std::thread pong_thread(pong_side<ORDER>);
    Run run{0, 0};
    std::thread ping_thread([&run, run_ms] {
        auto start = Clock::now();
        run.round_trips = ping_side<ORDER>(start + std::chrono::milliseconds(run_ms));
        run.duration_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
    });
    ping_thread.join();
    pong_thread.join();
    return run;
}

int main(int argc, char* argv[]) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s RUN_MS RUNS [release|seq_cst]\n", argv[0]);
        return 2;
    }
    const long run_ms = std::atol(argv[1]);
    const int runs = std::atoi(argv[2]);
    const char* order = argc > 3 ? argv[3] : "release";
    const bool seq_cst = std::strcmp(order, "seq_cst") == 0;
    if (!seq_cst && std::strcmp(order, "release") != 0) {
        std::fprintf(stderr, "order must be release or seq_cst, was %s\n", order);
        return 2;
    }
    if (run_ms < 1 || runs < 1) {
        std::fprintf(stderr, "RUN_MS and RUNS must be positive\n");
        return 2;
    }
    for (int r = 0; r < runs; r++) {
        Run run = seq_cst ? run_once<std::memory_order_seq_cst>(run_ms) : run_once<std::memory_order_release>(run_ms);
        // the check the post prints (ping=..., pong=...): pong acknowledged every round trip
        if (pong.value.load() != run.round_trips - 1) {
            std::fprintf(stderr, "ping-pong ended at pong=%ld after %ld round trips\n", pong.value.load(),
                         run.round_trips);
            return 1;
        }
        std::printf("{\"order\":\"%s\",\"run\":%d,\"roundTrips\":%ld,\"durationNs\":%lld,\"rttNs\":%.3f}\n", order,
                    r, run.round_trips, run.duration_ns, (double)run.duration_ns / (double)run.round_trips);
        std::fflush(stdout);
    }
    return 0;
}
