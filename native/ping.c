/*
 * mechsym ping, the operating system's baseline: the same echo protocol as mechsym.tools.ping
 * (docs/ping.md) over TCP (spin: non-blocking busy-spin; blocking) and UDP (non-blocking spin).
 *
 *   ping server PORT spin|blocking|udp [CPU]        echoes until killed; TCP clients one after another
 *   ping client HOST PORT spin|blocking|udp SIZE COUNT WARMUP [CPU [MAX_MS]]
 *                                                   prints one round-trip time in ns per line; ends
 *                                                   warm-up and measurement each after MAX_MS if given
 *
 * The client exits 1 with one line on stderr when the server refuses, does not answer within 2 s
 * (TCP) or answers with other bytes; a UDP answer that does not come in 2 s is a lost message
 * (counted on stderr at the end).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_MESSAGE 65507
#define TIMEOUT_NS 2000000000LL

enum transport { SPIN, BLOCKING, UDP };

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void die(const char *what) {
    fprintf(stderr, "ping: %s\n", what);
    exit(1);
}

static enum transport parse_transport(const char *s) {
    if (strcmp(s, "spin") == 0) return SPIN;
    if (strcmp(s, "blocking") == 0) return BLOCKING;
    if (strcmp(s, "udp") == 0) return UDP;
    fprintf(stderr, "ping: unknown transport '%s'; valid: spin, blocking, udp\n", s);
    exit(2);
}

static void pin(const char *cpu) {
    if (cpu == NULL) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(atoi(cpu), &set);
    if (sched_setaffinity(0, sizeof(set), &set) != 0) {
        fprintf(stderr, "ping: cannot pin to CPU %s: %s\n", cpu, strerror(errno));
        exit(2);
    }
}

static void set_nonblocking(int fd, int on) {
    int flags = fcntl(fd, F_GETFL, 0);
    fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK);
}

static int write_fully(int fd, const char *buf, size_t n) {
    size_t done = 0;
    while (done < n) {
        ssize_t w = send(fd, buf + done, n - done, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EAGAIN || errno == EINTR) continue;
            return -1;
        }
        done += (size_t)w;
    }
    return 0;
}

static int serve_tcp(int port, enum transport t) {
    int listener = socket(AF_INET6, SOCK_STREAM, 0);
    int one = 1, zero = 0;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    setsockopt(listener, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
    struct sockaddr_in6 addr = {.sin6_family = AF_INET6, .sin6_port = htons(port), .sin6_addr = in6addr_any};
    if (bind(listener, (struct sockaddr *)&addr, sizeof(addr)) != 0 || listen(listener, 64) != 0) {
        fprintf(stderr, "ping: cannot listen on port %d: %s\n", port, strerror(errno));
        return 1;
    }
    fprintf(stderr, "ping server (%s) listening on port %d\n", t == SPIN ? "spin" : "blocking", port);
    static char buf[65536];
    for (;;) {
        int client = accept(listener, NULL, NULL);
        if (client < 0) continue;
        setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        set_nonblocking(client, t == SPIN);
        for (;;) {
            ssize_t n = recv(client, buf, sizeof(buf), 0);
            if (n == 0) break; /* the client left: accept the next */
            if (n < 0) {
                if (errno == EAGAIN || errno == EINTR) continue;
                break;
            }
            if (write_fully(client, buf, (size_t)n) != 0) break;
        }
        close(client);
    }
}

static int serve_udp(int port) {
    int fd = socket(AF_INET6, SOCK_DGRAM, 0);
    int zero = 0;
    setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
    struct sockaddr_in6 addr = {.sin6_family = AF_INET6, .sin6_port = htons(port), .sin6_addr = in6addr_any};
    if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
        fprintf(stderr, "ping: cannot listen on UDP port %d: %s\n", port, strerror(errno));
        return 1;
    }
    set_nonblocking(fd, 1);
    fprintf(stderr, "ping server (udp) listening on port %d\n", port);
    static char buf[MAX_MESSAGE];
    for (;;) {
        struct sockaddr_storage from;
        socklen_t len = sizeof(from);
        ssize_t n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
        if (n < 0) continue; /* EAGAIN: spin */
        sendto(fd, buf, (size_t)n, 0, (struct sockaddr *)&from, len);
    }
}

static int connect_to(const char *host, const char *port, enum transport t) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = t == UDP ? SOCK_DGRAM : SOCK_STREAM};
    struct addrinfo *res;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        fprintf(stderr, "ping: unknown host '%s': %s\n", host, gai_strerror(rc));
        exit(1);
    }
    int fd = -1;
    for (struct addrinfo *a = res; a != NULL; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) == 0) break;
        if (fd >= 0) close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        fprintf(stderr, "ping: connection refused by %s:%s (no ping server listening there?)\n", host, port);
        exit(1);
    }
    return fd;
}

