package mechsym.lab.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Experiment;

/** Every experiment of the lab, in the order a full run takes them. */
public final class ExperimentCatalog {
    private static final List<Experiment> ALL = List.of(
            new mechsym.lab.experiments.memoryaccess.MemoryAccessExperiment(),
            new mechsym.lab.experiments.offheap.OffHeapExperiment(),
            new mechsym.lab.experiments.serialisation.SerialisationExperiment(),
            new mechsym.lab.experiments.dispatch.DispatchExperiment(),
            new mechsym.lab.experiments.interthreadlatency.InterThreadLatencyExperiment(),
            new mechsym.lab.experiments.lazyset.LazySetExperiment(),
            new mechsym.lab.experiments.cas.CasExperiment(),
            new mechsym.lab.experiments.cachefallacy.CacheFallacyExperiment(),
            new mechsym.lab.experiments.utf8.Utf8Experiment(),
            new mechsym.lab.experiments.queues.QueuesExperiment(),
            new mechsym.lab.experiments.tcpping.TcpPingExperiment(),
            new mechsym.lab.experiments.udpecho.UdpEchoExperiment(),
            new mechsym.lab.experiments.herding.HerdingExperiment(),
            new mechsym.lab.experiments.nullcheck.NullCheckExperiment(),
            new mechsym.lab.experiments.classloadercache.ClassLoaderCacheExperiment(),
            new mechsym.lab.experiments.intrinsics.IntrinsicsExperiment(),
            new mechsym.lab.experiments.stringinternals.StringInternalsExperiment(),
            new mechsym.lab.experiments.packetanalyser.PacketAnalyserExperiment(),
            new mechsym.lab.experiments.backpressure.BackPressureExperiment(),
            new mechsym.lab.experiments.jmsload.JmsLoadExperiment(),
            new mechsym.lab.experiments.jdbcprefetch.JdbcPrefetchExperiment());

    private ExperimentCatalog() {}

    public static List<Experiment> all() {
        return ALL;
    }

    public static List<String> ids() {
        return ALL.stream().map(Experiment::id).toList();
    }

    /**
     * The experiments with these ids, in the order given; all of them when {@code ids} is empty.
     *
     * @throws IllegalArgumentException naming the unknown ids and listing the valid ones
     */
    public static List<Experiment> select(List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            return ALL;
        }
        Map<String, Experiment> byId = new LinkedHashMap<>();
        ALL.forEach(e -> byId.put(e.id(), e));
        List<Experiment> selected = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String id : ids) {
            Experiment e = byId.get(id);
            if (e == null) {
                unknown.add(id);
            } else if (!selected.contains(e)) {
                selected.add(e);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown experiment id" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(
                            ", ", unknown.stream().map(id -> "'" + id + "'").toList()) + "; valid ids: "
                    + String.join(", ", byId.keySet()));
        }
        return selected;
    }
}
