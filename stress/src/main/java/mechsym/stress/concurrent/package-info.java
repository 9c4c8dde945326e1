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
 * lost wake-up after a publish or an alert).
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
