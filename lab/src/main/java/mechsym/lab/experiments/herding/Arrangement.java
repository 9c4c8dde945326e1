package mechsym.lab.experiments.herding;

/** Where the ping-pong's two threads and the lab's noisy neighbours run in one case of the experiment. */
enum Arrangement {
    /** The ping-pong pinned to two cores, nothing else started. */
    TWO_CORES("two cores, pinned"),
    /** Both threads on one logical CPU: every hand-off waits for the scheduler. */
    ONE_CPU("one logical CPU, pinned"),
    UNPINNED("unpinned"),
    UNPINNED_NOISY("unpinned + noisy neighbour"),
    TWO_CORES_NOISY("two cores, pinned + noisy neighbour"),
    /** The post's recipe not applied: neighbours and the ping-pong wherever the scheduler puts them. */
    NOT_HERDED("not herded: neighbours and benchmark roam"),
    /** The post's recipe: every neighbour on one CPU, the ping-pong pinned to CPUs of the rest. */
    HERDED("herded: neighbours on one CPU, benchmark on the rest");

    final String label;

    Arrangement(String label) {
        this.label = label;
    }
}
