/**
 * jcstress tests of {@code mechsym.core.concurrent}: each test makes one claim from the core's
 * Javadoc and runs it millions of times across threads, counting every outcome. Outcomes the claim
 * allows are {@code ACCEPTABLE} with a sentence saying how they arise; every other outcome is
 * {@code FORBIDDEN} through a catch-all, so an unexpected result fails the run.
 *
 * <p>Read in order: 1 the sequence's release/acquire pair, 2-4 the SPSC queue (publication, FIFO
 * with no loss, full), 5-6 the MPSC queue (two producers: no loss, no duplicate, FIFO per producer;
 * full), 7-8 the ring buffer (single- and multi-producer publication).
 *
 * <p>Every test has at most two actors (plus an arbiter): jcstress silently skips tests with more
 * actors than the machine has CPUs, and CI has two. A consumer that also produces (test 5) or a
 * producer that then looks (test 8) keeps a third party in the test without a third thread.
 *
 * <p>Run: {@code ./mvnw -pl core,stress -am verify -Djcstress.mode=quick} (CI), or {@code java
 * -jar stress/target/jcstress.jar -m quick -t SpscQueue} for one test.
 */
package mechsym.stress.concurrent;
