package mechsym.lab.ledger;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mechsym.lab.results.LabRun;

/**
 * The last runs of one machine and profile, and each figure's between-run noise over them: what
 * {@code lab compare --baseline ledger} judges a run against. Between-run noise is larger than the
 * spread inside one run (Kalibera &amp; Jones 2013), so a change is only a change beyond it.
 *
 * <p>An immutable value.
 *
 * @param machineId the machine the runs are of
 * @param runs the runs, oldest first, at most the number asked for; the run being compared is never
 *     among them
 * @param noise each figure (keyed as {@link FigureKey#rowKeys} keys rows) that at least two of the runs have
 */
public record LedgerBaseline(String machineId, String profile, List<RecordedRun> runs, Map<FigureKey, Noise> noise) {
    /** How many of the latest runs a baseline takes by default. */
    public static final int DEFAULT_RUNS = 10;

    public LedgerBaseline {
        runs = List.copyOf(runs);
        noise = Map.copyOf(noise);
    }

    /**
     * One figure's medians over the baseline's runs.
     *
     * @param values the figure in each run that has it, oldest first
     * @param median the median of {@code values}
     * @param relativeSpread {@code (max - min) / |median|}: how far this figure moves between runs on
     *     this machine, as a share of its size (0.08 = 8%); NaN when the median is 0
     * @param relativeMad the median absolute deviation over |median|, a spread one outlying run does not widen
     */
    public record Noise(
            FigureKey key, String unit, List<Double> values, double median, double relativeSpread, double relativeMad) {
        public Noise {
            values = List.copyOf(values);
        }

        static Noise of(FigureKey key, String unit, List<Double> values) {
            double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
            double median = ChangePoints.median(v);
            double spread = Arrays.stream(v).max().orElseThrow()
                    - Arrays.stream(v).min().orElseThrow();
            double[] deviations =
                    Arrays.stream(v).map(x -> Math.abs(x - median)).toArray();
            double scale = Math.abs(median);
            return new Noise(
                    key,
                    unit,
                    values,
                    median,
                    scale == 0 ? Double.NaN : spread / scale,
                    scale == 0 ? Double.NaN : ChangePoints.median(deviations) / scale);
        }
    }

    /** The runs' results.json files as recorded (paths on the host that recorded them; null where unknown). */
    public List<Path> resultsFiles() {
        return runs.stream()
                .map(r -> r.resultsPath() == null ? null : Path.of(r.resultsPath()))
                .toList();
    }

    /** The noise of one figure, or null when fewer than two of the runs have it. */
    public Noise noise(FigureKey key) {
        return noise.get(key);
    }

    /**
     * A figure's between-run noise as a fraction ({@link Noise#relativeSpread}), or {@code unknown}
     * when fewer than two of the runs have it or its median is zero.
     */
    public double relativeSpreadOr(FigureKey key, double unknown) {
        Noise n = noise.get(key);
        return n == null || !Double.isFinite(n.relativeSpread()) ? unknown : n.relativeSpread();
    }

    /**
     * The baseline for {@code run}: the last {@code lastRuns} runs of its machine and profile in the
     * ledger, without {@code run} itself (when it is recorded there too).
     *
     * @throws LedgerException when the ledger cannot be opened or read
     */
    public static LedgerBaseline forRun(LedgerLocation location, LabRun run, int lastRuns) throws LedgerException {
        MachineFingerprint machine = MachineFingerprint.of(run.environment());
        try (Ledger ledger = Ledger.open(location)) {
            return of(ledger, machine.machineId(), run.profile(), lastRuns, Ledger.runId(run, machine));
        }
    }

    /**
     * The baseline for comparing {@code runs} with each other: the last {@code lastRuns} runs of their
     * machine and profile in the ledger, without any of them; empty when they are not all of one machine
     * and profile, or when the ledger is a file that does not exist (reading never creates one).
     *
     * @throws LedgerException when the ledger exists but cannot be opened or read
     */
    public static java.util.Optional<LedgerBaseline> forComparing(
            LedgerLocation location, List<LabRun> runs, int lastRuns) throws LedgerException {
        Set<String> machines = new java.util.HashSet<>();
        Set<String> profiles = new java.util.HashSet<>();
        Set<String> runIds = new java.util.HashSet<>();
        for (LabRun run : runs) {
            MachineFingerprint machine = MachineFingerprint.of(run.environment());
            machines.add(machine.machineId());
            profiles.add(String.valueOf(run.profile()));
            runIds.add(Ledger.runId(run, machine));
        }
        if (machines.size() != 1
                || profiles.size() != 1
                || location.file() != null && !java.nio.file.Files.isRegularFile(location.file())) {
            return java.util.Optional.empty();
        }
        try (Ledger ledger = Ledger.open(location)) {
            return java.util.Optional.of(
                    of(ledger, machines.iterator().next(), runs.getFirst().profile(), lastRuns, runIds));
        }
    }

    /**
     * The last {@code lastRuns} runs of a machine (and profile, unless null) in the ledger, leaving
     * out the run {@code excludedRunId} (or none, when null).
     */
    public static LedgerBaseline of(Ledger ledger, String machineId, String profile, int lastRuns, String excludedRunId)
            throws LedgerException {
        return of(ledger, machineId, profile, lastRuns, excludedRunId == null ? Set.of() : Set.of(excludedRunId));
    }

    /**
     * The last {@code lastRuns} runs of a machine (and profile, unless null) in the ledger, leaving
     * out the runs {@code excludedRunIds}: the runs being compared are never their own noise.
     */
    public static LedgerBaseline of(
            Ledger ledger, String machineId, String profile, int lastRuns, Set<String> excludedRunIds)
            throws LedgerException {
        List<RecordedRun> all = ledger.runs(machineId).stream()
                .filter(r -> profile == null || r.profile().equals(profile))
                .filter(r -> !excludedRunIds.contains(r.runId()))
                .toList();
        List<RecordedRun> last = all.subList(Math.max(0, all.size() - lastRuns), all.size());
        Map<FigureKey, List<Double>> values = new LinkedHashMap<>();
        Map<FigureKey, String> units = new LinkedHashMap<>();
        for (Ledger.StoredFigure f :
                ledger.figures(last.stream().map(RecordedRun::runId).toList())) {
            values.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f.value());
            units.putIfAbsent(f.key(), f.unit());
        }
        Map<FigureKey, Noise> noise = new LinkedHashMap<>();
        values.forEach((key, v) -> {
            if (v.size() >= 2) {
                noise.put(key, Noise.of(key, units.get(key), v));
            }
        });
        return new LedgerBaseline(machineId, profile, last, noise);
    }
}
