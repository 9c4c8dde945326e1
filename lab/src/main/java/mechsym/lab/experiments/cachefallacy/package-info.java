/** The cache-fallacy experiment: the store buffer's fence (volatile against release stores), false sharing and the store-buffering litmus test. */
package mechsym.lab.experiments.cachefallacy;
