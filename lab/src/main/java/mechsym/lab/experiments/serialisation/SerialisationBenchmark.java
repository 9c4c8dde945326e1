package mechsym.lab.experiments.serialisation;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mechsym.core.codec.CodecBuffer;
import mechsym.tools.dump.PostObject;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The serialisation post's measurement in JMH: write and read its object one way at a time.
 *
 * <p>Seed 000, "Native C/C++ Like Performance For Java Object Serialisation" (Martin Thompson,
 * 2012): Java Serialization ~10,000 ns write+read and 340 bytes, ByteBuffer ~350 ns, Unsafe ~77 ns
 * and 185 bytes, on a 2.4 GHz Sandy Bridge. Here the same object goes through:
 *
 * <ul>
 *   <li>{@code javaSerialization}: ObjectOutputStream / ObjectInputStream, as the post did (the read
 *       starts from the bytes written once, without the post's extra {@code toByteArray()} copy);
 *   <li>{@code byteBuffer}: the post's code over a 1 KiB heap ByteBuffer (big-endian);
 *   <li>{@code unsafe}: the post's UnsafeMemory over a byte[1024] (sun.misc.Unsafe, native order);
 *   <li>{@code codec}: mechsym's CodecBuffer over the same byte[1024] (FFM, native order, bounds-checked),
 *       reading a new object like the others; {@code codecReused} reads into one reused instance,
 *       a read that allocates nothing but still copies every field;
 *   <li>{@code codecFlyweight}: mechsym's {@link PostObjectFlyweight} over the same buffer: the write
 *       puts each field in place, the read wraps (bounds and counts checked once) and hands every
 *       field, read in place, to a Blackhole: no object, no copy, no allocation;
 *   <li>{@code agrona}: Agrona's UnsafeBuffer over the same byte[1024], positional, element by element;
 *       {@code agronaInPlaceRead} reads every field in place into a Blackhole, the flyweight's
 *       like-for-like rival (same counts check, same constant offsets).
 * </ul>
 *
 * Reads return the object so JMH consumes it; {@link #check()} proves every way round-trips the
 * post's ITEM, so a fast wrong variant fails. How to run: {@code ./mechsym jmh SerialisationBenchmark
 * -f 3 -wi 3 -w 300ms -i 6 -r 200ms -prof gc}; look at write + read per way, and gc.alloc.rate.norm
 * for the reads. Use several forks: a fork's JIT decisions (inlining of the flyweight's accessors)
 * and the buffers' alignment move single benchmarks by up to 2x from one fork to the next.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SerialisationBenchmark {
    private final PostObject item = PostObject.item();
    private final PostObject reused = new PostObject();

    private final ByteArrayOutputStream serialized = new ByteArrayOutputStream(1024);
    private byte[] serializedBytes;
    private final ByteBuffer byteBuffer = ByteBuffer.allocate(1024);
    /**
     * The one array that Unsafe, the codec and Agrona write into and read from (they all write the
     * same 185 bytes): with an array each, a fork's heap layout could put one way's array where the
     * copy stub runs slowly from or into it (alignment against the source arrays) and charge that
     * to the way: with an array of its own, the post's Unsafe write ran about twice as slow in forks
     * with JMH's GC profiler (the lab's set-up) as without it, while the codec's did not move. To
     * see it, give {@code unsafe} its own array and compare {@code -prof gc} against none with
     * {@code CodecWriteBenchmark}'s {@code unsafe} row, which writes into one shared array.
     */
    private final byte[] binary = new byte[1024];

    private final UnsafeMemory unsafe = new UnsafeMemory(binary);
    private final CodecBuffer codec = CodecBuffer.of(binary);
    private final PostObjectFlyweight flyweight = new PostObjectFlyweight();
    private final UnsafeBuffer agrona = new UnsafeBuffer(binary);
    private final byte[] protobufBytes = new byte[1024];
    private int protobufLength;

    /** Writes every form once so that the reads have something to read, and checks them. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        javaSerializationWrite();
        serializedBytes = serialized.toByteArray();
        byteBufferWrite();
        unsafeWrite();
        codecWrite();
        agronaWrite();
        protobufWrite();
        check();
        codecFlyweightWrite(); // writes the same bytes as codecWrite
        check();
    }

    /** The first {@code length} bytes of the array shared by Unsafe, the codec and Agrona. */
    byte[] binary(int length) {
        return Arrays.copyOf(binary, length);
    }

    /** Throws if any way does not give the post's ITEM back. */
    public void check() throws IOException {
        try {
            for (Object read : new Object[] {
                javaSerializationRead(),
                byteBufferRead(),
                unsafeRead(),
                codecRead(),
                codecReusedRead(),
                PostObjectCodecs.read(flyweight.wrap(codec, 0)),
                agronaRead(),
                protobufRead()
            }) {
                if (!item.equals(read)) {
                    throw new IllegalStateException("a read did not return the post's ITEM");
                }
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Encoded size in bytes of each way, for the report. */
    public static Map<String, Integer> encodedSizes() throws IOException {
        SerialisationBenchmark b = new SerialisationBenchmark();
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sizes.put("javaSerialization", b.javaSerializationWrite());
        sizes.put("byteBuffer", b.byteBufferWrite());
        sizes.put("unsafe", b.unsafeWrite());
        sizes.put("codec", b.codecWrite());
        sizes.put("codecFlyweight", b.codecFlyweightWrite());
        sizes.put("agrona", b.agronaWrite());
        sizes.put("protobuf", b.protobufWrite());
        return sizes;
    }

    // ---- Java Serialization

    @Benchmark
    public int javaSerializationWrite() throws IOException {
        serialized.reset();
        ObjectOutputStream out = new ObjectOutputStream(serialized);
        out.writeObject(item);
        out.close();
        return serialized.size();
    }

    @Benchmark
    public Object javaSerializationRead() throws IOException, ClassNotFoundException {
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serializedBytes));
        return in.readObject();
    }

    // ---- ByteBuffer

    @Benchmark
    public int byteBufferWrite() {
        byteBuffer.clear();
        PostObjectCodecs.write(item, byteBuffer);
        return byteBuffer.position();
    }

    @Benchmark
    public Object byteBufferRead() {
        byteBuffer.position(0);
        return PostObjectCodecs.read(byteBuffer);
    }

    // ---- the post's Unsafe

    @Benchmark
    public int unsafeWrite() {
        unsafe.reset();
        PostObjectCodecs.write(item, unsafe);
        return unsafe.position();
    }

    @Benchmark
    public Object unsafeRead() {
        unsafe.reset();
        return PostObjectCodecs.read(unsafe);
    }

    // ---- mechsym codec

    @Benchmark
    public int codecWrite() {
        codec.position(0);
        item.writeTo(codec);
        return (int) codec.position();
    }

    @Benchmark
    public Object codecRead() {
        codec.position(0);
        return PostObject.read(codec);
    }

    @Benchmark
    public Object codecReusedRead() {
        codec.position(0);
        reused.readFrom(codec);
        return reused;
    }

    // ---- mechsym codec, decode in place

    @Benchmark
    public int codecFlyweightWrite() {
        PostObjectCodecs.write(item, flyweight.wrapForWrite(codec, 0));
        return PostObjectFlyweight.LENGTH;
    }

    @Benchmark
    public void codecFlyweightRead(Blackhole blackhole) {
        PostObjectFlyweight f = flyweight.wrap(codec, 0);
        blackhole.consume(f.getSourceId());
        blackhole.consume(f.isSpecial());
        blackhole.consume(f.getOrderCode());
        blackhole.consume(f.getPriority());
        for (int i = 0; i < PostObjectFlyweight.COUNT; i++) {
            blackhole.consume(f.getPrice(i));
        }
        for (int i = 0; i < PostObjectFlyweight.COUNT; i++) {
            blackhole.consume(f.getQuantity(i));
        }
    }

    // ---- Agrona

    @Benchmark
    public int agronaWrite() {
        return PostObjectCodecs.write(item, agrona);
    }

    @Benchmark
    public Object agronaRead() {
        return PostObjectCodecs.read(agrona);
    }

    @Benchmark
    public void agronaInPlaceRead(Blackhole blackhole) {
        UnsafeBuffer b = agrona;
        if (b.getInt(PostObjectFlyweight.PRICES_COUNT_OFFSET) != PostObjectFlyweight.COUNT
                || b.getInt(PostObjectFlyweight.QUANTITIES_COUNT_OFFSET) != PostObjectFlyweight.COUNT) {
            throw new IllegalStateException("not the post's fixed layout");
        }
        blackhole.consume(b.getLong(PostObjectFlyweight.SOURCE_ID_OFFSET));
        blackhole.consume(b.getByte(PostObjectFlyweight.SPECIAL_OFFSET) != 0);
        blackhole.consume(b.getInt(PostObjectFlyweight.ORDER_CODE_OFFSET));
        blackhole.consume(b.getInt(PostObjectFlyweight.PRIORITY_OFFSET));
        for (int i = 0; i < PostObjectFlyweight.COUNT; i++) {
            blackhole.consume(b.getDouble(PostObjectFlyweight.PRICES_OFFSET + i * Double.BYTES));
        }
        for (int i = 0; i < PostObjectFlyweight.COUNT; i++) {
            blackhole.consume(b.getLong(PostObjectFlyweight.QUANTITIES_OFFSET + i * Long.BYTES));
        }
    }

    // ---- protobuf (generated at build time from lab/src/main/protobuf/post_object.proto)

    @Benchmark
    public int protobufWrite() throws IOException {
        com.google.protobuf.CodedOutputStream out = com.google.protobuf.CodedOutputStream.newInstance(protobufBytes);
        PostObjectCodecs.toProto(item).writeTo(out);
        protobufLength = out.getTotalBytesWritten();
        return protobufLength;
    }

    @Benchmark
    public Object protobufRead() throws IOException {
        return PostObjectCodecs.fromProto(mechsym.lab.experiments.serialisation.proto.PostObjectMessage.parseFrom(
                com.google.protobuf.CodedInputStream.newInstance(protobufBytes, 0, protobufLength)));
    }
}
