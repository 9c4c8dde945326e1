package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.packetanalyser.PacketAnalyserExperiment.BatchFigure;

/**
 * The post's conclusions, each a sub-claim judged from a run's figures (the post's solutions only:
 * mechsym's flat-parse Java and Shenandoah are left out):
 *
 * <ol>
 *   <li>pooling is faster than allocation in batch, under each of the post's collectors (every buffer
 *       kind and case measured) and in C++;
 *   <li>pooling loses less than allocation in real time;
 *   <li>mix is as good as pooling at low utilisation (case A: within {@link #MIX_TOLERANCE} of pooling),
 *       pooling better as utilisation grows (case C: faster than mix for most solutions);
 *   <li>G1, and ZGC, improve on Parallel (the post's "CMS") in real time;
 *   <li>flat C++ is the fastest solution, in batch and in real time.
 * </ol>
 *
 * A sub-claim whose figures this profile did not measure is inconclusive, saying what was not run.
 */
final class PacketAnalyserVerdict {
    /** Mix "very good" at low utilisation: at most this factor of pooling's ns/packet. */
    static final double MIX_TOLERANCE = 1.1;

    static final String PARALLEL = Collector.PARALLEL.label();
    static final List<String> POST_COLLECTORS = List.of(PARALLEL, Collector.G1.label(), Collector.ZGC.label());
    static final List<String> LOW_UTILISATION = List.of("A", "A1000");
    static final String HIGH_UTILISATION = "C";

    private PacketAnalyserVerdict() {}

    /**
     * A real-time answer in the post's terms: the smallest interval that lost nothing, or the loss at the
     * reference interval when none did.
     *
     * @param solution as the tables name it ("Native G1", "C++ flat")
     * @param collector the collector's label, null for C++
     * @param buffers "heap" or "native", null for C++
     * @param postSolution false for mechsym's flat-parse Java
     * @param minCleanNs the smallest clean interval found, or null
     * @param lostPercentAtReference the loss at the first (reference) interval
     */
    record RealTimeCell(
            String solution,
            String collector,
            String buffers,
            boolean postSolution,
            String strategy,
            String caseLabel,
            Long minCleanNs,
            double lostPercentAtReference) {

        String text() {
            return minCleanNs != null
                    ? minCleanNs + " ns"
                    : String.format(Locale.ROOT, "lost %.3g%%", lostPercentAtReference);
        }

        /** Better is smaller: a clean interval beats any loss; two clean, the smaller; two lossy, the lesser loss. */
        static final Comparator<RealTimeCell> BETTER_FIRST = Comparator.comparing(
                        (RealTimeCell c) -> c.minCleanNs() == null)
                .thenComparingLong(c -> c.minCleanNs() == null ? 0 : c.minCleanNs())
                .thenComparingDouble(c -> c.minCleanNs() == null ? c.lostPercentAtReference() : 0);
    }

    static Verdict judge(List<BatchFigure> batch, List<RealTimeCell> realTime) {
        List<BatchFigure> post = batch.stream()
                .filter(f -> f.postSolution() && !f.strategy().equals("dummy"))
                .toList();
        List<RealTimeCell> postCells =
                realTime.stream().filter(RealTimeCell::postSolution).toList();
        List<Claim> claims = new ArrayList<>();
        for (String collector : POST_COLLECTORS) {
            claims.add(poolingBeatsAllocationInBatch(
                    "pooling faster than allocation in batch, " + collector,
                    post.stream().filter(f -> collector.equals(f.collector())).toList(),
                    f -> f.buffers() + " " + f.caseLabel()));
        }
        claims.add(poolingBeatsAllocationInBatch(
                "pooling faster than allocation in batch, C++ and flat C++",
                post.stream().filter(f -> !f.java()).toList(),
                f -> f.solution() + " " + f.caseLabel()));
        claims.add(poolingBeatsAllocationInRealTime(postCells));
        claims.add(mixAtLowUtilisation(post));
        claims.add(poolingAtHighUtilisation(post));
        for (String collector : POST_COLLECTORS.subList(1, POST_COLLECTORS.size())) {
            claims.add(collectorImprovesOnParallel(collector, postCells));
        }
        claims.add(flatCppFastestInBatch(post));
        claims.add(flatCppFastestInRealTime(postCells));
        return Verdict.fromClaims(claims);
    }

