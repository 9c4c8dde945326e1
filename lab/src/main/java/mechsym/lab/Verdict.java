package mechsym.lab;

/**
 * Whether this run reproduced the seed's claim, computed from this run's figures.
 *
 * @param outcome the answer
 * @param reason one or two sentences quoting the figures that decided it
 */
public record Verdict(Outcome outcome, String reason) {

    public enum Outcome {
        REPRODUCED,
        PARTLY,
        NOT_REPRODUCED,
        INCONCLUSIVE
    }

    public static Verdict reproduced(String reason) {
        return new Verdict(Outcome.REPRODUCED, reason);
    }

    public static Verdict partly(String reason) {
        return new Verdict(Outcome.PARTLY, reason);
    }

    public static Verdict notReproduced(String reason) {
        return new Verdict(Outcome.NOT_REPRODUCED, reason);
    }

    public static Verdict inconclusive(String reason) {
        return new Verdict(Outcome.INCONCLUSIVE, reason);
    }
}
