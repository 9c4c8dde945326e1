package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import mechsym.lab.Measure;
import mechsym.lab.Rounds;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.tools.analyser.Strategy;

/**
 * The post's conclusions, each a sub-claim judged from a run's figures (the post's solutions only:
 * mechsym's flat-parse Java is left out). Pure: figures in, verdict out.
 *
 * <ol>
 *   <li>pooling is faster than allocation in batch, under each of the post's collectors (every buffer
 *       kind and case measured) and in C++: per round, pooling's ns/packet over allocation's, at most 1;
 *   <li>pooling loses less than allocation in real time;
 *   <li>mix is as good as pooling at low utilisation (case A): mix over pooling at most {@link
 *       #MIX_TOLERANCE}, mechsym's reading of "very good";
 *   <li>pooling better as utilisation grows (case C: pooling over mix at most 1 for most solutions);
 *   <li>G1, and ZGC, improve on Parallel (the post's "CMS") in real time;
 *   <li>flat C++ is the fastest solution, in batch (per round, its best over the next solution's best,
 *       at most 1) and in real time.
 * </ol>
 *
 * A ratio decides through its per-round values (both sides measured in the same round, interleaved).
 * A real-time comparison scores each round +1 (the claimed side lost less), -1 (more) or 0 (tied), and
 * holds when every round scores +1; its cells come from min-interval searches (full) or from trials at
 * the post's 1,000 ns (quick: clean there beats any loss, two losses compare by the share lost, two
 * clean tie). A sub-claim the run did not measure is inconclusive, saying which profile decides it, and
 * at what size.
 */
final class PacketAnalyserClaims {
    /** Mix "very good" at low utilisation: at most this factor of pooling's ns/packet. */
    static final double MIX_TOLERANCE = 1.1;

    static final String PARALLEL = Collector.PARALLEL.label();
    static final List<Collector> POST_COLLECTORS = List.of(Collector.PARALLEL, Collector.G1, Collector.ZGC);
    static final List<String> LOW_UTILISATION = List.of("A", "A1000");
    static final String HIGH_UTILISATION = "C";

    /** Why a real-time sub-claim is undecided when the run has neither searches nor reference trials. */
    static final String REAL_TIME_SIZE = "not run in this profile: `--profile full` searches every configuration"
            + " (5 s start-up and 10 s windows per trial, in cases A, B and C); the quick profile tries case A at the"
            + " post's 1,000 ns in windows long enough to hold a young collection";

    /** Why flat C++ in real time needs a search: at 1,000 ns the post's flat C++ and best Java both lose nothing. */
    static final String FLAT_REAL_TIME_SIZE = "decided at the post's size only: `--profile full` (a min-interval"
            + " search per configuration, 5 s start-up and 10 s windows per trial, in cases A, B and C: at the"
            + " post's 1,000 ns flat C++ and its best Java both lose nothing, so only the smallest clean interval"
            + " tells them apart)";

    static final String CASE_C_SIZE = "decided at the post's size only: `--profile full` (case C: 495,000 packets"
            + " queued and 495,000 stored, of a pool of 1,000,000)";

    private PacketAnalyserClaims() {}

    static Verdict judge(PacketAnalyserFigures figures) {
        List<BatchFigure> post = figures.batch().stream()
                .filter(f -> f.solution().post() && f.strategy() != Strategy.DUMMY && f.hasFigures())
                .toList();
        List<RealTimeCell> cells =
                figures.realTime().stream().filter(c -> c.solution().post()).toList();
        List<Claim> claims = new ArrayList<>();
        for (Collector collector : POST_COLLECTORS) {
            claims.add(poolingBeatsAllocationInBatch(
                    "pooling faster than allocation in batch, " + collector.label(),
                    post.stream()
                            .filter(f -> collector.equals(f.solution().collector()))
                            .toList(),
                    f -> f.solution().buffers().label() + " " + f.caseLabel()));
        }
        claims.add(poolingBeatsAllocationInBatch(
                "pooling faster than allocation in batch, C++ and flat C++",
                post.stream().filter(f -> !f.solution().java()).toList(),
                f -> f.solution().name() + " " + f.caseLabel()));
        claims.add(poolingBeatsAllocationInRealTime(cells));
        claims.add(mixAtLowUtilisation(post));
        claims.add(poolingAtHighUtilisation(post));
        for (Collector collector : POST_COLLECTORS.subList(1, POST_COLLECTORS.size())) {
            claims.add(collectorImprovesOnParallel(collector.label(), cells));
        }
        claims.add(flatCppFastestInBatch(post));
        claims.add(flatCppFastestInRealTime(cells));
        return Verdict.fromClaims(claims);
    }

    // ---- batch ----

