/** The offheap-structures experiment: a trade table as Java objects against off-heap structures over Unsafe and FFM. */
package mechsym.lab.experiments.offheap;
