// The packet analyser of seed 002 in C++: the post's two C++ versions in one program.
//
//   packet_analyser VARIANT CASE STRATEGY WARMUP REPORT_PACKETS REPORTS [POOL_SIZE MIX_POOL_SIZE]
//   packet_analyser VARIANT CASE STRATEGY realtime CLOCK_SOURCE INTERVAL_NS STARTUP_MS WINDOW_MS [POOL_SIZE MIX_POOL_SIZE]
//
//   VARIANT  port  a direct port of the Java model: every parse allocates an IPHeader and two
//                  IPv4Address objects (new), freed when the packet is released
//            flat  the post's "flat" version: the parse results live inside the packet, next to its
//                  1 KiB buffer; nothing is allocated while packets flow (pool), or only the packet
//                  itself (alloc)
//   CASE     A (10,000 queue / 10,000 stored), A1000 (the printed run's 1,000), B (100,000), C (495,000)
//   STRATEGY dummy | alloc | mix | pool (as the Java model: mix allocates when its pool is empty and
//            deletes what comes back while it is full)
//
// The model is the Java one (tools/.../analyser/Analyser.java): the same xorshift source, real IPv4
// and TCP/UDP header layouts in network order, a FIFO of the case's size, a store with random
// replacement for the 1-in-16 TCP packets. Batch: one JSON line per timed report (wall "nanos" and the
// process's CPU time "cpuNanos"), then a line with
// the correctness guard (the source's and the processor's checksums must agree, or exit 1). Real
// time: creates the clock queue (layout: tools/.../analyser/ClockQueue.java) in /dev/shm, starts
// native/clock_source on it, makes one packet per sequence number for STARTUP_MS + WINDOW_MS, counts
// gaps, stops the source and deletes the queue; one JSON line with the loss.
// Exit codes: 0 done, 1 guard failed, 2 bad usage.

#include <arpa/inet.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {
constexpr int BUFFER_SIZE = 1024;
constexpr int PROTOCOL_TCP = 6, PROTOCOL_UDP = 17;

struct IPv4Address {
    uint32_t address;
    explicit IPv4Address(uint32_t a) : address(a) {}
};

struct IPHeader {  // the port's heap-allocated parse result, as the Java IpHeader
    IPv4Address* source;
    IPv4Address* destination;
    int protocol, total_length, source_port, destination_port;
    IPHeader(IPv4Address* s, IPv4Address* d, int p, int l, int sp, int dp)
        : source(s), destination(d), protocol(p), total_length(l), source_port(sp), destination_port(dp) {}
    ~IPHeader() {
        delete source;
        delete destination;
    }
};

struct FlatHeader {  // the flat version's parse result, inside the packet
    IPv4Address source{0}, destination{0};
    int protocol = 0, total_length = 0, source_port = 0, destination_port = 0;
};

struct PortPacket {
    uint8_t* buffer = new uint8_t[BUFFER_SIZE]();
    IPHeader* header = nullptr;
    ~PortPacket() {
        delete header;
        delete[] buffer;
    }
    void clear() {
        delete header;
        header = nullptr;
    }
};

struct FlatPacket {
    alignas(64) uint8_t buffer[BUFFER_SIZE];
    FlatHeader header;
    bool parsed = false;
    void clear() { parsed = false; }
};

uint64_t check_term(uint32_t s, uint32_t d, int p, int l, int sp, int dp) {
    return static_cast<uint64_t>(s) * 31 + d + p * 7ULL + l + (static_cast<uint64_t>(sp) << 16) + dp;
}

inline void put16(uint8_t* b, int off, int v) {
    uint16_t n = htons(static_cast<uint16_t>(v));
    std::memcpy(b + off, &n, 2);
}
inline void put32(uint8_t* b, int off, uint32_t v) {
    uint32_t n = htonl(v);
    std::memcpy(b + off, &n, 4);
}
inline int get16(const uint8_t* b, int off) {
    uint16_t n;
    std::memcpy(&n, b + off, 2);
    return ntohs(n);
}
inline uint32_t get32(const uint8_t* b, int off) {
    uint32_t n;
    std::memcpy(&n, b + off, 4);
    return ntohl(n);
}

