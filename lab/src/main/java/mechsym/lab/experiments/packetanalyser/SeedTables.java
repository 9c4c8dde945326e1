package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Table;

/**
 * The post's 21 tables, as it printed them (seed 002, "allocate or pool buffers": dual Xeon E5-2620
 * v3 @ 2.40GHz, Linux 3.17.4, Java 1.8.142 and Java 11 for ZGC, 2 GB heap, 1 GB with native
 * buffers). Cells the post wrote as text ("lost: 0.8% (0.3%)", "78 / 59") stay text; plain numbers
 * are numbers. Where its text and tables disagree the tables are kept, and the table's note says so.
 */
final class SeedTables {
    static final String MACHINE = "dual Xeon E5-2620 v3 @ 2.40GHz, Linux 3.17.4, Java 8 (ZGC: Java 11), -Xmx2g";
    static final String NATIVE_MACHINE =
            "dual Xeon E5-2620 v3 @ 2.40GHz, Linux 3.17.4, Java 8 (ZGC: Java 11), -Xmx1g + 2g direct";
    static final List<String> STRATEGIES = List.of("Allocation", "Mix", "Pooling");
    static final String CMS_NOTE = "The post calls this collector CMS, but its command lines carry no CMS flag"
            + " (-XX:+UseConcMarkSweepGC) and its GC log lines ('GC (Allocation Failure)', 'Full GC (Ergonomics)')"
            + " are Parallel GC's wording, Java 8's default: it measured Parallel GC. CMS no longer exists; this"
            + " experiment runs Parallel and labels it \"Parallel (the post's 'CMS')\".";

    /** The post's summary of the batch test (its table 20): solution, strategy, ns/packet in A, B, C. */
    static final Object[][] BATCH_SUMMARY = {
        {"CMS", "Allocation", 400, 685, 4042},
        {"CMS", "Mix", 108, 315, 466},
        {"CMS", "Pooling", 346, 470, 415},
        {"G1", "Allocation", 424, 640, 4300},
        {"G1", "Mix", 134, 364, 625},
        {"G1", "Pooling", 140, 355, 740},
        {"ZGC", "Allocation", 523, 800, 1880},
        {"ZGC", "Mix", 108, 403, 436},
        {"ZGC", "Pooling", 109, 403, 453},
        {"Native CMS", "Allocation", 89, 253, 950},
        {"Native CMS", "Mix", 83, 221, 298},
        {"Native CMS", "Pooling", 79, 213, 260},
        {"Native G1", "Allocation", 108, 239, 1100},
        {"Native G1", "Mix", 117, 246, 432},
        {"Native G1", "Pooling", 111, 249, 347},
        {"Native ZGC", "Allocation", 127, 290, 533},
        {"Native ZGC", "Mix", 100, 290, 400},
        {"Native ZGC", "Pooling", 118, 302, 330},
        {"C++", "Allocation", 270, 560, 616},
        {"C++", "Mix", 115, 223, 307},
        {"C++", "Pooling", 111, 233, 274},
        {"C++ flat", "Allocation", 163, 409, 480},
        {"C++ flat", "Mix", 35, 153, 184},
        {"C++ flat", "Pooling", 34, 148, 171},
    };

    /** The post's summary of the real-time test (its table 21), as printed. */
    static final Object[][] REALTIME_SUMMARY = {
        {"CMS", "Allocation", 600, "lost: 0.8%", "lost: 75%"},
        {"CMS", "Mix", 150, 350, "lost: 9%"},
        {"CMS", "Pooling", "lost: 17%", "lost: 17%", "lost: 9"},
        {"G1", "Allocation", 750, 2000, "lost: 76%"},
        {"G1", "Mix", 200, 600, "lost: 4%"},
        {"G1", "Pooling", 200, 600, "lost: 4.4%"},
        {"ZGC", "Allocation", 540, 820, "lost: 44%"},
        {"ZGC", "Mix", 120, 420, 450},
        {"ZGC", "Pooling", 130, 420, 460},
        {"Native CMS", "Allocation", 140, "lost: 0.8%", "lost: 34%"},
        {"Native CMS", "Mix", 130, "lost: 0.0025%", "lost: 0.7%"},
        {"Native CMS", "Pooling", 120, "lost: 0.03%", "lost: 0.7%"},
        {"Native G1", "Allocation", 150, 350, "lost: 6.5%"},
        {"Native G1", "Mix", 150, 400, "lost: 0.075%"},
        {"Native G1", "Pooling", 160, 500, 700},
        {"Native ZGC", "Allocation", 170, 380, 550},
        {"Native ZGC", "Mix", 120, 320, 440},
        {"Native ZGC", "Pooling", 130, 320, 460},
        {"C++", "Allocation", 520, 950, 950},
        {"C++", "Mix", 280, 320, 550},
        {"C++", "Pooling", 250, 420, 480},
        {"C++ flat", "Allocation", 220, 650, 700},
        {"C++ flat", "Mix", 50, 220, 240},
        {"C++ flat", "Pooling", 50, 190, 230},
    };