    /** Per group (buffers and case, or solution and case): pooling's median below allocation's. */
    private static Claim poolingBeatsAllocationInBatch(
            String claim, List<BatchFigure> figures, Function<BatchFigure, String> group) {
        Map<String, BatchFigure> alloc = byGroup(figures, "alloc", group);
        Map<String, BatchFigure> pool = byGroup(figures, "pool", group);
        List<String> text = new ArrayList<>();
        List<String> allocationFaster = new ArrayList<>();
        for (Map.Entry<String, BatchFigure> e : pool.entrySet()) {
            BatchFigure a = alloc.get(e.getKey());
            if (a == null) {
                continue;
            }
            double p = e.getValue().nsPerPacket().median();
            double al = a.nsPerPacket().median();
            text.add(String.format(Locale.ROOT, "%s: pooling %.0f vs allocation %.0f ns/packet", e.getKey(), p, al));
            if (p >= al) {
                allocationFaster.add(e.getKey());
            }
        }
        return everywhere(
                claim,
                text,
                allocationFaster,
                "Contradicted, against the post's 'to pool': allocation was faster than pooling in ",
                "pooling and allocation not both run in this profile");
    }

    /**
     * Holds when no group is an exception; undecided when no group was measured.
     *
     * @param text the figures of each group measured
     * @param exceptions the groups where the claim failed
     * @param exceptionsLead the words before the exceptions' names
     */
    private static Claim everywhere(
            String claim, List<String> text, List<String> exceptions, String exceptionsLead, String whenNone) {
        if (text.isEmpty()) {
            return Claim.inconclusive(claim, whenNone);
        }
        return Claim.judge(
                claim,
                exceptions.isEmpty(),
                String.join("; ", text)
                        + (exceptions.isEmpty() ? "" : ". " + exceptionsLead + String.join(", ", exceptions)));
    }

    private static Map<String, BatchFigure> byGroup(
            List<BatchFigure> figures, String strategy, Function<BatchFigure, String> group) {
        Map<String, BatchFigure> out = new LinkedHashMap<>();
        figures.stream().filter(f -> f.strategy().equals(strategy)).forEach(f -> out.put(group.apply(f), f));
        return out;
    }

    private static Claim poolingBeatsAllocationInRealTime(List<RealTimeCell> cells) {
        String claim = "pooling loses less than allocation in real time";
        Map<String, RealTimeCell> alloc = new LinkedHashMap<>();
        Map<String, RealTimeCell> pool = new LinkedHashMap<>();
        for (RealTimeCell c : cells) {
            String key = c.solution() + " " + c.caseLabel();
            if (c.strategy().equals("alloc")) {
                alloc.put(key, c);
            } else if (c.strategy().equals("pool")) {
                pool.put(key, c);
            }
        }
        List<RealTimeCell[]> pairs = new ArrayList<>();
        pool.forEach((key, p) ->
                Optional.ofNullable(alloc.get(key)).ifPresent(a -> pairs.add(new RealTimeCell[] {p, a})));
        return improves(
                claim,
                pairs,
                pair -> pair[0].solution() + " " + pair[0].caseLabel() + ": pooling " + pair[0].text()
                        + " vs allocation " + pair[1].text(),
                "no solution searched in real time with both pooling and allocation in this profile");
    }

