package example;

import java.util.concurrent.atomic.AtomicLong;
import mechsym.core.concurrent.BatchEventProcessor;
import mechsym.core.concurrent.BlockingWaitStrategy;
import mechsym.core.concurrent.RingBuffer;

/** One producer, one consumer thread, through a ring buffer of pre-allocated events. */
final class ConcurrentExample {
    static final class Event {
        long value;
    }

    static long sumThroughRing(int events) throws InterruptedException {
        RingBuffer<Event> ring = RingBuffer.createSingleProducer(Event::new, 1024, new BlockingWaitStrategy());
        AtomicLong sum = new AtomicLong();
        BatchEventProcessor<Event> consumer =
                new BatchEventProcessor<>(ring, (event, sequence, endOfBatch) -> sum.addAndGet(event.value));
        ring.addGatingSequences(consumer.getSequence()); // before the consumer starts
        Thread thread = Thread.ofPlatform().name("consumer").start(consumer);
        for (int i = 1; i <= events; i++) {
            long sequence = ring.next(); // waits while the ring is full
            try {
                ring.get(sequence).value = i;
            } finally {
                ring.publish(sequence); // always publish a claimed sequence
            }
        }
        while (consumer.getSequence().getAcquire() < events - 1) {
            Thread.onSpinWait();
        }
        consumer.halt();
        thread.join();
        return sum.get();
    }
}