/* one round trip; returns 0, or 1 for a lost UDP message */
static int round_trip(int fd, enum transport t, const char *req, char *resp, size_t size) {
    int64_t deadline = now_ns() + TIMEOUT_NS;
    if (t == UDP) {
        if (send(fd, req, size, 0) < 0 && errno == ECONNREFUSED) die("connection refused (no UDP ping server?)");
        for (;;) {
            ssize_t n = recv(fd, resp, size, MSG_DONTWAIT);
            if (n == (ssize_t)size && memcmp(req, resp, size) == 0) return 0;
            if (n < 0 && errno == ECONNREFUSED) die("connection refused (no UDP ping server listening there?)");
            if (now_ns() > deadline) return 1;
        }
    }
    if (write_fully(fd, req, size) != 0) die("the server closed the connection");
    size_t got = 0;
    while (got < size) {
        ssize_t n = recv(fd, resp + got, size - got, 0);
        if (n == 0) die("the server closed the connection");
        if (n < 0) {
            if (errno != EAGAIN && errno != EINTR) die("the connection failed");
            if (t == SPIN && now_ns() > deadline) die("no answer in time (2000 ms)");
            if (t == BLOCKING) die("no answer in time (2000 ms)"); /* SO_RCVTIMEO expired */
            continue;
        }
        got += (size_t)n;
    }
    if (memcmp(req, resp, size) != 0) die("the server answered with bytes other than the message sent");
    return 0;
}

static int client(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr, "usage: ping client HOST PORT spin|blocking|udp SIZE COUNT WARMUP [CPU|- [MAX_MS]]\n");
        return 2;
    }
    enum transport t = parse_transport(argv[4]);
    long size = atol(argv[5]), count = atol(argv[6]), warmup = atol(argv[7]);
    if (size < 1 || size > MAX_MESSAGE || count < 1 || warmup < 0) {
        fprintf(stderr, "ping: SIZE must be 1..%d, COUNT at least 1, WARMUP not negative\n", MAX_MESSAGE);
        return 2;
    }
    pin(argc > 8 && strcmp(argv[8], "-") != 0 ? argv[8] : NULL);
    int64_t max_ns = argc > 9 ? atoll(argv[9]) * 1000000LL : INT64_MAX;
    int fd = connect_to(argv[2], argv[3], t);
    int one = 1;
    if (t != UDP) setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    if (t == BLOCKING) {
        struct timeval tv = {.tv_sec = TIMEOUT_NS / 1000000000LL};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    }
    set_nonblocking(fd, t != BLOCKING);
    char *req = malloc((size_t)size), *resp = malloc((size_t)size);
    int64_t *rtt = malloc(sizeof(int64_t) * (size_t)count);
    for (long i = 0; i < size; i++) req[i] = (char)('a' + i % 26);
    long lost = 0, recorded = 0;
    int64_t phase_start = now_ns();
    for (long i = 0; i < warmup + count; i++) {
        int64_t start = now_ns();
        if (i == warmup) {
            phase_start = start;
        } else if (start - phase_start > max_ns) { /* the budget: warm-up and measurement each end at it */
            if (i > warmup) break;
            i = warmup;
            phase_start = start;
        }
        if (size >= 8) memcpy(req, &start, 8); /* differs per message: a late UDP answer is recognised */
        if (round_trip(fd, t, req, resp, (size_t)size) != 0) {
            lost++;
            continue;
        }
        int64_t end = now_ns();
        if (i >= warmup) rtt[recorded++] = end - start;
    }
    close(fd);
    for (long i = 0; i < recorded; i++) printf("%lld\n", (long long)rtt[i]);
    if (lost > 0) fprintf(stderr, "ping: %ld messages lost\n", lost);
    return 0;
}

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN);
    if (argc >= 4 && strcmp(argv[1], "server") == 0) {
        enum transport t = parse_transport(argv[3]);
        pin(argc > 4 ? argv[4] : NULL);
        int port = atoi(argv[2]);
        return t == UDP ? serve_udp(port) : serve_tcp(port, t);
    }
    if (argc >= 2 && strcmp(argv[1], "client") == 0) return client(argc, argv);
    fprintf(stderr,
            "usage: ping server PORT spin|blocking|udp [CPU]\n"
            "       ping client HOST PORT spin|blocking|udp SIZE COUNT WARMUP [CPU|- [MAX_MS]]\n");
    return 2;
}