// A FIFO of fixed capacity (the Java PacketFifo allocates nothing either), its indexes wrapped by a
// compare as the Java ring's are, not by a division per packet.
template <typename P>
struct Ring {
    std::vector<P*> slots;
    size_t head = 0, count = 0;
    explicit Ring(size_t capacity) : slots(capacity) {}
    void push(P* p) {
        size_t tail = head + count;
        if (tail >= slots.size()) tail -= slots.size();
        slots[tail] = p;
        count++;
    }
    P* pop() {
        if (count == 0) return nullptr;
        P* p = slots[head];
        head = head + 1 == slots.size() ? 0 : head + 1;
        count--;
        return p;
    }
};

enum class Strategy { DUMMY, ALLOC, MIX, POOL };

template <typename P>
struct Packets {  // where packets come from and go back to
    Strategy strategy;
    std::vector<P*> pool;
    size_t capacity = 0;
    P* dummy = nullptr;
    long long outstanding = 0;
    Packets(Strategy s, size_t pool_size, size_t mix_size) : strategy(s) {
        if (s == Strategy::DUMMY) dummy = new P();
        capacity = s == Strategy::POOL ? pool_size : s == Strategy::MIX ? mix_size : 0;
        pool.reserve(capacity);
        for (size_t i = 0; i < capacity; i++) pool.push_back(new P());
    }
    P* acquire() {
        outstanding++;
        if (dummy) return dummy;
        if (!pool.empty()) {
            P* p = pool.back();
            pool.pop_back();
            return p;
        }
        return new P();
    }
    void release(P* p) {
        outstanding--;
        if (dummy) return;
        p->clear();
        if (pool.size() < capacity) {
            pool.push_back(p);
        } else {
            delete p;
        }
    }
};

template <typename P>
struct Analyser {
    Packets<P>& packets;
    Ring<P> queue;
    size_t queue_size;
    std::vector<P*> store;
    uint64_t random = 0x9E3779B97F4A7C15ULL;
    long long written = 0, parsed = 0, tcp = 0;
    uint64_t written_sum = 0, parsed_sum = 0;

    Analyser(Packets<P>& p, size_t q, size_t stored, uint64_t seed)
        : packets(p), queue(q + 1), queue_size(q), store(stored, nullptr) {
        if (seed) random = seed;
    }

    uint64_t next_random() {
        uint64_t x = random;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        random = x;
        return x * 0x2545F4914F6CDD1DULL;
    }

    void on_packet() {
        P* p = packets.acquire();
        fill(p->buffer);
        queue.push(p);
        if (queue.count > queue_size) process(queue.pop());
    }

    void fill(uint8_t* b) {
        uint64_t r = next_random();
        uint32_t source = static_cast<uint32_t>(r), destination = static_cast<uint32_t>(r >> 32);
        uint64_t r2 = next_random();
        bool is_tcp = (r2 & 15) == 0;
        int protocol = is_tcp ? PROTOCOL_TCP : PROTOCOL_UDP;
        int sport = static_cast<int>(r2 >> 8) & 0xFFFF, dport = static_cast<int>(r2 >> 24) & 0xFFFF;
        int transport_length = is_tcp ? 20 : 8;
        int payload = static_cast<int>(r2 >> 40) & 511;
        int total = 20 + transport_length + payload;
        b[0] = 0x45;
        b[1] = 0;
        put16(b, 2, total);
        put16(b, 4, static_cast<int>(written));
        put16(b, 6, 0x4000);
        b[8] = 64;
        b[9] = static_cast<uint8_t>(protocol);
        put16(b, 10, 0);
        put32(b, 12, source);
        put32(b, 16, destination);
        put16(b, 20, sport);
        put16(b, 22, dport);
        if (is_tcp) {
            put32(b, 24, static_cast<uint32_t>(r));
            put32(b, 28, 0);
            b[32] = 0x50;
            b[33] = 0x18;
            put16(b, 34, 0xFFFF);
            put32(b, 36, 0);
        } else {
            put16(b, 24, transport_length + payload);
            put16(b, 26, 0);
        }
        written++;
        written_sum += check_term(source, destination, protocol, total, sport, dport);
    }

