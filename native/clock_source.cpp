// The packet analyser's independent clock source (seed 002, real-time mode).
//
//   clock_source QUEUE_FILE
//
// Maps the queue file the analyser created (layout: tools/.../analyser/ClockQueue.java), reads its
// capacity and interval, and writes sequence numbers 0, 1, 2, ... one every interval, timed from its
// own monotonic clock: it keeps going while the JVM pauses, which is what the real-time test measures.
// A full queue drops the number (counted in the header), so the analyser sees a gap.
//
// Memory ordering: slot written plainly, then the write position stored with release; the analyser
// loads it with acquire. The read position is loaded with acquire (the analyser stores it with release).
//
// It stops when the analyser sets the state to STOP, on SIGTERM or SIGINT, and when its parent dies
// (PR_SET_PDEATHSIG delivers SIGTERM on Linux; a parent-pid check elsewhere): it never outlives the
// JVM that started it. When the parent died without cleaning up (kill -9), it deletes the queue file
// itself.
// Exit codes: 0 stopped as asked or parent gone, 1 queue file problem, 2 bad usage.

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace {
constexpr uint64_t MAGIC = 0x314B434F4C43534DULL; // "MSCLOCK1"
constexpr size_t CAPACITY = 8, INTERVAL = 16, STATE = 24, PID = 32, DROPPED = 40;
constexpr size_t WRITE = 64, READ = 128, SLOTS = 256;
constexpr int64_t STATE_RUNNING = 1, STATE_STOP = 2, STATE_STOPPED = 3;

int64_t now_ns() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

int64_t* field(char* base, size_t offset) { return reinterpret_cast<int64_t*>(base + offset); }

volatile sig_atomic_t signalled = 0;

void on_signal(int) { signalled = 1; }
}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: clock_source QUEUE_FILE\n");
        return 2;
    }
    pid_t parent = getppid();
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
    if (getppid() != parent) {
        return 0;  // the parent died before the death signal was set
    }
    const char* path = argv[1];
    int fd = open(path, O_RDWR);
    if (fd < 0) {
        std::fprintf(stderr, "clock_source: cannot open %s: %s\n", path, std::strerror(errno));
        return 1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < static_cast<off_t>(SLOTS)) {
        std::fprintf(stderr, "clock_source: %s is too small for a clock queue (%lld bytes)\n", path,
                     static_cast<long long>(st.st_size));
        return 1;
    }
    void* mapped = mmap(nullptr, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) {
        std::fprintf(stderr, "clock_source: cannot map %s: %s\n", path, std::strerror(errno));
        return 1;
    }
    char* base = static_cast<char*>(mapped);
    if (static_cast<uint64_t>(__atomic_load_n(field(base, 0), __ATOMIC_ACQUIRE)) != MAGIC) {
        std::fprintf(stderr, "clock_source: %s is not a mechsym clock queue (bad magic)\n", path);
        return 1;
    }
    const int64_t capacity = *field(base, CAPACITY);
    const int64_t interval = *field(base, INTERVAL);
    if (capacity < 1 || interval < 1 ||
        static_cast<int64_t>(SLOTS) + capacity * 8 > static_cast<int64_t>(st.st_size)) {
        std::fprintf(stderr, "clock_source: %s: bad header (capacity %lld, interval %lld ns, %lld bytes)\n", path,
                     static_cast<long long>(capacity), static_cast<long long>(interval),
                     static_cast<long long>(st.st_size));
        return 1;
    }
    int64_t* slots = field(base, SLOTS);
    int64_t* write_position = field(base, WRITE);
    int64_t* read_position = field(base, READ);
    int64_t* dropped_field = field(base, DROPPED);
    int64_t* state = field(base, STATE);
    __atomic_store_n(field(base, PID), static_cast<int64_t>(getpid()), __ATOMIC_RELEASE);
    __atomic_store_n(state, STATE_RUNNING, __ATOMIC_RELEASE);

    const int64_t start = now_ns();
    int64_t sequence = 0, written = 0, read_cached = 0, dropped = 0;
    int64_t slot = 0;  // written % capacity, wrapped by a compare: no division per packet
    for (uint64_t spins = 1;; spins++) {
        if ((spins & 1023) == 0) {
            if (signalled || __atomic_load_n(state, __ATOMIC_ACQUIRE) == STATE_STOP) {
                break;
            }
            if ((spins & 65535) == 0 && getppid() != parent) {
                break;
            }
        }
        const int64_t due = (now_ns() - start) / interval + 1;  // ticks up to now, the first at once
        while (sequence < due) {
            if (written - read_cached >= capacity) {
                read_cached = __atomic_load_n(read_position, __ATOMIC_ACQUIRE);
            }
            if (written - read_cached >= capacity) {
                __atomic_store_n(dropped_field, ++dropped, __ATOMIC_RELEASE);
            } else {
                slots[slot] = sequence;
                if (++slot == capacity) slot = 0;
                __atomic_store_n(write_position, ++written, __ATOMIC_RELEASE);
            }
            sequence++;
        }
    }
    __atomic_store_n(state, STATE_STOPPED, __ATOMIC_RELEASE);
    munmap(mapped, st.st_size);
    if (signalled) {
        // The death signal comes when the thread that started us ends; in a JVM being killed that
        // can be before the whole process is gone (we are handed to a sibling thread first), so give
        // the parent a moment to be gone for good before deciding whether it left the file behind.
        for (int i = 0; i < 1000 && getppid() == parent; i++) {
            usleep(1000);
        }
    }
    if (getppid() != parent) {
        unlink(path);  // the analyser died without removing its queue
    }
    return 0;
}
