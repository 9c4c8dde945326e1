/**
 * Litmus tests of the hardware's memory model that the lab runs (the cache-fallacy experiment):
 * the store-buffering test with and without a full fence, and {@link
 * mechsym.stress.litmus.LitmusCounts}, which prints a jcstress run's outcome counts for the lab.
 */
package mechsym.stress.litmus;
