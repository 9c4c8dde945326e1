package mechsym.lab.rigs.pingpong;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.tools.latency.CpuAffinity;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;

/**
 * Two CPUs for a two-thread measurement, chosen by the machine's topology ({@link CpuTopology}) for
 * one {@link Placement}: one logical CPU, SMT siblings of one core, two cores of a socket, or two
 * sockets. Immutable.
 *
 * @param placement where the two threads sit relative to each other
 * @param first the first thread's CPU
 * @param second the second thread's CPU ({@code first} for {@link Placement#ONE_CPU})
 */
public record CpuPair(Placement placement, int first, int second) {

    /** The pair for {@code placement} on this machine; empty when it has none or cannot pin threads. */
    public static Optional<CpuPair> here(Placement placement) {
        return CpuAffinity.isSupported() ? of(CpuTopology.ofThisProcess(), placement) : Optional.empty();
    }

    /** The pair for {@code placement} in {@code topology}; empty when it has none. */
    public static Optional<CpuPair> of(CpuTopology topology, Placement placement) {
        return topology.pair(placement).map(p -> new CpuPair(placement, p.first(), p.second()));
    }

    /** Every placement this machine offers, in {@link Placement} order; empty when it cannot pin threads. */
    public static List<CpuPair> allHere() {
        if (!CpuAffinity.isSupported()) {
            return List.of();
        }
        CpuTopology topology = CpuTopology.ofThisProcess();
        List<CpuPair> pairs = new ArrayList<>();
        for (Placement p : Placement.values()) {
            of(topology, p).ifPresent(pairs::add);
        }
        return pairs;
    }

    /**
     * A sub-claim of the post, made at {@code placement}, that this machine cannot show because it has
     * no such pair; empty when it has one. Names the hardware: "SMT siblings", "two sockets".
     */
    public static Optional<Claim> notMeasurableHere(CpuTopology topology, Placement placement, String claim) {
        return topology.absence(placement)
                .map(why -> Claim.notMeasurableHere(claim, needs(placement), "This machine has " + why + "."));
    }

    /**
     * {@code verdict} with the post's sub-claims about placements added: those judged at a placement
     * this machine has, and those it cannot show ({@link #notMeasurableHere}). A verdict made of
     * sub-claims takes them in through {@link Verdict#fromClaims}; a single-statement verdict becomes
     * one sub-claim beside them, unless it is PARTLY (which stays PARTLY whatever they say) or they are
     * all not measurable here (counted neither way): then they are listed after its reason.
     *
     * @param whole the claim the single-statement verdict judged, as a sub-claim
     */
    public static Verdict withPlacementClaims(Verdict verdict, String whole, List<Claim> placementClaims) {
        if (placementClaims.isEmpty()) {
            return verdict;
        }
        List<Claim> claims = new ArrayList<>(verdict.claims());
        if (!claims.isEmpty()) {
            claims.addAll(placementClaims);
            return Verdict.fromClaims(claims);
        }
        boolean allNotMeasurable =
                placementClaims.stream().allMatch(c -> c.outcome() == Verdict.Outcome.NOT_MEASURABLE_HERE);
        if (verdict.outcome() != Verdict.Outcome.PARTLY && !allNotMeasurable) {
            claims.add(new Claim(whole, verdict.outcome(), verdict.reason()));
            claims.addAll(placementClaims);
            return Verdict.fromClaims(claims);
        }
        StringBuilder reason = new StringBuilder(
                verdict.reason() == null ? "" : verdict.reason().strip());
        if (!reason.isEmpty() && reason.charAt(reason.length() - 1) != '.') {
            reason.append('.');
        }
        for (Claim c : placementClaims) {
            reason.append(reason.isEmpty() ? "" : " ")
                    .append(c.claim())
                    .append(": ")
                    .append(Verdict.label(c.outcome()))
                    .append(" (")
                    .append(c.reason())
                    .append(").");
        }
        return new Verdict(verdict.outcome(), reason.toString(), placementClaims);
    }

    /** The hardware a placement needs. */
    static String needs(Placement placement) {
        return switch (placement) {
            case ONE_CPU -> "a CPU this process may pin to";
            case SAME_CORE -> "SMT siblings (two hardware threads of one core)";
            case CROSS_CORE -> ">= 2 cores on one socket";
            case CROSS_SOCKET -> "two sockets";
        };
    }

    /** Whether both threads sit on one logical CPU. */
    public boolean oneCpu() {
        return first == second;
    }

    /** "two cores, one socket, pinned (0 | 1)"; "one CPU, pinned (0 | 0)". */
    public String label() {
        String where = switch (placement) {
            case ONE_CPU -> "one CPU";
            case SAME_CORE -> "SMT siblings, one core";
            case CROSS_CORE -> "two cores, one socket";
            case CROSS_SOCKET -> "two sockets";
        };
        return where + ", pinned (" + first + " | " + second + ")";
    }
}
