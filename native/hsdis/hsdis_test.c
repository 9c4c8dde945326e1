/*
 * Checks native/build/hsdis-<arch>.so against the contract HotSpot relies on, without a JVM:
 * one "insn" and one "/insn" event around each instruction, in address order, the text printed
 * through the printf callback, undecodable bytes as ".byte", the return value the end address,
 * AT&T by default and Intel with the option "intel". x86-64 only (the bytes are x86 code).
 *
 *   make -C native hsdis-test       builds the plugin and this program, runs it; exit 0 = all pass
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void *(*decode_fn)(uintptr_t, uintptr_t, unsigned char *, uintptr_t, void *(*)(void *, const char *, void *),
                           void *, int (*)(void *, const char *, ...), void *, const char *, int);

static char text[8192];
static size_t used;
static int starts, ends, machs, order_ok = 1;
static uintptr_t expected_start;

static int collect(void *stream, const char *format, ...) {
    (void)stream;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(text + used, sizeof text - used, format, args);
    va_end(args);
    if (n > 0 && used + (size_t)n < sizeof text) {
        used += (size_t)n;
    }
    return n;
}

static void *on_event(void *stream, const char *event, void *arg) {
    (void)stream;
    uintptr_t at = (uintptr_t)arg;
    if (strcmp(event, "insn") == 0) {
        order_ok &= at == expected_start;
        starts++;
    } else if (strcmp(event, "/insn") == 0) {
        order_ok &= at > expected_start;
        expected_start = at;
        ends++;
    } else if (strcmp(event, "mach") == 0) {
        machs++;
    }
    return NULL;
}

static int failures;

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

static void *decode(decode_fn fn, unsigned char *code, size_t length, size_t decode_length, const char *options) {
    used = 0;
    text[0] = '\0';
    starts = ends = machs = 0;
    order_ok = 1;
    expected_start = 0x1000;
    return fn(0x1000, 0x1000 + decode_length, code, length, on_event, NULL, collect, NULL, options, 1);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: hsdis_test PATH/hsdis-amd64.so\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "FAIL cannot load %s: %s\n", argv[1], dlerror());
        return 1;
    }
    decode_fn fn = (decode_fn)dlsym(library, "decode_instructions_virtual");
    check(fn != NULL, "exports decode_instructions_virtual");
    if (fn == NULL) {
        return 1;
    }
    unsigned char code[] = {
        0x48, 0x89, 0x06,                   /* movq %rax, (%rsi)          */
        0xf0, 0x83, 0x44, 0x24, 0xc0, 0x00, /* lock addl $0, -0x40(%rsp)  */
        0x06,                               /* not an instruction in 64-bit mode */
        0xc3,                               /* retq                       */
    };
    size_t n = sizeof code;

    void *end = decode(fn, code, n, n, "");
    printf("%s", text);
    check((uintptr_t)end == 0x1000 + n, "returns the address after the last byte");
    check(starts == 4 && ends == 4, "one insn and one /insn event per instruction (4)");
    check(order_ok && expected_start == 0x1000 + n, "events in address order, each /insn at the next start");
    check(machs == 1, "one mach event");
    check(strstr(text, "movq    %rax, (%rsi)") != NULL, "AT&T: movq %rax, (%rsi)");
    check(strstr(text, "lock addl $0, -0x40(%rsp)") != NULL, "AT&T: lock addl $0, -0x40(%rsp)");
    check(strstr(text, ".byte   0x06") != NULL, "an undecodable byte as .byte 0x06, decoding goes on");
    check(strstr(text, "ret") != NULL, "the ret after it");

    decode(fn, code, n, n, "hsdis-foo,intel");
    printf("%s", text);
    check(strstr(text, "lock add dword ptr [rsp - 0x40], 0") != NULL, "Intel with the option intel");

    end = decode(fn, code, n, 3, "");
    check((uintptr_t)end == 0x1003 && starts == 1, "stops at end_va even when the buffer is longer");

    end = decode(fn, code, 2, n, "");
    check((uintptr_t)end == 0x1002 && starts == 2, "never reads past length (a cut instruction is .byte)");

    end = decode(fn, code, n, 0, "");
    check((uintptr_t)end == 0x1000 && starts == 0, "an empty range decodes nothing");

    dlclose(library);
    printf(failures == 0 ? "hsdis_test: all passed\n" : "hsdis_test: %d failed\n", failures);
    return failures == 0 ? 0 : 1;
}
