package mechsym.lab.experiments.offheap;

import java.lang.management.ManagementFactory;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Native Memory Tracking read from inside the JVM (the {@code VM.native_memory summary} diagnostic
 * command through its MBean): how much NMT's "Other" category, where {@code Unsafe.allocateMemory} and
 * FFM's {@code Arena.allocate} count their malloc, has committed. A measurement of what the off-heap
 * tables took, not a size computed from their layout.
 */
final class NativeMemory {
    private static final Pattern OTHER = Pattern.compile("-\\s*Other \\(reserved=\\d+KB, committed=(\\d+)KB\\)");

    private NativeMemory() {}

    /** Committed bytes of NMT's "Other" category, or -1 when NMT is off or says nothing about it. */
    static long otherCommittedBytes() {
        try {
            String summary = (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "vmNativeMemory",
                            new Object[] {new String[] {"summary"}},
                            new String[] {String[].class.getName()});
            return otherCommittedBytes(summary);
        } catch (JMException | RuntimeException e) {
            return -1;
        }
    }

    /** The "Other" category's committed bytes in an NMT summary, or -1 when it has none. */
    static long otherCommittedBytes(String summary) {
        Matcher m = OTHER.matcher(summary);
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
    }
}