    /**
     * Holds when the first of each pair is never worse than the second and better at least once; every pair
     * tied (both clean down to the smallest interval tried) does not decide.
     */
    private static Claim improves(
            String claim, List<RealTimeCell[]> pairs, Function<RealTimeCell[], String> describe, String whenNone) {
        if (pairs.isEmpty()) {
            return Claim.inconclusive(claim, whenNone);
        }
        int better = 0;
        int worse = 0;
        List<String> text = new ArrayList<>();
        for (RealTimeCell[] pair : pairs) {
            int c = RealTimeCell.BETTER_FIRST.compare(pair[0], pair[1]);
            better += c < 0 ? 1 : 0;
            worse += c > 0 ? 1 : 0;
            text.add(describe.apply(pair));
        }
        String figures = String.join("; ", text);
        if (better == 0 && worse == 0) {
            return Claim.inconclusive(claim, figures + ": tied, the intervals tried do not separate them");
        }
        return Claim.judge(claim, worse == 0, figures);
    }

    private static Claim mixAtLowUtilisation(List<BatchFigure> post) {
        String claim = "mix as fast as pooling at low utilisation (case A, within " + MIX_TOLERANCE + "x)";
        List<String> text = new ArrayList<>();
        List<String> slower = new ArrayList<>();
        for (BatchFigure[] pair : pairs(post, f -> LOW_UTILISATION.contains(f.caseLabel()), "mix", "pool")) {
            double mix = pair[0].nsPerPacket().median();
            double pool = pair[1].nsPerPacket().median();
            String key = pair[0].solution() + " " + pair[0].caseLabel();
            text.add(String.format(Locale.ROOT, "%s: mix %.0f vs pooling %.0f ns/packet", key, mix, pool));
            if (mix > MIX_TOLERANCE * pool) {
                slower.add(key);
            }
        }
        return everywhere(
                claim, text, slower, "Mix slower in ", "case A not run with both mix and pooling in this profile");
    }

    private static Claim poolingAtHighUtilisation(List<BatchFigure> post) {
        String claim = "pooling faster than mix at high utilisation (case C, most solutions)";
        List<String> text = new ArrayList<>();
        int poolFaster = 0;
        List<BatchFigure[]> pairs = pairs(post, f -> f.caseLabel().equals(HIGH_UTILISATION), "pool", "mix");
        for (BatchFigure[] pair : pairs) {
            double pool = pair[0].nsPerPacket().median();
            double mix = pair[1].nsPerPacket().median();
            text.add(String.format(
                    Locale.ROOT, "%s: pooling %.0f vs mix %.0f ns/packet", pair[0].solution(), pool, mix));
            poolFaster += pool < mix ? 1 : 0;
        }
        if (pairs.isEmpty()) {
            return Claim.inconclusive(claim, "case C not run with both mix and pooling in this profile");
        }
        return Claim.judge(
                claim,
                2 * poolFaster > pairs.size(),
                String.format(
                        Locale.ROOT,
                        "pooling faster in %d of %d: %s",
                        poolFaster,
                        pairs.size(),
                        String.join("; ", text)));
    }

    /** Per solution and case among the kept figures, the {@code first} strategy's figure beside the {@code second}'s. */
    private static List<BatchFigure[]> pairs(
            List<BatchFigure> figures, Predicate<BatchFigure> kept, String first, String second) {
        List<BatchFigure[]> out = new ArrayList<>();
        for (BatchFigure a : figures) {
            if (!kept.test(a) || !a.strategy().equals(first)) {
                continue;
            }
            figures.stream()
                    .filter(b -> b.strategy().equals(second)
                            && b.solution().equals(a.solution())
                            && b.caseLabel().equals(a.caseLabel()))
                    .findFirst()
                    .ifPresent(b -> out.add(new BatchFigure[] {a, b}));
        }
        return out;
    }

