package mechsym.core.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.params.provider.Arguments;

/** Every kind of memory a CodecBuffer can wrap, for parameterised tests. */
final class Backings {
    private Backings() {}

    /** Makes a buffer of a given capacity and byte order. */
    record Backing(String name, BiFunction<Integer, ByteOrder, CodecBuffer> maker) {
        CodecBuffer make(int capacity, ByteOrder order) {
            return maker.apply(capacity, order);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Backing> all() {
        return List.of(
                new Backing("byte[]", (capacity, order) -> CodecBuffer.of(new byte[capacity], order)),
                new Backing(
                        "byte[] slice",
                        (capacity, order) -> CodecBuffer.of(
                                MemorySegment.ofArray(new byte[capacity + 13]).asSlice(7, capacity), order)),
                new Backing(
                        "heap ByteBuffer", (capacity, order) -> CodecBuffer.of(ByteBuffer.allocate(capacity), order)),
                new Backing(
                        "heap ByteBuffer at position 5",
                        (capacity, order) ->
                                CodecBuffer.of(ByteBuffer.allocate(capacity + 5).position(5), order)),
                new Backing(
                        "direct ByteBuffer",
                        (capacity, order) -> CodecBuffer.of(ByteBuffer.allocateDirect(capacity), order)),
                new Backing(
                        "arena segment",
                        (capacity, order) -> CodecBuffer.of(Arena.ofAuto().allocate(Math.max(capacity, 0), 1), order)),
                new Backing("mapped file", (capacity, order) -> CodecBuffer.of(mapped(capacity), order)));
    }

    static MemorySegment mapped(int capacity) {
        try {
            Path file = Files.createTempFile("codec-", ".bin");
            // Removed as soon as it is mapped (the mapping outlives the name): a test run makes
            // thousands, and deleteOnExit left them all in /tmp until the JVM ended, or for good if
            // it was killed.
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                return channel.map(FileChannel.MapMode.READ_WRITE, 0, capacity, Arena.ofAuto());
            } finally {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every backing with both byte orders. */
    static List<Arguments> withOrders() {
        List<Arguments> arguments = new ArrayList<>();
        for (Backing backing : all()) {
            arguments.add(Arguments.of(backing, ByteOrder.BIG_ENDIAN));
            arguments.add(Arguments.of(backing, ByteOrder.LITTLE_ENDIAN));
        }
        return arguments;
    }

    static List<Backing> backings() {
        return all();
    }
}