    /** Per group (buffers and case, or solution and case): pooling over allocation, round by round, at most 1. */
    private static Claim poolingBeatsAllocationInBatch(
            String claim, List<BatchFigure> figures, Function<BatchFigure, String> group) {
        List<Claim> parts = strategyRatios(claim, figures, group, Strategy.POOL, Strategy.ALLOC, 1.0);
        return everywhere(claim, parts, "pooling and allocation not both measured in this run");
    }

    private static Claim mixAtLowUtilisation(List<BatchFigure> post) {
        String claim = "mix as fast as pooling at low utilisation (case A, within " + MIX_TOLERANCE + "x)";
        List<BatchFigure> low = post.stream()
                .filter(f -> LOW_UTILISATION.contains(f.caseLabel()))
                .toList();
        List<Claim> parts =
                strategyRatios(
                                claim,
                                low,
                                PacketAnalyserClaims::solutionAndCase,
                                Strategy.MIX,
                                Strategy.POOL,
                                MIX_TOLERANCE)
                        .stream()
                        .map(Claim::withOurLine)
                        .toList();
        return everywhere(
                claim,
                parts,
                "case A not run with both mix and pooling in this run (the quick and full profiles run it)");
    }

    private static Claim poolingAtHighUtilisation(List<BatchFigure> post) {
        String claim = "pooling faster than mix at high utilisation (case C, most solutions)";
        List<BatchFigure> high = post.stream()
                .filter(f -> f.caseLabel().equals(HIGH_UTILISATION))
                .toList();
        List<Claim> parts = strategyRatios(claim, high, f -> f.solution().name(), Strategy.POOL, Strategy.MIX, 1.0);
        if (parts.isEmpty()) {
            return Claim.inconclusive(claim, CASE_C_SIZE);
        }
        long holds =
                parts.stream().filter(p -> p.outcome() == Outcome.REPRODUCED).count();
        long fails = parts.stream()
                .filter(p -> p.outcome() == Outcome.NOT_REPRODUCED)
                .count();
        Outcome outcome = 2 * holds > parts.size()
                ? Outcome.REPRODUCED
                : 2 * fails >= parts.size() ? Outcome.NOT_REPRODUCED : Outcome.INCONCLUSIVE;
        String reason = String.format(
                Locale.ROOT, "pooling faster in %d of %d, mix in %d: %s", holds, parts.size(), fails, reasons(parts));
        return new Claim(claim, outcome, reason, deciding(parts, outcome).measure(), false);
    }

    private static Claim flatCppFastestInBatch(List<BatchFigure> post) {
        String claim = "flat C++ fastest in batch";
        List<Claim> parts = new ArrayList<>();
        for (String caseLabel :
                post.stream().map(BatchFigure::caseLabel).distinct().toList()) {
            List<BatchFigure> flat = post.stream()
                    .filter(f -> f.caseLabel().equals(caseLabel) && f.solution().flatCpp())
                    .toList();
            List<BatchFigure> others = post.stream()
                    .filter(f ->
                            f.caseLabel().equals(caseLabel) && !f.solution().flatCpp())
                    .toList();
            if (flat.isEmpty() || others.isEmpty()) {
                continue;
            }
            BatchFigure bestFlat = fastest(flat);
            BatchFigure next = fastest(others);
            Optional<Measure> m = ratio(bestPerRound(flat), bestPerRound(others));
            String text = String.format(
                    Locale.ROOT,
                    "case %s: flat C++ %s %.0f vs next %s %.0f ns/packet, the best of each per round",
                    caseLabel,
                    PacketAnalyserReport.postStrategy(bestFlat.strategy()),
                    bestFlat.median(),
                    next.configuration(),
                    next.median());
            m.ifPresent(measure -> parts.add(Claim.atMost(claim, measure, 1.0, text)));
        }
        return everywhere(claim, parts, "no flat C++ figure beside another solution's in this run");
    }

    // ---- real time ----

    private static Claim poolingBeatsAllocationInRealTime(List<RealTimeCell> cells) {
        String claim = "pooling loses less than allocation in real time";
        Map<String, List<RealTimeCell>> pool =
                groups(cells, Strategy.POOL, c -> c.solution().name() + " " + c.caseLabel());
        Map<String, List<RealTimeCell>> alloc =
                groups(cells, Strategy.ALLOC, c -> c.solution().name() + " " + c.caseLabel());
        List<Claim> parts = new ArrayList<>();
        pool.forEach((key, p) -> Optional.ofNullable(alloc.get(key))
                .ifPresent(a -> parts.add(betterEveryRound(claim, key + ": pooling vs allocation", p, a))));
        return everywhere(claim, parts, REAL_TIME_SIZE);
    }

