package mechsym.cli;

import java.util.concurrent.Callable;
import mechsym.lab.Environment;
import mechsym.lab.report.Format;
import picocli.CommandLine.Command;

@Command(
        name = "env",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Prints the environment section every lab report carries, with the noise warnings.")
final class EnvCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        Environment env = Environment.probe();
        System.out.println("CPU:                    " + env.cpuModel() + " (" + env.logicalCpus() + " logical CPUs)");
        System.out.println("memory:                 " + Format.bytes(env.memoryBytes()));
        System.out.println("OS / kernel:            " + env.os() + " / " + env.kernel());
        System.out.println("virtualised:            " + env.virtualised());
        System.out.println("JDK:                    " + env.jdkVendor() + " " + env.jdkVersion());
        System.out.println("GC:                     " + String.join(", ", env.garbageCollectors()));
        System.out.println("transparent huge pages: " + env.transparentHugePages());
        System.out.println("cpufreq governor:       " + env.cpufreqGovernor());
        System.out.println("irqbalance:             " + env.irqbalance());
        System.out.println("idle states (C-states): " + env.idleStates());
        System.out.println("NUMA nodes:             " + env.numaNodes());
        System.out.println("CPU topology:           " + env.topology());
        System.out.println("CPU affinity:           " + env.cpuAffinity() + (env.pinned() ? " (pinned)" : ""));
        System.out.println("load average (1 min):   " + env.loadAverage1m());
        System.out.println("hardware counters:      " + env.hardwareCounters());
        System.out.println("libraries:              " + env.libraries());
        System.out.println("C/C++ compiler, flags:  " + env.nativeCompiler());
        env.warnings().forEach(w -> System.out.println("! " + w));
        return Main.EXIT_OK;
    }
}
