package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;

/**
 * A Java configuration: a collector, buffers and parse, one JVM per case and strategy. Flat parse is
 * mechsym's addition: the parse results as fields inside the packet, the post's flat C++ in Java.
 */
record JavaConfig(Collector collector, Buffers buffers, Analyser.Parse parse) {
    Solution solution() {
        return Solution.java(collector, buffers, parse);
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
