package mechsym.lab.experiments.packetanalyser;

import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;

/**
 * Who made a figure: one of the post's solutions ("G1", "Native ZGC", "C++", "C++ flat") or mechsym's
 * flat-parse Java ("Native Parallel (the post's 'CMS'), flat parse"), the post's name first.
 *
 * @param collector null for C++
 * @param buffers null for C++
 * @param parse null for C++
 * @param cppVariant native/packet_analyser's variant ("port" or "flat"), null for Java
 */
record Solution(String name, Collector collector, Buffers buffers, Analyser.Parse parse, String cppVariant) {
    static final Solution CPP = new Solution("C++", null, null, null, "port");
    static final Solution CPP_FLAT = new Solution("C++ flat", null, null, null, "flat");

    /** The post's name: "G1", "Native G1"; mechsym's flat parse adds ", flat parse". */
    static Solution java(Collector collector, Buffers buffers, Analyser.Parse parse) {
        String name = (buffers == Buffers.NATIVE ? "Native " : "")
                + collector.label()
                + (parse == Analyser.Parse.FLAT ? ", flat parse" : "");
        return new Solution(name, collector, buffers, parse, null);
    }

    boolean java() {
        return collector != null;
    }

    /** One of the post's solutions (mechsym's flat-parse Java is not). */
    boolean post() {
        return !java() || parse == Analyser.Parse.OBJECTS;
    }

    boolean flatCpp() {
        return "flat".equals(cppVariant);
    }
}
