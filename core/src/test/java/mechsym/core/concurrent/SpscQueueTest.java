package mechsym.core.concurrent;

class SpscQueueTest extends BoundedQueueContract {
    @Override
    BoundedQueue<Integer> newQueue(int requestedCapacity) {
        return new SpscQueue<>(requestedCapacity);
    }

    @Override
    BoundedQueue<Integer> newQueue(int requestedCapacity, double threshold, ThresholdListener listener) {
        return new SpscQueue<>(requestedCapacity, threshold, listener);
    }
}
