package mechsym.core.concurrent;

class MpscQueueTest extends BoundedQueueContract {
    @Override
    BoundedQueue<Integer> newQueue(int requestedCapacity) {
        return new MpscQueue<>(requestedCapacity);
    }

    @Override
    BoundedQueue<Integer> newQueue(int requestedCapacity, double threshold, ThresholdListener listener) {
        return new MpscQueue<>(requestedCapacity, threshold, listener);
    }
}