    // parse into the packet: allocating (port) or in place (flat)
    static int parse(PortPacket* p) {
        const uint8_t* b = p->buffer;
        int transport = (b[0] & 0xF) * 4;
        delete p->header;  // the dummy's one packet is parsed again and again
        p->header = new IPHeader(new IPv4Address(get32(b, 12)), new IPv4Address(get32(b, 16)), b[9], get16(b, 2),
                                 get16(b, transport), get16(b, transport + 2));
        return p->header->protocol;
    }
    static uint64_t term(PortPacket* p) {
        IPHeader* h = p->header;
        return check_term(h->source->address, h->destination->address, h->protocol, h->total_length, h->source_port,
                          h->destination_port);
    }
    static int parse(FlatPacket* p) {
        const uint8_t* b = p->buffer;
        int transport = (b[0] & 0xF) * 4;
        FlatHeader& h = p->header;
        h.source.address = get32(b, 12);
        h.destination.address = get32(b, 16);
        h.protocol = b[9];
        h.total_length = get16(b, 2);
        h.source_port = get16(b, transport);
        h.destination_port = get16(b, transport + 2);
        p->parsed = true;
        return h.protocol;
    }
    static uint64_t term(FlatPacket* p) {
        FlatHeader& h = p->header;
        return check_term(h.source.address, h.destination.address, h.protocol, h.total_length, h.source_port,
                          h.destination_port);
    }

    void process(P* p) {
        if ((p->buffer[0] >> 4) != 4) {
            std::fprintf(stderr, "packet_analyser: not an IPv4 packet\n");
            std::exit(1);
        }
        int protocol = parse(p);
        parsed++;
        parsed_sum += term(p);
        if (protocol == PROTOCOL_TCP) {
            tcp++;
            size_t slot = static_cast<size_t>((next_random() >> 33) % store.size());
            P* evicted = store[slot];
            store[slot] = p;
            if (evicted) packets.release(evicted);
        } else {
            packets.release(p);
        }
    }

    void finish() {
        while (P* p = queue.pop()) process(p);
        for (P*& p : store) {
            if (p) packets.release(p);
            p = nullptr;
        }
    }
};

// The process's CPU time, as the Java side reads it (ProcessCpuClock): other processes' time on a
// shared machine is left out.
int64_t cpu_ns() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

template <typename P>
int run(const char* variant, const std::string& case_label, const char* strategy_name, Strategy strategy,
        size_t queue_size, size_t stored, long long warmup, long long report, int reports, size_t pool_size,
        size_t mix_size) {
    Packets<P> packets(strategy, pool_size, mix_size);
    Analyser<P> analyser(packets, queue_size, stored, 1);
    for (long long i = 0; i < warmup; i++) analyser.on_packet();
    for (int r = 0; r < reports; r++) {
        int64_t cpu_start = cpu_ns();
        auto start = std::chrono::steady_clock::now();
        for (long long i = 0; i < report; i++) analyser.on_packet();
        long long nanos =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
        long long cpu_nanos = cpu_ns() - cpu_start;
        std::printf("{\"variant\":\"%s\",\"case\":\"%s\",\"strategy\":\"%s\",\"report\":%d,\"packets\":%lld,"
                    "\"nanos\":%lld,\"cpuNanos\":%lld}\n",
                    variant, case_label.c_str(), strategy_name, r, report, nanos, cpu_nanos);
        std::fflush(stdout);
    }
    analyser.finish();
    bool sums = strategy != Strategy::DUMMY;  // the dummy refills its one packet before queued copies are parsed
    bool ok = analyser.parsed == analyser.written && (!sums || analyser.parsed_sum == analyser.written_sum) &&
              packets.outstanding == 0;
    std::printf("{\"variant\":\"%s\",\"case\":\"%s\",\"strategy\":\"%s\",\"report\":-1,\"packets\":%lld,"
                "\"nanos\":0,\"cpuNanos\":0,\"tcp\":%lld,\"guard\":%s}\n",
                variant, case_label.c_str(), strategy_name, analyser.written, analyser.tcp, ok ? "true" : "false");
    if (!ok) {
        std::fprintf(stderr, "packet_analyser: parsed %lld of %lld packets, checksums %llu / %llu, outstanding %lld\n",
                     analyser.parsed, analyser.written, static_cast<unsigned long long>(analyser.parsed_sum),
                     static_cast<unsigned long long>(analyser.written_sum), packets.outstanding);
        return 1;
    }
    return 0;
}

// ---- real time: the clock queue shared with native/clock_source ----
constexpr uint64_t QUEUE_MAGIC = 0x314B434F4C43534DULL;  // "MSCLOCK1"
constexpr size_t Q_CAPACITY = 8, Q_INTERVAL = 16, Q_STATE = 24, Q_DROPPED = 40, Q_WRITE = 64, Q_READ = 128,
                 Q_SLOTS = 256;
constexpr int64_t Q_RUNNING = 1, Q_STOP = 2, Q_STOPPED = 3;

int64_t monotonic_ns() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