    private SeedTables() {}

    static List<Table> all() {
        List<Table> t = new ArrayList<>();
        t.add(Table.seed("seed-01-parameters", "The post's parameters per case", MACHINE)
                .column("variable")
                .column("Case A")
                .column("Case B")
                .column("Case C")
                .row("MAX_CAPTURING_DELAY_MS", 100, 100, 100)
                .row("POOL_SIZE", 1_000_000, 1_000_000, 1_000_000)
                .row("MIX_POOL_SIZE", 200_000, 200_000, 200_000)
                .row("INTERNAL_QUEUE_SIZE", 10_000, 100_000, 495_000)
                .row("STORED_COUNT", 10_000, 100_000, 495_000)
                .note("The table gives case A 10,000 / 10,000; the post's printed run of case A shows 'Internal queue:"
                        + " 1000' and 'Stored: 1000'. The table is kept: case A here is 10,000; mechsym's case A1000"
                        + " is the printed run's.")
                .build());
        t.add(byStrategy("seed-02-batch-cms", "Batch ns/packet, 'CMS'", MACHINE, CMS_NOTE, new Object[][] {
            {"Dummy", 59, 57, 66}, {"Allocation", 400, 685, 4042}, {"Mix", 108, 315, 466}, {"Pooling", 346, 470, 415}
        }));
        t.add(gc("seed-03-gc-cms", "GC statistics of the batch runs, 'CMS'", CMS_NOTE, new Object[][] {
            {"A", "Allocation", 44, 9, 4.5, 4, 0.045, 194},
            {"A", "Mix", 35, 6, 1.9, 1, 0.639, 10},
            {"A", "Pooling", 940, 823, 0.8, 67, 3.039, 271},
            {"B", "Allocation", 176, 66, 4.5, 30, 1.134, 58},
            {"B", "Mix", 63, 40, 0.8, 3, 1.134, 34},
            {"B", "Pooling", 911, 712, 0.6, 40, 3.534, 201},
            {"C", "Allocation", 866, 365, 2.3, 89, 5.454, 67},
            {"C", "Mix", 790, 488, 0.6, 27, 5.478, 89},
            {"C", "Pooling", 576, 446, 0.6, 29, 5.508, 81}
        }));
        t.add(byStrategy(
                "seed-04-realtime-cms",
                "Real time: smallest no-loss interval, ns, or 'lost: % at 1000 ns (with a 10 GB heap)', 'CMS'",
                MACHINE,
                "The post's text says the smallest no-loss interval for allocation in case A is 400 ns; its table"
                        + " says 600. The table is kept. " + CMS_NOTE,
                new Object[][] {
                    {"Allocation", 600, "lost: 0.8% (0.3%)", "lost: 75% (20%)"},
                    {"Mix", 150, 350, "lost: 9% (0.6%)"},
                    {"Pooling", "lost: 17% (0.5%)", "lost: 17% (0.5%)", "lost: 9% (0.6%)"}
                }));
        t.add(byStrategy("seed-05-batch-g1", "Batch ns/packet, G1 / 'CMS'", MACHINE, null, new Object[][] {
            {"Dummy", "78 / 59", "70 / 57", "81 / 66"},
            {"Allocation", "424 / 400", "640 / 685", "4300 / 4042"},
            {"Mix", "134 / 108", "364 / 315", "625 / 466"},
            {"Pooling", "140 / 346", "355 / 470", "740 / 415"}
        }));
        t.add(gc(
                "seed-06-gc-g1", "GC statistics of the batch runs, G1 (-XX:MaxGCPauseMillis=80)", null, new Object[][] {
                    {"A", "Allocation", 56, 20, 2.4, 5, 0.045, 444},
                    {"A", "Mix", 43, 24, 0.5, 1, 0.639, 38},
                    {"A", "Pooling", 47, 21, 1.3, 3, 3.039, 7},
                    {"B", "Allocation", 85, 48, 5.8, 28, 1.134, 42},
                    {"B", "Mix", 81, 65, 0.3, 2, 1.134, 57},
                    {"B", "Pooling", 76, 62, 0.6, 3, 3.534, 17},
                    {"C", "Allocation", 732, 118, 2.4, 28, 5.454, 21},
                    {"C", "Mix", 172, 110, 2.3, 25, 5.478, 20},
                    {"C", "Pooling", 173, 117, 2.0, 23, 5.508, 21}
                }));
        t.add(byStrategy("seed-07-realtime-g1", "Real time, G1", MACHINE, null, new Object[][] {
            {"Allocation", 750, 2000, "lost: 76% (13%)"},
            {"Mix", 200, 600, "lost: 4% (1%)"},
            {"Pooling", 200, 600, "lost: 4.4% (0.8%)"}
        }));
        t.add(byStrategy("seed-08-batch-zgc", "Batch ns/packet, ZGC / G1", MACHINE, null, new Object[][] {
            {"Dummy", "72 / 78", "66 / 70", "84 / 81"},
            {"Allocation", "523 / 424", "800 / 640", "1880 / 4300"},
            {"Mix", "108 / 134", "403 / 364", "436 / 625"},
            {"Pooling", "109 / 140", "403 / 355", "453 / 740"}
        }));
        t.add(byStrategy("seed-09-realtime-zgc", "Real time, ZGC", MACHINE, null, new Object[][] {
            {"Allocation", 540, 820, "lost: 44% (1.7%)"}, {"Mix", 120, 420, 450}, {"Pooling", 130, 420, 460}
        }));
        t.add(byStrategy(
                "seed-10-batch-native-cms",
                "Batch ns/packet, native buffers, 'CMS'",
                NATIVE_MACHINE,
                CMS_NOTE,
                new Object[][] {
                    {"Dummy", 50, 53, 58},
                    {"Allocation", 89, 253, 950},
                    {"Mix", 83, 221, 298},
                    {"Pooling", 79, 213, 260}
                }));
        t.add(byStrategy(
                "seed-11-realtime-native-cms",
                "Real time, native buffers, 'CMS' ('250; lost: 0.0025%': loss at 1000 ns, small enough to search)",
                NATIVE_MACHINE,
                CMS_NOTE,
                new Object[][] {
                    {"Allocation", 140, "lost: 0.8%", "lost: 34%"},
                    {"Mix", 130, "250; lost: 0.0025%", "lost: 0.7%"},
                    {"Pooling", 120, "300; lost: 0.03%", "lost: 0.7%"}
                }));
        t.add(byStrategy(
                "seed-12-batch-native-g1", "Batch ns/packet, native buffers, G1", NATIVE_MACHINE, null, new Object[][] {
                    {"Dummy", 62, 63, 79},
                    {"Allocation", 108, 239, 1100},
                    {"Mix", 117, 246, 432},
                    {"Pooling", 111, 249, 347}
                }));
        t.add(byStrategy(
                "seed-13-realtime-native-g1", "Real time, native buffers, G1", NATIVE_MACHINE, null, new Object[][] {
                    {"Allocation", 150, 350, "lost: 6.5%"},
                    {"Mix", 150, 400, "800; lost: 0.075%"},
                    {"Pooling", 160, 500, 700}
                }));
        t.add(byStrategy(
                "seed-14-batch-native-zgc",
                "Batch ns/packet, ZGC, native / heap buffers",
                NATIVE_MACHINE,
                null,
                new Object[][] {
                    {"Dummy", "63 / 72", "76 / 66", "102 / 84"},
                    {"Allocation", "127 / 523", "290 / 800", "533 / 1880"},
                    {"Mix", "100 / 108", "290 / 403", "400 / 436"},
                    {"Pooling", "118 / 109", "302 / 403", "330 / 453"}
                }));
        t.add(byStrategy(
                "seed-15-realtime-native-zgc", "Real time, native buffers, ZGC", NATIVE_MACHINE, null, new Object[][] {
                    {"Allocation", 170, 380, 550}, {"Mix", 120, 320, 440}, {"Pooling", 130, 320, 460}
                }));
        t.add(byStrategy("seed-16-batch-cpp", "Batch ns/packet, C++ (a direct port)", MACHINE, null, new Object[][] {
            {"Dummy", 145, 164, 164}, {"Allocation", 270, 560, 616}, {"Mix", 115, 223, 307}, {"Pooling", 111, 233, 274}
        }));
        t.add(byStrategy("seed-17-realtime-cpp", "Real time, C++ (a direct port)", MACHINE, null, new Object[][] {
            {"Allocation", 520, 950, 950}, {"Mix", 280, 320, 550}, {"Pooling", 250, 420, 480}
        }));
        t.add(byStrategy(
                "seed-18-batch-cpp-flat", "Batch ns/packet, flat C++ (no allocation)", MACHINE, null, new Object[][] {
                    {"Dummy", 16, 16, 16},
                    {"Allocation", 163, 409, 480},
                    {"Mix", 35, 153, 184},
                    {"Pooling", 34, 148, 171}
                }));
        t.add(byStrategy("seed-19-realtime-cpp-flat", "Real time, flat C++", MACHINE, null, new Object[][] {
            {"Allocation", 220, 650, 700}, {"Mix", 50, 220, 240}, {"Pooling", 50, 190, 230}
        }));
        t.add(summary(
                "seed-20-batch-summary",
                "Summary: batch ns/packet (the post marks flat C++ best in every" + " column, Native 'CMS' best Java)",
                BATCH_SUMMARY,
                null));
        t.add(summary(
                "seed-21-realtime-summary",
                "Summary: real time, smallest no-loss interval, ns, or loss at 1000 ns",
                REALTIME_SUMMARY,
                "As printed. The summary drops values its sections give: the 10 GB losses in brackets, the"
                        + " searched intervals of 'almost working' cells (Native 'CMS' mix and pooling in case B: '250;'"
                        + " and '300;'; Native G1 mix in case C: '800;'), and the '%' of 'CMS' pooling case C ('lost:"
                        + " 9'). The section tables above keep them. " + CMS_NOTE));
        t.add(batchLong());
        return t;
    }

