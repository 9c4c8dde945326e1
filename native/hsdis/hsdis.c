/*
 * mechsym's disassembler plugin for HotSpot ("hsdis"), written for this project over capstone.
 *
 * HotSpot prints the machine code of compiled methods (-XX:+PrintAssembly,
 * -XX:CompileCommand=print,...) as instructions when it can dlopen a library named
 * hsdis-<arch>.so that exports one function, decode_instructions_virtual. Without one it prints
 * hex. Debian's libhsdis0-fcml exports only the older decode_instructions, which JDK 25 no longer
 * looks up; this file is the small replacement. It is our own code (not derived from OpenJDK's
 * GPL hsdis sources); capstone (https://www.capstone-engine.org) is BSD-licensed.
 *
 * The contract, as HotSpot (JDK 25, share/compiler/disassembler.cpp) uses it:
 *   - decode [start_va, end_va) whose bytes are at buffer[0 .. length);
 *   - before each instruction call event_callback(event_stream, "insn", pc): HotSpot prints the
 *     address column and any labels there; then print the instruction text through
 *     printf_callback(printf_stream, ...); then call event_callback(event_stream, "/insn", next_pc):
 *     HotSpot adds its comments (oops, runtime calls, safepoints) and ends the line;
 *   - "mach" once, naming the architecture (HotSpot prints "[Disassembly for mach='...']");
 *   - print a newline after each instruction only when `newline` is non-zero (HotSpot passes 0);
 *   - return the address after the last instruction decoded.
 * Options (HotSpot passes -XX:PrintAssemblyOptions=..., comma separated): "intel" for Intel
 * syntax, "att" for AT&T (the default, as HotSpot's own listings), "help" to list them.
 *
 * Bytes that do not decode (constants and padding in the code blob) are printed as ".byte 0x..",
 * one at a time, and decoding resumes after them. Thread safety: each call opens its own capstone
 * handle; the only state kept between calls is whether "help" was printed (an atomic flag), so
 * concurrent calls are safe.
 *
 * Build: make -C native hsdis   (produces native/build/hsdis-amd64.so; needs libcapstone-dev).
 */
#include <capstone/capstone.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#define HSDIS_ARCH CS_ARCH_X86
#define HSDIS_MODE CS_MODE_64
#define HSDIS_MACH "x86-64"
#define HSDIS_HAS_SYNTAX 1
#elif defined(__aarch64__)
#define HSDIS_ARCH CS_ARCH_ARM64
#define HSDIS_MODE CS_MODE_ARM
#define HSDIS_MACH "aarch64"
#define HSDIS_HAS_SYNTAX 0
#else
#error "mechsym hsdis supports x86-64 and aarch64 only"
#endif

#define HSDIS_EXPORT __attribute__((visibility("default")))

typedef void *(*hsdis_event_fn)(void *stream, const char *event, void *arg);
typedef int (*hsdis_printf_fn)(void *stream, const char *format, ...);

/* Used when a caller passes no callback: events are ignored, text goes to stdout. */
static void *ignore_event(void *stream, const char *event, void *arg) {
    (void)stream;
    (void)event;
    (void)arg;
    return NULL;
}

static int print_to_stdout(void *stream, const char *format, ...) {
    (void)stream;
    va_list args;
    va_start(args, format);
    int n = vfprintf(stdout, format, args);
    va_end(args);
    return n;
}

/* Whether the comma-separated list `options` holds `name` as a whole item. */
static int has_option(const char *options, const char *name) {
    if (options == NULL) {
        return 0;
    }
    size_t len = strlen(name);
    for (const char *p = options; *p != '\0';) {
        const char *end = strchr(p, ',');
        size_t item = end != NULL ? (size_t)(end - p) : strlen(p);
        if (item == len && strncmp(p, name, len) == 0) {
            return 1;
        }
        if (end == NULL) {
            break;
        }
        p = end + 1;
    }
    return 0;
}

static void print_help(hsdis_printf_fn out, void *stream) {
    out(stream, "mechsym hsdis (capstone %d.%d) options, comma separated in -XX:PrintAssemblyOptions=:\n",
        CS_API_MAJOR, CS_API_MINOR);
    out(stream, "  att     AT&T syntax (the default)\n");
    out(stream, "  intel   Intel syntax\n");
    out(stream, "  help    this text\n");
}

HSDIS_EXPORT void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer,
                                               uintptr_t length, void *(*event_callback)(void *, const char *, void *),
                                               void *event_stream, int (*printf_callback)(void *, const char *, ...),
                                               void *printf_stream, const char *options, int newline) {
    hsdis_event_fn event = event_callback != NULL ? event_callback : ignore_event;
    hsdis_printf_fn out = printf_callback != NULL ? printf_callback : print_to_stdout;

    static int help_printed; /* HotSpot calls once per code section: print the help once */
    if (has_option(options, "help") && !__atomic_exchange_n(&help_printed, 1, __ATOMIC_RELAXED)) {
        print_help(out, printf_stream);
    }
    if (buffer == NULL || end_va <= start_va) {
        return (void *)start_va;
    }
    size_t size = (size_t)(end_va - start_va);
    if (length < size) {
        size = (size_t)length;
    }

    csh handle;
    cs_err err = cs_open(HSDIS_ARCH, HSDIS_MODE, &handle);
    if (err != CS_ERR_OK) {
        out(printf_stream, "hsdis: capstone cannot open a disassembler: %s", cs_strerror(err));
        if (newline) {
            out(printf_stream, "\n");
        }
        return (void *)start_va;
    }
#if HSDIS_HAS_SYNTAX
    cs_option(handle, CS_OPT_SYNTAX, has_option(options, "intel") ? CS_OPT_SYNTAX_INTEL : CS_OPT_SYNTAX_ATT);
#endif
    cs_insn *insn = cs_malloc(handle);
    if (insn == NULL) {
        out(printf_stream, "hsdis: capstone cannot allocate an instruction");
        cs_close(&handle);
        return (void *)start_va;
    }

    event(event_stream, "mach", (void *)HSDIS_MACH);
    const uint8_t *code = buffer;
    uint64_t address = start_va;
    while (size > 0) {
        event(event_stream, "insn", (void *)(uintptr_t)address);
        if (cs_disasm_iter(handle, &code, &size, &address, insn)) {
            if (insn->op_str[0] != '\0') {
                out(printf_stream, "%-7s %s", insn->mnemonic, insn->op_str);
            } else {
                out(printf_stream, "%s", insn->mnemonic);
            }
        } else {
            /* not an instruction: one byte of data, then try again after it */
            out(printf_stream, ".byte   0x%02x", *code);
            code++;
            size--;
            address++;
        }
        event(event_stream, "/insn", (void *)(uintptr_t)address);
        if (newline) {
            out(printf_stream, "\n");
        }
    }

    cs_free(insn, 1);
    cs_close(&handle);
    return (void *)(uintptr_t)address;
}