template <typename P>
int realtime(Analyser<P>& analyser, const char* variant, const std::string& case_label, const char* strategy_name,
             const char* clock, int64_t interval, int64_t startup_ms, int64_t window_ms) {
    int64_t capacity = 100LL * 1000000 / interval;
    if (capacity < 1) capacity = 1;
    char path[256];
    std::snprintf(path, sizeof path, "%s/mechsym-clock-cpp-%d-%lld.queue",
                  access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", static_cast<int>(getpid()),
                  static_cast<long long>(monotonic_ns()));
    size_t size = Q_SLOTS + static_cast<size_t>(capacity) * 8;
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || ftruncate(fd, static_cast<off_t>(size)) != 0) {
        std::fprintf(stderr, "packet_analyser: cannot create %s\n", path);
        return 1;
    }
    char* base = static_cast<char*>(mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    close(fd);
    if (base == MAP_FAILED) {
        unlink(path);
        std::fprintf(stderr, "packet_analyser: cannot map %s\n", path);
        return 1;
    }
    auto f = [base](size_t offset) { return reinterpret_cast<int64_t*>(base + offset); };
    *f(Q_CAPACITY) = capacity;
    *f(Q_INTERVAL) = interval;
    __atomic_store_n(f(0), static_cast<int64_t>(QUEUE_MAGIC), __ATOMIC_RELEASE);
    pid_t source = fork();
    if (source == 0) {
        execl(clock, clock, path, static_cast<char*>(nullptr));
        _exit(127);
    }
    int64_t deadline = monotonic_ns() + 5000000000LL;
    int status = 0;
    while (__atomic_load_n(f(Q_STATE), __ATOMIC_ACQUIRE) != Q_RUNNING) {
        if (source < 0 || waitpid(source, &status, WNOHANG) != 0 || monotonic_ns() > deadline) {
            if (source > 0) kill(source, SIGKILL);
            unlink(path);
            std::fprintf(stderr, "packet_analyser: the clock source %s did not start\n", clock);
            return 1;
        }
    }
    int64_t start = monotonic_ns(), startup_end = start + startup_ms * 1000000, end = startup_end + window_ms * 1000000;
    int64_t read = 0, read_at_check = 0, expected = 0, received = 0, lost = 0, lost_at_startup = -1, seen_at_startup = 0;
    int64_t read_slot = 0;  // read % capacity, wrapped by a compare: no division per packet
    uint64_t idle = 0;
    const int64_t* slots = f(Q_SLOTS);
    for (;;) {
        int64_t written = __atomic_load_n(f(Q_WRITE), __ATOMIC_ACQUIRE);
        bool check = false;
        if (written == read) {
            check = (++idle & 63) == 0;
        } else {
            int64_t upto = written < read + 1024 ? written : read + 1024;
            for (; read < upto; read++) {
                int64_t sequence = slots[read_slot];
                if (++read_slot == capacity) read_slot = 0;
                if (sequence != expected) lost += sequence - expected;
                expected = sequence + 1;
                received++;
                analyser.on_packet();
            }
            __atomic_store_n(f(Q_READ), read, __ATOMIC_RELEASE);
            check = read - read_at_check >= 256;
        }
        if (check) {
            read_at_check = read;
            int64_t now = monotonic_ns();
            if (lost_at_startup < 0 && now >= startup_end) {
                lost_at_startup = lost;
                seen_at_startup = received + lost;
            }
            if (now >= end) break;
        }
    }
    __atomic_store_n(f(Q_STATE), Q_STOP, __ATOMIC_RELEASE);
    int64_t stop_deadline = monotonic_ns() + 2000000000LL;
    while (waitpid(source, &status, WNOHANG) == 0) {
        if (monotonic_ns() > stop_deadline) {
            kill(source, SIGKILL);
            waitpid(source, &status, 0);
            break;
        }
        usleep(1000);
    }
    int64_t dropped = __atomic_load_n(f(Q_DROPPED), __ATOMIC_ACQUIRE);
    munmap(base, size);
    unlink(path);
    if (lost_at_startup < 0) {
        lost_at_startup = lost;
        seen_at_startup = received + lost;
    }
    std::printf("{\"variant\":\"%s\",\"case\":\"%s\",\"strategy\":\"%s\",\"intervalNs\":%lld,"
                "\"received\":%lld,\"lost\":%lld,\"lostAfterStartup\":%lld,\"seenAfterStartup\":%lld,"
                "\"droppedBySource\":%lld}\n",
                variant, case_label.c_str(), strategy_name, static_cast<long long>(interval),
                static_cast<long long>(received), static_cast<long long>(lost),
                static_cast<long long>(lost - lost_at_startup), static_cast<long long>(received + lost - seen_at_startup),
                static_cast<long long>(dropped));
    return 0;
}

