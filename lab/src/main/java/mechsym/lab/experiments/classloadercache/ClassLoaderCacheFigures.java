package mechsym.lab.experiments.classloadercache;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The post's op (ArrayList + ArrayDeque through one loader) as this run measured it: per round, per
 * loader, per thread count, lookups per ms (a fork's median iteration).
 *
 * @param rounds per round: loader to thread count to ops/ms
 * @param cores the machine's logical CPUs, the thread count the claims compare with one
 */
record ClassLoaderCacheFigures(List<Map<String, Map<Integer, Double>>> rounds, int cores) {
    ClassLoaderCacheFigures {
        rounds = List.copyOf(rounds);
    }

    /** The synchronized loader the claims judge: the post's Tomcat 8 when it ran, else today's (also one lock). */
    String synchronizedLoader() {
        return rounds.stream().anyMatch(r -> r.containsKey("tomcat8-webapp")) ? "tomcat8-webapp" : "tomcat-webapp";
    }

    /** Per round where both ran, {@code loader}'s ops/ms at {@link #cores} threads over its ops/ms at one. */
    List<Double> scaling(String loader) {
        List<Double> ratios = new ArrayList<>();
        for (Map<String, Map<Integer, Double>> round : rounds) {
            Map<Integer, Double> byThreads = round.getOrDefault(loader, Map.of());
            Double one = byThreads.get(1);
            Double all = byThreads.get(cores);
            if (one != null && all != null) {
                ratios.add(all / one);
            }
        }
        return ratios;
    }
}
