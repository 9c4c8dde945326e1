package mechsym.lab.experiments.serialisation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/** The serialisation experiment's measured and alternatives tables, its chart and headlines. */
final class SerialisationReport {
    private SerialisationReport() {}

    /**
     * One way's figures over the rounds.
     *
     * @param way the way's name
     * @param reads what its read gives: a new object, a reused object or the fields in place
     * @param write the median over the rounds of the write's fork medians, ns
     * @param read the same for the read, ns
     * @param total the per-round write + read, ns
     * @param writeAllocates the largest bytes per write over the rounds, or null
     * @param readAllocates the largest bytes per read over the rounds, or null
     * @param encoded the encoded size in bytes, or null
     */
    record WayRow(
            String way,
            String reads,
            double write,
            double read,
            Summary total,
            Double writeAllocates,
            Double readAllocates,
            Integer encoded) {}

    /** The measured table, the protobuf headline, the chart against the post's machines and the totals' headlines. */
    static void measured(ExperimentResult.Builder result, List<WayRow> rows, int rounds, Map<String, Integer> sizes) {
        Table.Builder measured = Table.measured("measured", "write and read of the post's object (JMH)")
                .column("way")
                .column("read gives")
                .column("write", "ns")
                .column("read", "ns")
                .column("total", "ns")
                .column("rounds")
                .column("total min", "ns")
                .column("total max", "ns")
                .column("write allocates", "B/op")
                .column("read allocates", "B/op")
                .column("encoded", "bytes")
                .note("JMH average time per write and per read: one fork per benchmark per round, " + rounds
                        + " round(s), every benchmark in turn in each; a fork's figure is its median iteration."
                        + " write, read and total are medians over the rounds (total: of the per-round write +"
                        + " read), with the rounds' lowest and highest total. Allocation from JMH's GC profiler"
                        + " (gc.alloc.rate.norm), the largest of the rounds. \"new object\" reads build the post's"
                        + " object and its two arrays, as the post's did; the \"reused object\" read copies every"
                        + " field into one instance and allocates nothing; \"in place\" reads (the flyweight, and"
                        + " Agrona read the same way) hand every field, read where it lies, to a Blackhole: no"
                        + " copy, no allocation. The reused-object read shares the codec's write, the Agrona"
                        + " in-place read Agrona's.");
        Map<String, Double> totals = new LinkedHashMap<>();
        for (WayRow row : rows) {
            Summary total = row.total();
            totals.put(row.way(), total.median());
            measured.row(
                    row.way(),
                    row.reads(),
                    row.write(),
                    row.read(),
                    total.median(),
                    total.n(),
                    total.min(),
                    total.max(),
                    row.writeAllocates(),
                    row.readAllocates(),
                    row.encoded());
        }
        result.table(measured.build());
        Double protobuf = totals.get("protobuf (generated)");
        if (protobuf != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "protobuf (generated from a .proto at build time): %.1f ns write+read, %d bytes",
                    protobuf,
                    sizes.get("protobuf")));
        }
        result.chart(Chart.bar(
                        "total",
                        "write + read of the post's object: the post's machines and this one",
                        List.of("seed-nehalem", "seed-sandy-bridge", "measured"),
                        "way",
                        "total",
                        null,
                        "ns (log scale)")
                .withLogY());
        headlines(result, totals, sizes);
    }

    /** The totals in words, and the codec against its rivals like for like and not. */
    private static void headlines(
            ExperimentResult.Builder result, Map<String, Double> totals, Map<String, Integer> sizes) {
        Double serialization = totals.get(SerialisationFigures.SERIALIZATION);
        Double byteBuffer = totals.get(SerialisationFigures.BYTE_BUFFER);
        Double unsafe = totals.get(SerialisationFigures.UNSAFE);
        Double agrona = totals.get(SerialisationFigures.AGRONA);
        Double codec = totals.get(SerialisationExperiment.CODEC);
        Double flyweight = totals.get(SerialisationExperiment.CODEC_FLYWEIGHT);
        if (serialization == null || byteBuffer == null || unsafe == null || agrona == null || codec == null) {
            return;
        }
        double fastestRival = Math.min(unsafe, agrona);
        result.headline(String.format(
                Locale.ROOT,
                "write+read: Java Serialization %.0f ns, ByteBuffer %.1f, Unsafe %.1f, Agrona %.1f, mechsym codec"
                        + " %.1f ns; sizes: Java Serialization %d bytes, codec %d bytes",
                serialization,
                byteBuffer,
                unsafe,
                agrona,
                codec,
                sizes.get("javaSerialization"),
                sizes.get("codec")));
        Double reused = totals.get(SerialisationExperiment.CODEC_REUSED);
        Double agronaInPlace = totals.get(SerialisationExperiment.AGRONA_IN_PLACE);
        result.headline(String.format(
                Locale.ROOT,
                "reading a new object (like for like): codec %.1f ns = %.2fx the fastest of Unsafe and Agrona"
                        + " (%.1f ns)%s%s",
                codec,
                codec / fastestRival,
                fastestRival,
                reused == null ? "" : String.format(Locale.ROOT, "; into a reused object %.1f ns", reused),
                flyweight == null || agronaInPlace == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; read in place: flyweight %.1f ns, Agrona %.1f ns",
                                flyweight,
                                agronaInPlace)));
    }

    /** The codec's alternatives, one JMH fork each, beside the winner (full profile). */
    static void alternatives(ExperimentResult.Builder result, List<JmhBenchmarks.Score> scores) {
        Table.Builder table = Table.measured("alternatives", "the codec's alternatives, beside the winner (JMH)")
                .column("benchmark")
                .column("parameters")
                .column("time", "ns")
                .column("error", "ns")
                .note("One fork each, JMH's score and 99.9% error. CodecWriteBenchmark: each way of writing the"
                        + " post's object (codecCursor is the codec); ConstantLayoutBenchmark: the byte order's"
                        + " layout chosen around each access (branch*, the codec's) or inside it (ternary*);"
                        + " BulkArrayBenchmark: put (the codec: one copy in the native order, a loop in the"
                        + " other) against copyPut (one copy in either order). The class comments say what each"
                        + " decided.");
        scores.forEach(s -> table.row(s.benchmark(), s.params().toString(), s.score(), s.error()));
        result.table(table.build());
    }
}
