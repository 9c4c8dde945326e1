package mechsym.lab.rigs.pingpong;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import mechsym.tools.platform.CpuTopology;

/** A made-up sysfs tree for tests: sockets x cores x SMT threads, numbered as Linux does (threads last). */
public final class MadeUpMachine {
    private MadeUpMachine() {}

    /** The topology of the machine written under {@code sys}. */
    public static CpuTopology of(Path sys, int sockets, int coresPerSocket, int threadsPerCore) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/system/cpu"));
        int cores = sockets * coresPerSocket;
        int cpus = cores * threadsPerCore;
        Files.writeString(dir.resolve("online"), "0-" + (cpus - 1));
        for (int cpu = 0; cpu < cpus; cpu++) {
            Path topology = Files.createDirectories(dir.resolve("cpu" + cpu + "/topology"));
            int core = cpu % cores;
            StringBuilder siblings = new StringBuilder();
            for (int t = 0; t < threadsPerCore; t++) {
                siblings.append(t == 0 ? "" : ",").append(core + t * cores);
            }
            Files.writeString(topology.resolve("thread_siblings_list"), siblings.toString());
            Files.writeString(topology.resolve("physical_package_id"), Integer.toString(core / coresPerSocket));
        }
        return CpuTopology.read(sys, null);
    }
}