    private static Claim collectorImprovesOnParallel(String collector, List<RealTimeCell> cells) {
        String claim = collector + " loses less than Parallel (the post's 'CMS') in real time";
        Function<RealTimeCell, String> key = c -> c.solution().buffers().label() + " "
                + PacketAnalyserReport.postStrategy(c.strategy()) + " case " + c.caseLabel();
        List<RealTimeCell> java =
                cells.stream().filter(c -> c.solution().java()).toList();
        Map<String, List<RealTimeCell>> ours = new LinkedHashMap<>();
        Map<String, List<RealTimeCell>> parallel = new LinkedHashMap<>();
        for (RealTimeCell c : java) {
            String label = c.solution().collector().label();
            if (label.equals(collector)) {
                ours.computeIfAbsent(key.apply(c), k -> new ArrayList<>()).add(c);
            } else if (label.equals(PARALLEL)) {
                parallel.computeIfAbsent(key.apply(c), k -> new ArrayList<>()).add(c);
            }
        }
        List<Claim> parts = new ArrayList<>();
        ours.forEach((k, c) -> Optional.ofNullable(parallel.get(k))
                .ifPresent(p -> parts.add(betterEveryRound(claim, k + ": " + collector + " vs Parallel", c, p))));
        return everywhere(claim, parts, REAL_TIME_SIZE);
    }

    private static Claim flatCppFastestInRealTime(List<RealTimeCell> cells) {
        String claim = "flat C++ fastest in real time";
        List<Claim> parts = new ArrayList<>();
        for (String caseLabel :
                cells.stream().map(RealTimeCell::caseLabel).distinct().toList()) {
            List<RealTimeCell> flat = bestCellPerRound(
                    cells, c -> c.caseLabel().equals(caseLabel) && c.solution().flatCpp());
            List<RealTimeCell> others = bestCellPerRound(
                    cells, c -> c.caseLabel().equals(caseLabel) && !c.solution().flatCpp());
            if (!flat.isEmpty() && !others.isEmpty()) {
                parts.add(betterEveryRound(claim, "case " + caseLabel + ": flat C++ vs the next", flat, others));
            }
        }
        return everywhere(claim, parts, FLAT_REAL_TIME_SIZE);
    }

    /**
     * Per round both sides searched: +1 when {@code first} lost less, -1 more, 0 tied; holds when every
     * round scores +1 (one round does not decide), undecided when every round tied.
     */
    private static Claim betterEveryRound(
            String claim, String what, List<RealTimeCell> first, List<RealTimeCell> second) {
        Map<Integer, RealTimeCell> byRound = new TreeMap<>();
        second.forEach(c -> byRound.put(c.round(), c));
        List<Double> scores = new ArrayList<>();
        List<String> text = new ArrayList<>();
        for (RealTimeCell a : first) {
            RealTimeCell b = byRound.get(a.round());
            if (b == null) {
                continue;
            }
            int c = RealTimeCell.BETTER_FIRST.compare(a, b);
            scores.add(c < 0 ? 1.0 : c > 0 ? -1.0 : 0.0);
            text.add(a.text() + " vs " + b.text());
        }
        String figures = what + " " + String.join(", ", text)
                + " (a round scores +1 where the first lost less, -1 more, 0 tied)";
        if (scores.isEmpty()) {
            return Claim.inconclusive(claim, what + ": no round searched both");
        }
        if (scores.stream().allMatch(s -> s == 0)) {
            return Claim.inconclusive(claim, figures + ": tied, the intervals tried do not separate them");
        }
        return Claim.atLeast(claim, Measure.of(scores, "score"), 0.5, figures);
    }

    /** Per round, the best cell among those kept. */
    private static List<RealTimeCell> bestCellPerRound(List<RealTimeCell> cells, Predicate<RealTimeCell> kept) {
        Map<Integer, RealTimeCell> best = new TreeMap<>();
        cells.stream()
                .filter(kept)
                .forEach(c -> best.merge(c.round(), c, (a, b) -> RealTimeCell.BETTER_FIRST.compare(a, b) <= 0 ? a : b));
        return List.copyOf(best.values());
    }

    private static Map<String, List<RealTimeCell>> groups(
            List<RealTimeCell> cells, Strategy strategy, Function<RealTimeCell, String> key) {
        Map<String, List<RealTimeCell>> out = new LinkedHashMap<>();
        cells.stream()
                .filter(c -> c.strategy() == strategy)
                .forEach(c -> out.computeIfAbsent(key.apply(c), k -> new ArrayList<>())
                        .add(c));
        return out;
    }

    // ---- shared ----

