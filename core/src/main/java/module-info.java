/**
 * mechsym core: record layouts and flyweights over off-heap memory ({@code mechsym.core.memory}),
 * buffers, framing and UTF-8 ({@code mechsym.core.codec}), sequences, queues and a ring buffer
 * ({@code mechsym.core.concurrent}), an object pool ({@code mechsym.core.pool}). It requires nothing
 * but {@code java.base}.
 *
 * <p>The module is named after its root package, as the packages it exports are, so that module
 * and package names cannot drift apart; the Maven coordinates ({@code io.github.mechsym}) only say
 * where the jar is published.
 *
 * <p>JVM options it can use, none required: {@code --enable-native-access=mechsym.core} lets
 * {@code OffHeapMemory} map memory with huge pages without a warning (the default page policy needs
 * nothing); {@code --add-opens java.base/java.lang=mechsym.core} lets the UTF-8 encoder copy an
 * ASCII String's own bytes (the output is the same without it).
 */
module mechsym.core {
    exports mechsym.core.codec;
    exports mechsym.core.concurrent;
    exports mechsym.core.memory;
    exports mechsym.core.pool;
}