    private static Table byStrategy(String id, String title, String machine, String note, Object[][] rows) {
        Table.Builder b = Table.seed(id, title, machine)
                .column("strategy")
                .column("Case A")
                .column("Case B")
                .column("Case C");
        for (Object[] r : rows) {
            b.row(r);
        }
        return b.note(note).build();
    }

    private static Table gc(String id, String title, String note, Object[][] rows) {
        Table.Builder b = Table.seed(id, title, MACHINE)
                .column("case")
                .column("strategy")
                .column("max GC pause", "ms")
                .column("avg GC pause", "ms")
                .column("GC count / sec", "1/s")
                .column("GC fraction", "%")
                .column("object count", "millions")
                .column("GC time / object", "ns");
        for (Object[] r : rows) {
            b.row(r);
        }
        return b.note((note == null ? "" : note + " ")
                        + "Object count: live objects as JVisualVM reported after a GC; GC time / object = average pause"
                        + " / object count.")
                .build();
    }

    private static Table summary(String id, String title, Object[][] rows, String note) {
        Table.Builder b = Table.seed(id, title, MACHINE)
                .column("solution")
                .column("strategy")
                .column("Case A")
                .column("Case B")
                .column("Case C");
        for (Object[] r : rows) {
            b.row(r);
        }
        return b.note(note).build();
    }

    /** The post's batch summary, one row per configuration and case, for the chart beside ours. */
    private static Table batchLong() {
        Table.Builder b = Table.seed(
                        "seed-batch-by-configuration",
                        "The post's batch summary (table 20) by configuration and case, for the chart",
                        MACHINE)
                .column("configuration")
                .column("case")
                .column("ns/packet", "ns");
        String[] cases = {"A", "B", "C"};
        for (Object[] r : BATCH_SUMMARY) {
            for (int c = 0; c < 3; c++) {
                b.row(r[0] + " " + r[1], cases[c], r[2 + c]);
            }
        }
        return b.note("The same figures as table 20, rearranged.").build();
    }
}
