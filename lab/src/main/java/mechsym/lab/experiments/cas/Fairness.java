package mechsym.lab.experiments.cas;

/**
 * How evenly contending threads shared the increments of one run: the smallest and largest share,
 * and Jain's fairness index, (sum x)^2 / (n * sum x^2): 1 when every thread did the same work, 1/n
 * when one thread did it all. Under contention the post's figures measure this as much as the
 * instruction: a core that keeps the cache line keeps winning.
 *
 * @param minShare the smallest thread's fraction of all increments
 * @param maxShare the largest thread's fraction
 * @param jainIndex Jain's index, between 1/n and 1
 */
record Fairness(double minShare, double maxShare, double jainIndex) {

    /** The fairness of one run's per-thread increment counts; a run with no increments is perfectly fair. */
    static Fairness of(long[] perThread) {
        if (perThread.length == 0) {
            throw new IllegalArgumentException("no threads");
        }
        double sum = 0;
        double sumOfSquares = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long ops : perThread) {
            sum += ops;
            sumOfSquares += (double) ops * ops;
            min = Math.min(min, ops);
            max = Math.max(max, ops);
        }
        if (sum == 0) {
            double even = 1.0 / perThread.length;
            return new Fairness(even, even, 1);
        }
        return new Fairness(min / sum, max / sum, sum * sum / (perThread.length * sumOfSquares));
    }

    /** The slowest thread's increments over the fastest thread's: 1 when equal, 0 when one made none. */
    double slowestOverFastest() {
        return maxShare == 0 ? 1 : minShare / maxShare;
    }
}
