/** The herding experiment: the same ping-pong pinned, shared, unpinned and beside a noisy neighbour. */
package mechsym.lab.experiments.herding;