    private static Claim collectorImprovesOnParallel(String collector, List<RealTimeCell> cells) {
        String claim = collector + " loses less than Parallel (the post's 'CMS') in real time";
        List<RealTimeCell[]> pairs = new ArrayList<>();
        for (RealTimeCell c : cells) {
            if (!collector.equals(c.collector())) {
                continue;
            }
            cells.stream()
                    .filter(p -> PARALLEL.equals(p.collector())
                            && Objects.equals(p.buffers(), c.buffers())
                            && p.strategy().equals(c.strategy())
                            && p.caseLabel().equals(c.caseLabel()))
                    .findFirst()
                    .ifPresent(p -> pairs.add(new RealTimeCell[] {c, p}));
        }
        return improves(
                claim,
                pairs,
                pair -> pair[0].buffers() + " " + PacketAnalyserReport.postStrategy(pair[0].strategy()) + " case "
                        + pair[0].caseLabel() + ": " + collector + " " + pair[0].text() + " vs Parallel "
                        + pair[1].text(),
                "no real-time search of " + collector + " beside Parallel in this profile");
    }

    private static Claim flatCppFastestInBatch(List<BatchFigure> post) {
        String claim = "flat C++ fastest in batch";
        List<String> text = new ArrayList<>();
        List<String> beaten = new ArrayList<>();
        for (String caseLabel :
                post.stream().map(BatchFigure::caseLabel).distinct().toList()) {
            Optional<BatchFigure> flat = fastest(post, f -> f.caseLabel().equals(caseLabel) && isFlatCpp(f.solution()));
            Optional<BatchFigure> other =
                    fastest(post, f -> f.caseLabel().equals(caseLabel) && !isFlatCpp(f.solution()));
            if (flat.isEmpty() || other.isEmpty()) {
                continue;
            }
            double f = flat.get().nsPerPacket().median();
            double o = other.get().nsPerPacket().median();
            text.add(String.format(
                    Locale.ROOT,
                    "case %s: flat C++ %s %.0f vs next %s %s %.0f ns/packet",
                    caseLabel,
                    PacketAnalyserReport.postStrategy(flat.get().strategy()),
                    f,
                    other.get().solution(),
                    PacketAnalyserReport.postStrategy(other.get().strategy()),
                    o));
            if (f >= o) {
                beaten.add(caseLabel);
            }
        }
        return everywhere(
                claim, text, beaten, "Beaten in case ", "no flat C++ figure beside another solution's in this run");
    }

    private static Claim flatCppFastestInRealTime(List<RealTimeCell> cells) {
        String claim = "flat C++ fastest in real time";
        List<RealTimeCell[]> pairs = new ArrayList<>();
        for (String caseLabel :
                cells.stream().map(RealTimeCell::caseLabel).distinct().toList()) {
            Optional<RealTimeCell> flat = cells.stream()
                    .filter(c -> c.caseLabel().equals(caseLabel) && isFlatCpp(c.solution()))
                    .min(RealTimeCell.BETTER_FIRST);
            Optional<RealTimeCell> other = cells.stream()
                    .filter(c -> c.caseLabel().equals(caseLabel) && !isFlatCpp(c.solution()))
                    .min(RealTimeCell.BETTER_FIRST);
            if (flat.isPresent() && other.isPresent()) {
                pairs.add(new RealTimeCell[] {flat.get(), other.get()});
            }
        }
        return improves(
                claim,
                pairs,
                pair -> "case " + pair[0].caseLabel() + ": flat C++ " + pair[0].text() + " vs next "
                        + pair[1].solution() + " " + PacketAnalyserReport.postStrategy(pair[1].strategy()) + " "
                        + pair[1].text(),
                "flat C++ not searched in real time in this profile");
    }

    private static Optional<BatchFigure> fastest(List<BatchFigure> figures, Predicate<BatchFigure> kept) {
        return figures.stream()
                .filter(kept)
                .min(Comparator.comparingDouble(f -> f.nsPerPacket().median()));
    }

    private static boolean isFlatCpp(String solution) {
        return solution.equals("C++ flat");
    }
}
