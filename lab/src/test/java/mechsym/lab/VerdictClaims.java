package mechsym.lab;

/** Tests' access to one sub-claim of a verdict. */
public final class VerdictClaims {
    private VerdictClaims() {}

    /** The verdict's first sub-claim whose text starts with {@code prefix}; fails when there is none. */
    public static Verdict.Claim of(Verdict verdict, String prefix) {
        return verdict.claims().stream()
                .filter(c -> c.claim().startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no sub-claim starting '" + prefix + "' in " + verdict));
    }
}
