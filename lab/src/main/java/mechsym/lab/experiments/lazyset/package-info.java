/** The lazyset experiment: a single writer's lazySet (setRelease) against volatile and plain stores. */
package mechsym.lab.experiments.lazyset;
