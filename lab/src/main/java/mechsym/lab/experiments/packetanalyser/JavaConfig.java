package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.Strategy;

/**
 * A Java configuration: one JVM per strategy and case. Flat parse is mechsym's addition: the parse
 * results as fields inside the packet, the post's flat C++ in Java.
 */
record JavaConfig(Collector collector, Buffers buffers, Analyser.Parse parse, List<Strategy> strategies) {
    /** The post's name: "G1", "Native G1"; ours adds ", flat parse". */
    String solution() {
        return (buffers == Buffers.NATIVE ? "Native " : "")
                + collector.label()
                + (parse == Analyser.Parse.FLAT ? ", flat parse" : "");
    }

    String heap(Plan plan) {
        return buffers == Buffers.HEAP ? plan.heap() : plan.nativeHeap();
    }

    List<String> jvmArgs(Plan plan) {
        List<String> jvm = new ArrayList<>(List.of("-Xms" + heap(plan), "-Xmx" + heap(plan)));
        jvm.addAll(collector.flags());
        return jvm;
    }

    String fileName(String rest) {
        return (collector.id() + "-" + buffers.label() + "-" + parse.label() + "-" + rest).toLowerCase(Locale.ROOT);
    }
}