    /**
     * Per group with both strategies, {@code first}'s ns/packet over {@code second}'s round by round,
     * judged at most {@code line}.
     */
    private static List<Claim> strategyRatios(
            String claim,
            List<BatchFigure> figures,
            Function<BatchFigure, String> group,
            Strategy first,
            Strategy second,
            double line) {
        List<Claim> parts = new ArrayList<>();
        for (BatchFigure[] pair : pairs(figures, group, first, second)) {
            parts.add(ratioAtMost(
                    claim,
                    pair[0],
                    pair[1],
                    line,
                    String.format(
                            Locale.ROOT,
                            "%s: %s %.0f vs %s %.0f ns/packet, %s / %s",
                            group.apply(pair[0]),
                            word(first),
                            pair[0].median(),
                            word(second),
                            pair[1].median(),
                            word(first),
                            word(second))));
        }
        return parts;
    }

    private static String word(Strategy strategy) {
        return switch (strategy) {
            case DUMMY -> "dummy";
            case ALLOC -> "allocation";
            case MIX -> "mix";
            case POOL -> "pooling";
        };
    }

    /** {@code first}'s rounds over {@code second}'s, judged at most {@code line}. */
    private static Claim ratioAtMost(String claim, BatchFigure first, BatchFigure second, double line, String text) {
        return ratio(first.nsPerRound(), second.nsPerRound())
                .map(m -> Claim.atMost(claim, m, line, text))
                .orElseGet(() -> Claim.inconclusive(claim, text + ": no round measured both"));
    }

    /** The per-round ratios of the rounds both sides measured, or empty when none did. */
    static Optional<Measure> ratio(List<Double> ours, List<Double> theirs) {
        List<Double> ratios =
                Rounds.ratios(ours, theirs).stream().filter(r -> !r.isNaN()).toList();
        return ratios.isEmpty() ? Optional.empty() : Optional.of(Measure.of(ratios, "x"));
    }

    /** Per round, the smallest of the figures' values (NaN where none measured that round). */
    static List<Double> bestPerRound(List<BatchFigure> figures) {
        int rounds = figures.stream().mapToInt(f -> f.nsPerRound().size()).max().orElse(0);
        List<Double> best = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            double min = Double.NaN;
            for (BatchFigure f : figures) {
                double v = r < f.nsPerRound().size() ? f.nsPerRound().get(r) : Double.NaN;
                if (!Double.isNaN(v) && (Double.isNaN(min) || v < min)) {
                    min = v;
                }
            }
            best.add(min);
        }
        return best;
    }

    static BatchFigure fastest(List<BatchFigure> figures) {
        return figures.stream()
                .min(Comparator.comparingDouble(BatchFigure::median))
                .orElseThrow();
    }

    /** Per group, the {@code first} strategy's figure beside the {@code second}'s. */
    private static List<BatchFigure[]> pairs(
            List<BatchFigure> figures, Function<BatchFigure, String> group, Strategy first, Strategy second) {
        List<BatchFigure[]> out = new ArrayList<>();
        for (BatchFigure a : figures) {
            if (a.strategy() != first) {
                continue;
            }
            figures.stream()
                    .filter(b -> b.strategy() == second && group.apply(b).equals(group.apply(a)))
                    .findFirst()
                    .ifPresent(b -> out.add(new BatchFigure[] {a, b}));
        }
        return out;
    }

    private static String solutionAndCase(BatchFigure f) {
        return f.solution().name() + " " + f.caseLabel();
    }

    /**
     * A claim made of parts that must each hold: not reproduced when one part is not, undecided when
     * one is undecided and none fails, reproduced when all hold; the deciding part's measure is kept.
     */
    static Claim everywhere(String claim, List<Claim> parts, String whenNone) {
        if (parts.isEmpty()) {
            return Claim.inconclusive(claim, whenNone);
        }
        Outcome outcome = parts.stream().anyMatch(p -> p.outcome() == Outcome.NOT_REPRODUCED)
                ? Outcome.NOT_REPRODUCED
                : parts.stream().anyMatch(p -> p.outcome() == Outcome.INCONCLUSIVE)
                        ? Outcome.INCONCLUSIVE
                        : Outcome.REPRODUCED;
        boolean ourLine = parts.stream().anyMatch(Claim::lineIsOurs);
        return new Claim(
                claim, outcome, reasons(parts), deciding(parts, outcome).measure(), ourLine);
    }

    /** The part that decided: the first with the outcome, else the first. */
    private static Claim deciding(List<Claim> parts, Outcome outcome) {
        return parts.stream()
                .filter(p -> p.outcome() == outcome && p.measure() != null)
                .findFirst()
                .orElse(parts.getFirst());
    }

    private static String reasons(List<Claim> parts) {
        return String.join(
                "; ", parts.stream().map(Claim::reason).filter(Objects::nonNull).toList());
    }
}
