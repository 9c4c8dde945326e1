package mechsym.lab.experiments.lazyset;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.seeds.LazySetPost;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;

/**
 * The lazyset verdict, judged in each of the post's own storages (AtomicLong and its volatile field
 * counter; the padded and off-heap counters it set aside, and core's Sequence, are context) from the
 * ratios taken round by round: in catch-up the volatile writer is dearer than the lazy one
 * ("significantly": 2x or more, mechsym's line) and by the post's "5-6 times" (5x or more); in
 * ping-pong lazySet is "practically no different" (lazy within 15% of volatile, mechsym's line). The
 * post's same-core affinity runs need SMT siblings. Pure: figures in, verdict out; stateless.
 */
final class LazySetClaims {
    static final double CHEAPER = 2;
    static final double POST_SIZE = LazySetPost.CATCH_UP_LOW;
    static final double NO_SLOWER = 1.15;

    static final String SAME_CORE = "the post's same-core affinity runs (both threads on one core's hyperthreads)";

    /**
     * One of the post's storages, its ratios one per round (both set methods ran in turn in the round).
     *
     * @param cost catch-up, the writer's ns per value, volatile / lazy
     * @param latency ping-pong, ns per round trip, lazy / volatile
     */
    record Storage(String label, List<Double> cost, List<Double> latency) {
        Storage {
            cost = List.copyOf(cost);
            latency = List.copyOf(latency);
        }
    }

    private LazySetClaims() {}

    static String cheaper(String storage) {
        return "catch-up, " + storage + ": volatile dearer for the writer than lazySet (>= 2x)";
    }

    static String postSize(String storage) {
        return "catch-up, " + storage + ": by the post's 5-6x (volatile/lazy >= 5x)";
    }

    static String noSlower(String storage) {
        return "ping-pong, " + storage + ": lazySet practically no slower (lazy/volatile <= 1.15x)";
    }

    /** The post's sub-claims in each of its storages, and its same-core runs where they cannot be shown. */
    static Verdict judge(List<Storage> storages, CpuTopology topology) {
        List<Claim> claims = new ArrayList<>();
        for (Storage s : storages) {
            String costWords = "the writer's ns per value, volatile / lazy, round by round";
            if (s.cost().isEmpty()) {
                String why = "no round finished both set methods' catch-up";
                claims.add(Claim.inconclusive(cheaper(s.label()), why));
                claims.add(Claim.inconclusive(postSize(s.label()), why));
            } else {
                Measure cost = Measure.of(s.cost(), "x");
                claims.add(Claim.atLeast(cheaper(s.label()), cost, CHEAPER, costWords)
                        .withOurLine());
                claims.add(Claim.atLeast(postSize(s.label()), cost, POST_SIZE, costWords));
            }
            if (s.latency().isEmpty()) {
                claims.add(Claim.inconclusive(noSlower(s.label()), "no round finished both set methods' ping-pong"));
            } else {
                claims.add(Claim.atMost(
                                noSlower(s.label()),
                                Measure.of(s.latency(), "x"),
                                NO_SLOWER,
                                "ns per round trip, lazy / volatile, round by round")
                        .withOurLine());
            }
        }
        if (storages.isEmpty()) {
            claims.add(Claim.inconclusive(cheaper("the post's storages"), "none of the post's storages was measured"));
        }
        CpuPair.absence(topology, Placement.SAME_CORE)
                .ifPresent(
                        why -> claims.add(Claim.notMeasurableHere(SAME_CORE, CpuPair.needs(Placement.SAME_CORE), why)));
        return Verdict.fromClaims(claims);
    }
}
