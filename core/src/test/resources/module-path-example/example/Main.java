package example;

/** Uses each package of mechsym core from a named module, as an embedder's program would. */
public final class Main {
    public static void main(String[] args) throws Exception {
        System.out.println("memory: " + MemoryExample.totalPrice());
        System.out.println("codec: " + CodecExample.roundTrip());
        System.out.println("concurrent: " + ConcurrentExample.sumThroughRing(100_000));
        System.out.println("module: " + mechsym.core.concurrent.RingBuffer.class.getModule().getName());
    }
}
