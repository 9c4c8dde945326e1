/**
 * jcstress tests of {@code mechsym.core.concurrent}: each test makes one claim from the core's
 * Javadoc and runs it millions of times across threads, counting every outcome. Outcomes the claim
 * allows are {@code ACCEPTABLE} with a sentence saying how they arise; every other outcome is
 * {@code FORBIDDEN} through a catch-all, so an unexpected result fails the run.
 *
 * <p>Read in order: 1 the sequence's release/acquire pair, 2-4 the SPSC queue (publication, FIFO
 * with no loss, full), 5-6 the MPSC queue (two producers: no loss, no duplicate, FIFO per producer;
 * full), 7-8 the ring buffer (single- and multi-producer publication), 9 a consumer pipeline (stage
 * B never sees an event stage A has not processed), 10 fan-out with wrap-around (both consumers see
 * every event; the producer never laps either), 11 a full multi-producer ring ({@code tryNext}
 * fails and claims nothing), 12 the blocking and sleeping wait strategies (termination tests: no
 * lost wake-up after a publish or an alert), 13 a consumer added while the producer runs is never
 * lapped, 14 a batch claimed with {@code next(n)} and published with {@code publish(lo, hi)}, 15 the
 * SPSC queue's look-ahead of four slots and {@code drain}, 16 occupancy reports alternate with two
 * producers, 17 {@code halt} racing {@code run} (termination), 18 the SPSC queue's {@code fill}
 * racing a consumer, 19 the MPSC queue's {@code fill} from two producers (one claim per batch).
 *
 * <p><b>Negative controls.</b> Each family (sequence, SPSC queue, MPSC queue, ring buffer, wake-up)
 * has a {@code Broken*Test}: a deliberate misuse (a read-modify-write without an atomic, two
 * producers (or two batch fills) on a single-producer structure, two consumers on a single-consumer one, a blocking wait
 * that checks outside its lock) whose bad outcome is marked {@code ACCEPTABLE_INTERESTING}, so
 * jcstress reports it without failing. {@link
 * mechsym.stress.NegativeControls} then fails the build unless each control the test selection
 * includes ran and showed its bug:
 * proof, on every run, that the harness can catch what the real tests look for.
 *
 * <p>Every test has at most two actors (plus an arbiter): jcstress silently skips tests with more
 * actors than the machine has CPUs, and CI has two. A consumer that also produces (test 5) or a
 * producer that then looks (tests 8-10) keeps a third party in the test without a third thread.
 * Consumers look with {@code SequenceBarrier.tryWaitFor}, which never waits, so that an actor never
 * spins on another.
 *
 * <p>Run: {@code ./mvnw -pl core,stress -am verify -Djcstress.mode=quick} (CI), or {@code java
 * -jar stress/target/jcstress.jar -m quick -t SpscQueue} for one test.
 */
package mechsym.stress.concurrent;