template <typename P>
int run_realtime(const char* variant, const std::string& case_label, const char* strategy_name, Strategy strategy,
                 size_t queue_size, size_t stored, const char* clock, int64_t interval, int64_t startup_ms,
                 int64_t window_ms, size_t pool_size, size_t mix_size) {
    Packets<P> packets(strategy, pool_size, mix_size);
    Analyser<P> analyser(packets, queue_size, stored, 1);
    return realtime(analyser, variant, case_label, strategy_name, clock, interval, startup_ms, window_ms);
}

int usage(const char* why) {
    std::fprintf(stderr,
                 "packet_analyser: %s\nusage: packet_analyser port|flat A|A1000|B|C dummy|alloc|mix|pool WARMUP "
                 "REPORT_PACKETS REPORTS [POOL_SIZE MIX_POOL_SIZE]\n"
                 "       packet_analyser port|flat A|A1000|B|C dummy|alloc|mix|pool realtime CLOCK_SOURCE INTERVAL_NS "
                 "STARTUP_MS WINDOW_MS [POOL_SIZE MIX_POOL_SIZE]\n",
                 why);
    return 2;
}
}  // namespace

int main(int argc, char** argv) {
    bool rt = argc >= 5 && std::string(argv[4]) == "realtime";
    if (rt ? (argc != 9 && argc != 11) : (argc != 7 && argc != 9)) return usage("wrong number of arguments");
    std::string variant = argv[1], case_label = argv[2], strategy_name = argv[3];
    size_t queue_size, stored;
    if (case_label == "A") {
        queue_size = stored = 10000;
    } else if (case_label == "A1000") {
        queue_size = stored = 1000;
    } else if (case_label == "B") {
        queue_size = stored = 100000;
    } else if (case_label == "C") {
        queue_size = stored = 495000;
    } else {
        return usage(("unknown case '" + case_label + "'").c_str());
    }
    Strategy strategy;
    if (strategy_name == "dummy") strategy = Strategy::DUMMY;
    else if (strategy_name == "alloc") strategy = Strategy::ALLOC;
    else if (strategy_name == "mix") strategy = Strategy::MIX;
    else if (strategy_name == "pool") strategy = Strategy::POOL;
    else return usage(("unknown strategy '" + strategy_name + "'").c_str());
    if (rt) {
        long long interval = std::atoll(argv[6]), startup_ms = std::atoll(argv[7]), window_ms = std::atoll(argv[8]);
        size_t pool_size = argc == 11 ? std::strtoull(argv[9], nullptr, 10) : 1000000;
        size_t mix_size = argc == 11 ? std::strtoull(argv[10], nullptr, 10) : 200000;
        if (interval < 1 || startup_ms < 0 || window_ms < 1 || pool_size < 1 || mix_size < 1 || mix_size > pool_size) {
            return usage("bad interval, times or sizes");
        }
        if (variant == "port") {
            return run_realtime<PortPacket>("port", case_label, argv[3], strategy, queue_size, stored, argv[5],
                                            interval, startup_ms, window_ms, pool_size, mix_size);
        }
        if (variant == "flat") {
            return run_realtime<FlatPacket>("flat", case_label, argv[3], strategy, queue_size, stored, argv[5],
                                            interval, startup_ms, window_ms, pool_size, mix_size);
        }
        return usage(("unknown variant '" + variant + "'").c_str());
    }
    long long warmup = std::atoll(argv[4]), report = std::atoll(argv[5]);
    int reports = std::atoi(argv[6]);
    size_t pool_size = argc == 9 ? std::strtoull(argv[7], nullptr, 10) : 1000000;
    size_t mix_size = argc == 9 ? std::strtoull(argv[8], nullptr, 10) : 200000;
    if (warmup < 0 || report < 1 || reports < 1 || pool_size < 1 || mix_size < 1 || mix_size > pool_size) {
        return usage("bad sizes");
    }
    if (variant == "port") {
        return run<PortPacket>("port", case_label, argv[3], strategy, queue_size, stored, warmup, report, reports,
                               pool_size, mix_size);
    }
    if (variant == "flat") {
        return run<FlatPacket>("flat", case_label, argv[3], strategy, queue_size, stored, warmup, report, reports,
                               pool_size, mix_size);
    }
    return usage(("unknown variant '" + variant + "'").c_str());
}
