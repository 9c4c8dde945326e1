package mechsym.tools.gateway;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.locks.LockSupport;

/**
 * What one transaction does: spin, sleep or hash for the configured time, and the answer's body.
 * One instance per service thread (the digest is not thread-safe).
 */
final class TransactionWork implements TransactionService.Work {
    private static final byte[] OK = "ok\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DEFAULT_PAYLOAD = new byte[256];

    private final WorkKind kind;
    private final long nanos;
    private final MessageDigest sha256;
    private final int hashRounds;

    TransactionWork(WorkKind kind, double transactionMicros) {
        this.kind = kind;
        this.nanos = (long) (transactionMicros * 1000);
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
        this.hashRounds = kind == WorkKind.HASH ? calibrateRounds() : 0;
    }

    /** How many SHA-256 rounds over the default payload fill the transaction time on this machine. */
    private int calibrateRounds() {
        if (nanos == 0) {
            return 1;
        }
        for (int i = 0; i < 20_000; i++) { // warm the digest up so that the timing is C2's
            hash(DEFAULT_PAYLOAD, 1);
        }
        int rounds = 10_000;
        long start = System.nanoTime();
        hash(DEFAULT_PAYLOAD, rounds);
        double perRound = (System.nanoTime() - start) / (double) rounds;
        return (int) Math.max(1, Math.round(nanos / perRound));
    }

    /** The SHA-256 rounds a HASH transaction runs (1 for the other kinds). */
    int hashRounds() {
        return Math.max(1, hashRounds);
    }

    /** Runs one transaction over {@code body} and returns the answer's body. */
    @Override
    public byte[] run(byte[] body) {
        switch (kind) {
            case SPIN -> {
                if (nanos > 0) {
                    long end = System.nanoTime() + nanos;
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                }
                return OK;
            }
            case SLEEP -> {
                if (nanos > 0) {
                    long end = System.nanoTime() + nanos;
                    for (long left = nanos; left > 0; left = end - System.nanoTime()) {
                        LockSupport.parkNanos(left);
                    }
                }
                return OK;
            }
            default -> {
                byte[] digest = hash(body.length == 0 ? DEFAULT_PAYLOAD : body, hashRounds());
                return (HexFormat.of().formatHex(digest) + "\n").getBytes(StandardCharsets.US_ASCII);
            }
        }
    }

    /** SHA-256 of {@code input}, then of the digest, {@code rounds} times in all. */
    private byte[] hash(byte[] input, int rounds) {
        byte[] digest = sha256.digest(input);
        for (int i = 1; i < rounds; i++) {
            digest = sha256.digest(digest);
        }
        return digest;
    }
}
